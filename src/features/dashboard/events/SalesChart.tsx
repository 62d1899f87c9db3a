import { useLingui } from '@lingui/react/macro';
import { LineChart } from '@mui/x-charts/LineChart';
import type { SalesDay } from './eventNumbers';

/**
 * Tickets sold over time, as a running total per day of the shop's time zone, drawn as steps: the total holds
 * until the next day with sales, so 33 tickets sold today rise today, not along a ramp from the first sale. Every
 * tick has its date (slanted, so they fit a phone). MUI X Charts draws it in the shop's theme; it is a chunk of
 * its own, loaded only when the Events tab shows a chart (docs/performance.md#the-organisers-desk). An event sold by
 * type has a line per type under the total.
 */
export default function SalesChart({
  days,
  types,
  label,
  locale,
}: {
  days: readonly SalesDay[];
  /** For an event sold by type, a line per type beside the total (SalesDay.byType), by product id and name. */
  types: readonly { id: string; name: string }[];
  label: string;
  /** The reader's language: days are written as the rest of the desk writes them. */
  locale: string;
}) {
  const { t } = useLingui();
  return (
    <LineChart
      height={300}
      xAxis={[
        {
          data: days.map((day) => new Date(day.day)),
          // Each day is midnight UTC of its date in the shop's zone (eventNumbers.ts): drawn and written in UTC.
          scaleType: 'utc',
          tickNumber: 5,
          tickLabelInterval: () => true,
          tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 12 },
          height: 70,
          valueFormatter: (value: Date) =>
            value.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
        },
      ]}
      series={[
        {
          data: days.map((day) => day.total),
          label: t`Tickets sold`,
          area: true,
          curve: 'stepAfter',
          showMark: days.length === 1,
        },
        ...types.map((type) => ({
          data: days.map((day) => day.byType?.[type.id] ?? 0),
          label: type.name,
          curve: 'stepAfter' as const,
          showMark: days.length === 1,
        })),
      ]}
      yAxis={[{ min: 0 }]}
      aria-label={label}
    />
  );
}
