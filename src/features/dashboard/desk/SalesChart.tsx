import { LineChart } from '@mui/x-charts/LineChart';
import type { SalesDay } from './eventNumbers';

/**
 * Tickets sold over time, as a running total per day. MUI X Charts draws it in the shop's theme; it is a chunk of
 * its own, loaded only when the Events tab shows a chart (docs/performance.md#the-organisers-desk).
 */
export default function SalesChart({
  days,
  label,
  locale,
}: {
  days: readonly SalesDay[];
  label: string;
  /** The shop's locale: days are written as the rest of the shop writes them. */
  locale: string;
}) {
  return (
    <LineChart
      height={260}
      xAxis={[
        {
          data: days.map((day) => new Date(day.day)),
          scaleType: 'time',
          valueFormatter: (value: Date) =>
            value.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
        },
      ]}
      series={[{ data: days.map((day) => day.total), label: 'Tickets sold', area: true, showMark: false }]}
      yAxis={[{ min: 0 }]}
      aria-label={label}
    />
  );
}
