import { plausibleTime } from '../../../state/dates';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time as a `datetime-local` input value ("2027-03-01T18:00") in this device's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value (this device's time zone) as an ISO date-time in UTC; null when empty, unusable or
 * outside the years every client reads as a date (see docs/hostile-data.md).
 */
export function fromLocalInput(value: string): string | null {
  // Without a zone, the date-time form is read as local time (ECMAScript Date Time String Format).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const time = new Date(value).getTime();
  return plausibleTime(time) === null ? null : new Date(time).toISOString();
}
