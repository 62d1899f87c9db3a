const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An event's date and time in the shop's time zone (where the event happens), named so a visitor abroad is not
 * misled, e.g. "Fri 15 Jan 2027, 19:00 GMT". Without a known zone, the device's own is used and named.
 */
export function formatEventTime(iso: string, locale: string, timeZone: string | null): string {
  const key = `${locale}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}
