/**
 * Booking dates as banks write them in a statement's CSV (docs/payments.md#bank-statements): ISO, numbers with
 * the day or the month first and a year of two or four digits, or a month's name. Whether the day or the month
 * comes first is decided from the whole column, and asked when the column cannot tell: "03/04/2026" is the 3rd of
 * April to a British bank and the 4th of March to an American one.
 */

export type DateOrder = 'day-first' | 'month-first';
/** What a column's dates say of their order: one of the two, either (no date where it matters), or both (unclear). */
export type DateOrderEvidence = DateOrder | 'either' | 'unclear';

/** Months by the first three letters of their English, German or Dutch names. */
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  mär: 3,
  mrz: 3,
  maa: 3,
  apr: 4,
  may: 5,
  mai: 5,
  mei: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
  dez: 12,
};

/** A year of two digits is of this century: bank exports are of recent bookings. */
const fullYear = (year: string): number => (year.length === 2 ? 2000 + Number(year) : Number(year));

/**
 * Two numbers and a year, "26.11.25" or "11/26/2026" (a time after it allowed); which is the day is not said, but
 * one written with dots has the day first (as German, Dutch and the other banks that write dots do).
 */
function numbers(text: string): { a: number; b: number; year: number; dotted: boolean } | null {
  const found = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?=$|[\sT,])/.exec(text.trim());
  return found
    ? { a: Number(found[1]), b: Number(found[3]), year: fullYear(found[4]!), dotted: found[2] === '.' }
    : null;
}

/**
 * The order of a column's dates: the day first when some date's first number can only be a day (over 12) or the
 * dates are written with dots, the month first when some date's second can only be, `unclear` when both happen or when dates like "03/04/2026" are
 * all there is, `either` when no date depends on it (ISO dates, month names, "05/05/2026").
 */
export function dateOrderOf(cells: readonly string[]): DateOrderEvidence {
  let dayFirst = false;
  let monthFirst = false;
  let depends = false;
  for (const cell of cells) {
    const date = numbers(cell);
    if (!date) continue;
    if ((date.a > 12 || date.dotted) && date.b <= 12) dayFirst = true;
    else if (date.b > 12 && date.a <= 12) monthFirst = true;
    else if (date.a !== date.b) depends = true;
  }
  if (dayFirst && monthFirst) return 'unclear';
  if (dayFirst) return 'day-first';
  if (monthFirst) return 'month-first';
  return depends ? 'unclear' : 'either';
}

const iso = (year: number, month: number, day: number): string | null =>
  month >= 1 && month <= 12 && day >= 1 && day <= 31
    ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    : null;

/**
 * 2026-11-26 from "26.11.2026", "26/11/26", "11/26/2026" (month first), "2026-11-26 12:34:56 +0000", "20261126",
 * "26 Nov 2026", "26-Nov-26", "Nov 26, 2026"; as written (at most 40 characters) when it is none of these.
 */
export function isoDate(raw: string, order: DateOrder): string {
  const text = raw.trim();
  const written = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (written) return `${written[1]}-${written[2]}-${written[3]}`;
  // ISO 8601's basic form, as ING in the Netherlands writes it: the year first, so never in doubt.
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return iso(Number(compact[1]), Number(compact[2]), Number(compact[3])) ?? text.slice(0, 40);
  const date = numbers(text);
  if (date) {
    const [day, month] = order === 'day-first' ? [date.a, date.b] : [date.b, date.a];
    return iso(date.year, month, day) ?? text.slice(0, 40);
  }
  const named = /^(\d{1,2})[\s.-]+([A-Za-zäÄ]{3,})\.?[\s.-]+(\d{4}|\d{2})$/.exec(text);
  const monthFirst = /^([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  const [day, name, year] = named
    ? [named[1]!, named[2]!, named[3]!]
    : monthFirst
      ? [monthFirst[2]!, monthFirst[1]!, monthFirst[3]!]
      : [];
  const month = name ? MONTHS[name.slice(0, 3).toLowerCase()] : undefined;
  return (month && iso(fullYear(year!), month, Number(day))) || text.slice(0, 40);
}
