const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** An event's day and time as the shop shows it, optionally in a given time zone and with the zone named. */
function eventFormatter(locale: string, timeZone?: string | null, nameTheZone = false): Intl.DateTimeFormat {
  // Building an Intl formatter costs far more than using one: one per locale and zone serves every card.
  const key = `${locale}|${timeZone ?? ''}|${nameTheZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(nameTheZone ? { timeZoneName: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** An event's date and time in the visitor's own time zone, e.g. "Fri 15 Jan 2027, 19:00". */
export function formatEventDate(iso: string, locale: string): string {
  return eventFormatter(locale).format(new Date(iso));
}

/**
 * An event's date and time in the shop's time zone (where the event happens), named so a visitor abroad is not
 * misled, e.g. "Fri 15 Jan 2027, 19:00 GMT". Without a known zone, the device's own is used and named.
 */
export function formatEventTime(iso: string, locale: string, timeZone: string | null): string {
  return eventFormatter(locale, timeZone, true).format(new Date(iso));
}
