/**
 * A line of a bank statement as the readers give it (bankStatement.ts for CSV, statementMt940.ts): money in, its
 * words and the order references in them, and the keys that find it again in another import of the same statement
 * (docs/payments.md#bank-statements).
 */
import { readCrockford } from '../../../lib/crockford';

export interface StatementLine {
  /** Where it stands in the file (1-based), for people. */
  at: number;
  /** The booking date as the bank wrote it, ISO 8601 (YYYY-MM-DD) when it could be read, else as written. */
  date: string;
  /** Money in: positive minor units. (Lines of money out are left out: they pay no order.) */
  amountMinor: number;
  /** The words the payer or the bank gave: reference, name, description. */
  text: string;
  /**
   * What in the text could be an order reference, in its stored form, first first: every word or pair of words that
   * reads as eight characters of the alphabet ("PAYMENTS" too). Only those that are references of orders count when
   * the line is matched; 2^40 references make a chance match of anything else negligible.
   */
  references: string[];
  /**
   * The same line in any import of the same statement, whatever this reader makes of it: the line as the bank wrote
   * it (a CSV row's cells, an MT940 booking's fields, spaces evened out) and how many identical lines came before it
   * in the file. So a statement imported twice is applied once, also after the reader has learnt to read it better
   * (docs/payments.md#bank-statements).
   */
  key: string;
  /**
   * The key lines had before `key` (its reading: date, amount and words), by which statements imported before were
   * applied: an import skips a line applied under either.
   */
  readingKey: string;
}

export interface ReadStatement {
  format: 'csv' | 'mt940';
  encoding: string;
  lines: StatementLine[];
  /** Lines that could not be read, with why; money out is not listed. */
  skipped: { at: number; why: SkipReason }[];
}

/** Why a line was left out: an amount that cannot be read, or a booking that cannot be. */
export type SkipReason = 'amount' | 'booking';

/** Pieces of a reference split by a line wrap, an MT940 subfield or a stray space joined again, at most this many. */
const MOST_PIECES = 3;

/**
 * What in a payer's words could be an order reference: eight characters of the reference alphabet, in one piece or
 * two groups of four, in any case, with the characters people confuse (O for 0, I and L for 1) read as the
 * reference's; or split anywhere into up to three pieces (a bank's 65-character line wrap or a `?2x` subfield cut
 * "K7M4QXPR" into "K7M 4-QXPR") when they hold a digit, so that ordinary words run together are not read. Candidates:
 * which are orders' references is for the matching to say.
 */
export function referencesIn(text: string): string[] {
  const found: string[] = [];
  const words = text
    .toUpperCase()
    .split(/[^0-9A-Z]+/)
    .filter(Boolean);
  const take = (candidate: string) => {
    const ref = candidate.length === 8 ? readCrockford(candidate, 8, 8) : null;
    if (ref && !found.includes(ref)) found.push(ref);
  };
  words.forEach((word, i) => {
    take(word);
    if (word.length === 4 && i + 1 < words.length) take(word + words[i + 1]);
    let joined = word;
    for (let next = i + 1; next < words.length && next < i + MOST_PIECES && joined.length < 8; next++) {
      joined += words[next];
      if (/\d/.test(joined)) take(joined);
    }
  });
  return found;
}

/** A line as read, and as the bank wrote it (`raw`: what its key is made of). */
export type UnkeyedLine = Omit<StatementLine, 'key' | 'readingKey'> & { raw: string };

/** `base` followed by how many lines before had the same base: two identical lines are two payments. */
function counted(): (base: string) => string {
  const seen = new Map<string, number>();
  return (base) => {
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}|${n}`;
  };
}

/** Gives each line the keys that find it again in another import of the same statement. */
export function keyed(lines: UnkeyedLine[]): StatementLine[] {
  const byRaw = counted();
  const byReading = counted();
  return lines.map(({ raw, ...line }) => ({
    ...line,
    key: byRaw(`bank|${raw.replace(/\s+/g, ' ').trim()}`),
    readingKey: byReading(`${line.date}|${line.amountMinor}|${line.text.replace(/\s+/g, ' ').trim()}`),
  }));
}
