/**
 * The span of moments the shop can mean (launches, events, orders). A number outside it is not a date in
 * milliseconds at all but a mistake: seconds, microseconds or nanoseconds, or garbage. Reading it as "no date"
 * keeps one bad field from becoming a wrong date, a thrown RangeError or a shop that opens by itself.
 * See docs/hostile-data.md.
 */
const EARLIEST_DATE_MS = Date.UTC(2000, 0, 1);
const LATEST_DATE_MS = Date.UTC(2101, 0, 1);

/** Longer than any ISO 8601 date-time: Date.parse is never handed a long text. */
const MAX_DATE_TEXT = 40;

/** Epoch milliseconds of a plausible date given as epoch milliseconds or an ISO 8601 text; null otherwise. */
export function plausibleTime(value: unknown): number | null {
  let time: number;
  if (typeof value === 'number') time = value;
  else if (typeof value === 'string' && value.length <= MAX_DATE_TEXT && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    time = Date.parse(value);
  } else return null;
  return time >= EARLIEST_DATE_MS && time < LATEST_DATE_MS ? time : null;
}

/** A date field as an ISO date-time: null when empty or absent, undefined when present but unusable. */
export function normaliseDate(value: unknown): string | null | undefined {
  if (value == null || value === '') return null;
  const time = plausibleTime(value);
  return time === null ? undefined : new Date(time).toISOString();
}
