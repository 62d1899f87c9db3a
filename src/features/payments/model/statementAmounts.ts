/**
 * Amounts as banks write them in a statement's CSV (docs/payments.md#bank-statements): in minor units, and with the
 * decimal mark the amounts themselves show, never the one the header's language suggests: "12,50" under an English
 * header is twelve pounds fifty, and reading it as 1,250 would invent money.
 */

/** Digits grouped in threes by a point or by a comma: "1.234.567", "1,234". */
const GROUPED = { '.': /^\d{1,3}(\.\d{3})+$/, ',': /^\d{1,3}(,\d{3})+$/ } as const;

/**
 * Minor units from an amount as banks write it: "1,234.56", "1.234,56", "-18.00", "(18.00)", "£18", "18.5 GBP".
 * Null when it is not an amount (or has more than two decimals).
 */
export function parseAmount(raw: string, decimal: ',' | '.'): number | null {
  let text = raw
    .trim()
    .replace(/^[A-Z]{3}\s*|\s*[A-Z]{3}$/g, '')
    .replace(/[\s£€$]/g, '');
  // A sign, brackets and the digits with their separators, nothing else: "=1+1" is not eleven.
  if (!/^[-+]?\(?[-+]?[\d.,]+\)?-?$/.test(text)) return null;
  const negative = /^\(.*\)$/.test(text) || /^-|-$/.test(text.replace(/[^\d,.()-]/g, ''));
  text = text.replace(/[^\d,.]/g, '');
  const thousands = decimal === '.' ? ',' : '.';
  const [grouped = '', fraction = '', extra] = text.split(decimal);
  // Grouping marks stand between groups of three digits: "12.50" read with a decimal comma is no amount, not 1250.
  if (grouped.includes(thousands) && !GROUPED[thousands].test(grouped)) return null;
  const whole = grouped.split(thousands).join('');
  if (
    extra !== undefined ||
    !/^\d+$/.test(whole || '0') ||
    !/^\d{0,2}$/.test(fraction) ||
    (whole === '' && fraction === '')
  ) {
    return null;
  }
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** What a column's amounts say of their decimal mark: one of the two, either (whole amounts), or both (unclear). */
export type DecimalEvidence = ',' | '.' | 'either' | 'unclear';

/**
 * The decimal mark one amount must have, or none it shows (no separator). An amount has at most two decimals
 * (parseAmount), so a separator with three digits after it groups thousands ("1,250" is 1250.00).
 */
function markOf(raw: string): ',' | '.' | 'none' {
  const text = raw.replace(/[^\d,.]/g, '');
  const last = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  if (last < 0) return 'none';
  const mark = text[last] as ',' | '.';
  const other = mark === ',' ? '.' : ',';
  // Both: the last is the decimal mark ("1.234,56"). One, more than once: grouping, so the mark is the other.
  if (text.includes(other)) return mark;
  if (text.indexOf(mark) !== last) return other;
  const decimals = text.length - last - 1;
  // One, two or no digits ("80," in some exports) after it: decimals. Three: grouping. More: not an amount.
  if (decimals <= 2) return mark;
  return decimals === 3 ? other : 'none';
}

/**
 * The decimal mark of a column of amounts, decided from all of them: a mark when some amount can only be read with
 * it and none contradicts it; `either` when every amount is whole; `unclear` when some say one and some the other,
 * which staff are asked about rather than guessed.
 */
export function decimalMarkOf(cells: readonly string[]): DecimalEvidence {
  const seen = new Set(cells.map(markOf));
  if (seen.has(',') && seen.has('.')) return 'unclear';
  if (seen.has(',')) return ',';
  return seen.has('.') ? '.' : 'either';
}
