const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one: one per locale, zone and style serves every line. */
function formatter(locale: string, timeZone: string | null | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let found = dateFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    dateFormatters.set(key, found);
  }
  return found;
}

const EVENT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * An event's date and time in the shop's time zone (where the event happens), named so a visitor abroad is not
 * misled, e.g. "Fri 15 Jan 2027, 19:00 GMT". Without a known zone, the device's own is used and named.
 */
export function formatEventTime(at: string | number, locale: string, timeZone: string | null): string {
  return formatter(locale, timeZone, { ...EVENT, timeZoneName: 'short' }).format(new Date(at));
}

const MOMENT = {
  'date-time': { dateStyle: 'medium', timeStyle: 'medium' },
  // A document's date of issue: the day, in words ("7 December 2026").
  date: { dateStyle: 'long' },
  // A deadline told to a buyer, who may be abroad: to the minute, its zone named ("4 Dec 2026, 12:00 GMT").
  deadline: { ...EVENT, weekday: undefined, timeZoneName: 'short' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A moment to the second as the shop writes it (its locale, its zone; the device's zone while it names none), as
 * staff read syncs and check-ins: "25 Nov 2026, 18:36:18", or the time alone.
 */
export function formatMoment(at: number, locale: string, timeZone: string | null, part: keyof typeof MOMENT): string {
  return formatter(locale, timeZone, MOMENT[part]).format(new Date(at));
}

const listFormatters = new Map<string, Intl.ListFormat>();

/**
 * Names joined as `locale` joins them: "A, B and C" (`conjunction`), "A, B, C" (`unit`); one formatter per locale
 * and type, as for dates, since a list is often formatted once per row.
 */
export function formatList(
  items: readonly string[],
  locale: string,
  type: Intl.ListFormatType = 'conjunction',
): string {
  const key = `${locale}|${type}`;
  let found = listFormatters.get(key);
  if (!found) {
    found = new Intl.ListFormat(locale, { type });
    listFormatters.set(key, found);
  }
  return found.format(items);
}

/** A number formatter for `options` per locale, each built once: building one costs far more than using it. */
function numberFormat(options: Intl.NumberFormatOptions): (locale: string) => Intl.NumberFormat {
  const built = new Map<string, Intl.NumberFormat>();
  return (locale) => {
    let found = built.get(locale);
    if (!found) {
      found = new Intl.NumberFormat(locale, options);
      built.set(locale, found);
    }
    return found;
  };
}

const fieldFormat = numberFormat({ useGrouping: false, maximumFractionDigits: 2 });

/**
 * A number as a form field shows it for editing: the locale's decimal mark ("12.5" in English, "12,5" in German), at
 * most two decimals, no grouping, so that what is shown reads back as typed. A price, a tax rate's percentage.
 */
export function fieldDecimal(value: number, locale: string): string {
  return fieldFormat(locale).format(value);
}

const percentFormat = numberFormat({ style: 'percent', maximumFractionDigits: 2 });

/** A rate in basis points as the locale writes a percentage: "20%", "5.5%" in English, "20 %", "5,5 %" in German. */
export function formatPercent(basisPoints: number, locale: string): string {
  return percentFormat(locale).format(basisPoints / 10_000);
}
