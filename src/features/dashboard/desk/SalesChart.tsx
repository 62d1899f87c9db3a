import { LineChart } from '@mui/x-charts/LineChart';
import type { SalesDay } from './eventNumbers';

/**
 * Tickets sold over time, as a running total per day. MUI X Charts draws it in the shop's theme; it is a chunk of
 * its own, loaded only when the Events tab shows a chart (docs/performance.md#the-organisers-desk).
 */
export default function SalesChart({ days, label }: { days: readonly SalesDay[]; label: string }) {
  return (
    <LineChart
      height={260}
      xAxis={[
        {
          data: days.map((day) => new Date(day.day)),
          scaleType: 'time',
          valueFormatter: (value: Date) => value.toLocaleDateString(),
        },
      ]}
      series={[{ data: days.map((day) => day.total), label: 'Tickets sold', area: true, showMark: false }]}
      yAxis={[{ min: 0 }]}
      aria-label={label}
    />
  );
}
