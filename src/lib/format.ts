const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** An event's date and time in the visitor's own time zone, e.g. "Fri 15 Jan 2027, 19:00". */
export function formatEventDate(iso: string, locale: string): string {
  let formatter = dateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateFormatters.set(locale, formatter);
  }
  return formatter.format(new Date(iso));
}
