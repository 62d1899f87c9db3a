import { plausibleTime } from '../../state/dates';

const pad = (value: number) => String(value).padStart(2, '0');

/** The zone a launch is entered in: the shop's, or this device's while the shop names none. */
export function inputZone(timeZone: string | null): string {
  return timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock in `timeZone` is ahead of UTC at `time`, in milliseconds. */
function zoneOffset(time: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(new Date(time)).map(({ type, value }) => [type, value]));
  const wall = Date.UTC(+part.year!, +part.month! - 1, +part.day!, +part.hour!, +part.minute!, +part.second!);
  return wall - (time - (((time % 1000) + 1000) % 1000));
}

/** An ISO date-time as a `datetime-local` input value ("2027-03-01T18:00") on the wall clock of `timeZone`. */
export function toLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const wall = new Date(time + zoneOffset(time, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * A `datetime-local` value, read on the wall clock of `timeZone`, as an ISO date-time in UTC; null when empty,
 * unusable or outside the years every client reads as a date (see docs/hostile-data.md).
 */
export function fromLocalInput(value: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  // With a Z the form is read as UTC; the zone's offset at that moment, checked once more at the result, turns
  // the wall-clock time into the moment (twice, so a change of offset between the two is followed).
  const wall = Date.parse(`${value}Z`);
  if (Number.isNaN(wall)) return null;
  const guess = wall - zoneOffset(wall, timeZone);
  const time = wall - zoneOffset(guess, timeZone);
  return plausibleTime(time) === null ? null : new Date(time).toISOString();
}

/**
 * A `datetime-local` value as the reader reads a date ("Friday, 5 March 2027 at 10:00"), on the wall clock of
 * `timeZone`; null when it is no date. A date input draws its value in the browser's own format, whatever the
 * language chosen in the shop (docs/languages.md#money-dates-and-numbers): the field's hint says it in theirs.
 */
export function enteredTime(value: string, timeZone: string, locale: string): string | null {
  const iso = fromLocalInput(value, timeZone);
  if (iso === null) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * A date field's value (yyyy-mm-dd, a day of the shop's time zone, as every date of the desk is) as epoch ms at
 * the start of that day, or of the day after (`after`: an "until" date includes its whole day, 23 or 25 hours long
 * when the clocks change); null when empty.
 */
export function dayStart(value: string, zone: string, after = 0): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + after)).toISOString().slice(0, 10);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a datetime-local value, not words
  const start = fromLocalInput(`${date}T00:00`, zone);
  return start === null ? null : Date.parse(start);
}
