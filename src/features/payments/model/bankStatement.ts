/**
 * A bank statement, as staff import it to find bank transfers (issue 31; docs/payments.md#bank-statements): read
 * from the file's bytes whatever its encoding, as a generic CSV with a column mapping or as SWIFT MT940 (the export
 * most banks offer), into credit lines in minor units, each with the order references its text names. Pure, so the
 * desk can show what an import would do and trusted code can do it, from the same reading.
 *
 * Hostile files are expected: nothing here evaluates a cell (a "formula" is text), sizes are bounded before work
 * is done, and a file that is not a statement is said to be one thing: not a statement.
 */
import type { MessageDescriptor } from '@lingui/core';
import { decimalMarkOf, parseAmount } from './statementAmounts';
import { dateOrderOf, isoDate, type DateOrder } from './statementDates';
import { keyed, referencesIn, type ReadStatement, type SkipReason, type UnkeyedLine } from './statementLine';
import { readMt940 } from './statementMt940';

export { parseAmount } from './statementAmounts';
export { referencesIn, type ReadStatement } from './statementLine';

/** Lines of a statement at most; a year of a busy shop's account is far fewer. */
const MAX_STATEMENT_LINES = 100_000;
/** Bytes at most (about 100 bytes a line). */
const MAX_STATEMENT_BYTES = 16 * 1024 * 1024;

/**
 * A statement, or why not, in words for staff; with the columns as far as they could be told (`mapping`) when staff
 * are asked the rest (a decimal mark, the order of a date), for the form that asks to start from.
 */
export type StatementResult = ReadStatement | { error: MessageDescriptor; mapping?: ColumnMapping };

/** Which CSV columns hold what (0-based); credit and debit in two columns, or one signed amount. */
export interface ColumnMapping {
  date: number;
  amount: number | { credit: number; debit: number };
  text: number[];
  /** "1.234,56" (comma) or "1,234.56" (point). */
  decimal: ',' | '.';
  /** "31/12/2026" (day first) or "12/31/2026" (month first); decided from the dates when not given. */
  dateOrder?: DateOrder;
  /** Whether the first row holds the column names. */
  header: boolean;
  /**
   * The column that says whether an unsigned amount came in or went out ("Af"/"Bij", "C"/"D", "Credit"/"Debit");
   * found from its cells when not given (directionColumn).
   */
  direction?: number;
}

// What staff read is said in their language (`i18n._`): descriptors, as everywhere trusted code shares.
const NOT_A_STATEMENT = /*i18n*/ {
  id: 'desk.statement.not-a-statement',
  message: 'This file is not a bank statement we can read: export it from your bank as CSV or MT940.',
};

/** The text of a file of any common encoding: UTF-8 (with or without a BOM), UTF-16 with a BOM, else Windows-1252. */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16BE' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    // Not UTF-8: the other export banks make is Windows-1252 (a superset of Latin-1 for the letters used).
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' };
  }
}

/** RFC 4180 rows, with the delimiter the first line uses most of `,`, `;` and tab. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce(
    (best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best),
    ',',
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length > MAX_STATEMENT_LINES + 1) break;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

/**
 * Column names of the main British, American, German and Dutch banks' exports (the real ones in
 * tests/fixtures/bank-exports/): the booking date (the first of several dates), the amount as one signed column or
 * as money in and money out, and the columns of words.
 */
const COLUMN_NAMES = {
  date: /^((booking|transaction|value|posting|posted|run) )?date( processed)?$|^buchung(stag|sdatum)?$|^datum$|^valuta(datum)?$|^wertstellung|^created$|^(transactie|boek)datum$/i,
  amount: /^amount|^betrag|^value$|^debit\/credit$|^bedrag/i,
  credit: /^(credit|paid in|money in|deposit|haben|eingang)/i,
  debit: /^(debit|paid out|money out|withdrawal|soll|ausgang)/i,
  text: /reference|description|details|narrative|memo|payee|payer|name|merchant|type|action|counter ?party|tegenrekeninghouder|verwendungszweck|vwz|buchungstext|beschreibung|empf|auftraggeber|beguenstigt|zahlungspflicht|naam|omschrijving|mededeling/i,
};

/** What the columns of a header mean, from their names; null when they do not name a date, an amount and words. */
function guessMapping(header: readonly string[]): ColumnMapping | null {
  const find = (pattern: RegExp) => header.findIndex((name) => pattern.test(name.trim()));
  const date = find(COLUMN_NAMES.date);
  // "Debit/credit" is a signed amount at one bank (Nationwide) and the direction of the amount beside it at another
  // (ING's English export): with another amount's column there, it is the direction.
  const amounts = header.flatMap((name, i) => (COLUMN_NAMES.amount.test(name.trim()) ? [i] : []));
  const amount = amounts.find((i) => !/debit|credit/i.test(header[i]!)) ?? amounts[0] ?? -1;
  const credit = find(COLUMN_NAMES.credit);
  const debit = find(COLUMN_NAMES.debit);
  const text = header
    .map((name, i) => (COLUMN_NAMES.text.test(name) ? i : -1))
    .filter((i) => i >= 0 && i !== date && i !== amount);
  if (date < 0 || text.length === 0 || (amount < 0 && (credit < 0 || debit < 0))) return null;
  // The decimal mark is the amounts' to say (decidedDecimal), not the header's language.
  return { date, amount: amount >= 0 ? amount : { credit, debit }, text, decimal: '.', header: true };
}

/** Rows a bank writes above its table at most (the account, its balance, a notice: ING writes 14). */
const MAX_ROWS_ABOVE = 30;

/**
 * Where the table starts: the first row whose cells name its columns, below whatever the bank wrote above it;
 * else the first of the widest rows there (for staff to name its columns). -1 for no row of two cells or more.
 */
function tableStart(rows: readonly string[][]): number {
  const top = rows.slice(0, MAX_ROWS_ABOVE);
  const named = top.findIndex((row) => guessMapping(row) !== null);
  if (named >= 0) return named;
  const widest = Math.max(...top.map((row) => row.length));
  return widest >= 2 ? top.findIndex((row) => row.length === widest) : -1;
}

/** The words banks write in a column that says which way an unsigned amount went. */
const MONEY_IN = new Set(['bij', 'c', 'cr', 'credit', 'h', 'haben']);
const MONEY_OUT = new Set(['af', 'd', 'dr', 'debit', 'debet', 's', 'soll']);
const directionOf = (cell: string): 'in' | 'out' | null => {
  const word = cell.trim().toLowerCase();
  return MONEY_IN.has(word) ? 'in' : MONEY_OUT.has(word) ? 'out' : null;
};

/**
 * The column that says whether each booking's amount came in or went out: one whose every booking holds one of those
 * words ("Af"/"Bij" at ING in the Netherlands, "C"/"D" at Knab). Without it, an unsigned amount that went out would
 * read as money in. Found from the cells, whatever the header calls it (or whether there is one).
 */
function directionColumn(bookings: readonly string[][], mapping: ColumnMapping): number | undefined {
  if (typeof mapping.amount !== 'number' || bookings.length === 0) return undefined;
  const width = Math.max(...bookings.map((row) => row.length));
  for (let column = 0; column < width; column++) {
    if (column === mapping.date || column === mapping.amount) continue;
    if (bookings.every((row) => directionOf(row[column] ?? '') !== null)) return column;
  }
  return undefined;
}

/** The column of a signed amount, or those of money in and money out. */
const columnsOfAmount = ({ amount }: ColumnMapping): number[] =>
  typeof amount === 'number' ? [amount] : [amount.credit, amount.debit];

/** The rows of the table's bookings: below its header, without the lines above it. */
const bookingRows = (rows: readonly string[][], start: number, mapping: ColumnMapping) =>
  rows.slice(start + (mapping.header ? 1 : 0));

/** An amount with the sign its direction gives it; as written where no column says. */
const signed = (amount: number | null, way: 'in' | 'out' | null): number | null =>
  amount === null || way === null ? amount : way === 'in' ? Math.abs(amount) : -Math.abs(amount);

function readCsvStatement(
  rows: readonly string[][],
  start: number,
  mapping: ColumnMapping,
): Omit<ReadStatement, 'encoding'> {
  const lines: UnkeyedLine[] = [];
  const skipped: { at: number; why: SkipReason }[] = [];
  const first = start + (mapping.header ? 1 : 0);
  const amountColumns = columnsOfAmount(mapping);
  bookingRows(rows, start, mapping).forEach((row, index) => {
    const at = first + index + 1;
    const cell = (i: number) => row[i] ?? '';
    // A title, a section ("Pending Transactions"), a row of empty cells, a note below the table ("Arranged
    // Overdraft Limit"): no amount in the amount's columns, no booking.
    if (amountColumns.every((i) => cell(i).trim() === '')) return;
    const way = mapping.direction === undefined ? null : directionOf(cell(mapping.direction));
    const amount =
      typeof mapping.amount === 'number'
        ? signed(parseAmount(cell(mapping.amount), mapping.decimal), way)
        : cell(mapping.amount.credit).trim()
          ? parseAmount(cell(mapping.amount.credit), mapping.decimal)
          : cell(mapping.amount.debit).trim()
            ? -Math.abs(parseAmount(cell(mapping.amount.debit), mapping.decimal) ?? NaN)
            : null;
    if (amount === null || Number.isNaN(amount)) return void skipped.push({ at, why: 'amount' });
    if (amount <= 0) return;
    const words = mapping.text.map(cell).join(' ').replace(/\s+/g, ' ').trim().slice(0, 500);
    lines.push({
      at,
      date: isoDate(cell(mapping.date), mapping.dateOrder ?? 'day-first'),
      amountMinor: amount,
      text: words,
      references: referencesIn(words),
      // Every cell, whichever the reading uses: the row as the bank wrote it.
      raw: `csv|${JSON.stringify(row.map((value) => value.trim()))}`,
    });
  });
  return { format: 'csv', lines: keyed(lines), skipped };
}

/** A file's text, or why it is not worth reading: too large, empty, binary, or too many lines for a CSV. */
function statementText(
  bytes: Uint8Array,
): { text: string; encoding: string; mt940: boolean } | { error: MessageDescriptor } {
  if (bytes.length > MAX_STATEMENT_BYTES)
    return {
      error: /*i18n*/ {
        id: 'desk.statement.too-large',
        message: 'This file is larger than 16 MB: export a shorter period.',
      },
    };
  const { text, encoding } = decodeStatement(bytes);
  if (text.trim() === '') return { error: /*i18n*/ { id: 'desk.statement.empty', message: 'This file is empty.' } };
  if (/\0/.test(text.slice(0, 4096))) return { error: NOT_A_STATEMENT };
  if (/(^|\n):20:/.test(text) && /(^|\n):61:/.test(text)) return { text, encoding, mt940: true };
  const rows = text.split(/\r?\n/, MAX_STATEMENT_LINES + 3);
  if (rows.length > MAX_STATEMENT_LINES + 1) {
    return {
      error: /*i18n*/ {
        id: 'desk.statement.too-long',
        message: 'This file has more than {max, number} lines: export a shorter period.',
        values: { max: MAX_STATEMENT_LINES },
      },
    };
  }
  return { text, encoding, mt940: false };
}

const DECIMAL_UNCLEAR = /*i18n*/ {
  id: 'desk.statement.decimal-unclear',
  message:
    'The amounts in this file could be read with a decimal point or with a decimal comma (such as “1,250”). Say which below.',
};

/**
 * The mapping with the decimal mark the amounts show (statementAmounts.ts). One staff chose is kept unless the
 * amounts contradict it; when the amounts cannot tell, staff are asked, never guessed for: a guess that is wrong
 * reads every amount at a hundred times, or a hundredth of, what came in.
 */
function decidedDecimal(
  /** The table's bookings. */
  rows: readonly string[][],
  mapping: ColumnMapping,
  chosen: boolean,
): ColumnMapping | { error: MessageDescriptor } {
  const columns = columnsOfAmount(mapping);
  const cells = rows.flatMap((row) => columns.map((column) => row[column] ?? ''));
  const evidence = decimalMarkOf(cells);
  if (evidence === ',' || evidence === '.') {
    if (!chosen) return { ...mapping, decimal: evidence };
    if (evidence === mapping.decimal) return mapping;
    return {
      error: /*i18n*/ {
        id: 'desk.statement.decimal-contradicted',
        message:
          'The amounts in this file are written with a decimal {mark, select, comma {comma} other {point}}: choose it below.',
        values: { mark: evidence === ',' ? 'comma' : 'point' },
      },
    };
  }
  return evidence === 'unclear' && !chosen ? { error: DECIMAL_UNCLEAR } : mapping;
}

const DATE_ORDER_UNCLEAR = /*i18n*/ {
  id: 'desk.statement.date-order-unclear',
  message: 'The dates in this file could have the day or the month first (such as “03/04/2026”). Say which below.',
};

/**
 * The mapping with the order of dates the column shows (statementDates.ts). One staff chose is kept unless the dates
 * contradict it; when they cannot tell, staff are asked: the 3rd of April is not the 4th of March.
 */
function decidedDates(
  /** The table's bookings. */
  rows: readonly string[][],
  mapping: ColumnMapping,
  chosen: boolean,
): ColumnMapping | { error: MessageDescriptor } {
  const evidence = dateOrderOf(rows.map((row) => row[mapping.date] ?? ''));
  if (evidence === 'day-first' || evidence === 'month-first') {
    if (!chosen || !mapping.dateOrder || mapping.dateOrder === evidence) return { ...mapping, dateOrder: evidence };
    return {
      error: /*i18n*/ {
        id: 'desk.statement.date-order-contradicted',
        message: 'The dates in this file have the {first, select, month {month} other {day}} first: choose it below.',
        values: { first: evidence === 'month-first' ? 'month' : 'day' },
      },
    };
  }
  return evidence === 'unclear' && !(chosen && mapping.dateOrder) ? { error: DATE_ORDER_UNCLEAR } : mapping;
}

/**
 * Reads a statement file: MT940 when it looks like one, else CSV with `mapping` (or the one its header suggests).
 * An error, in words for staff, when it is too large, empty, or not a statement.
 */
export function readStatement(bytes: Uint8Array, mapping?: ColumnMapping): StatementResult {
  const file = statementText(bytes);
  if ('error' in file) return file;
  const { text, encoding } = file;
  if (file.mt940) return { ...readMt940(text), encoding };
  const rows = parseCsv(text);
  const start = tableStart(rows);
  const guessed = mapping ?? (start >= 0 ? guessMapping(rows[start]!) : null);
  if (!guessed) return { error: NOT_A_STATEMENT };
  const bookings = bookingRows(rows, start, guessed);
  const chosen = mapping !== undefined;
  const withDecimal = decidedDecimal(bookings, guessed, chosen);
  if ('error' in withDecimal) return { ...withDecimal, mapping: guessed };
  const dated = decidedDates(bookings, withDecimal, chosen);
  if ('error' in dated) return { ...dated, mapping: withDecimal };
  const used = { ...dated, direction: dated.direction ?? directionColumn(bookings, dated) };
  const read = readCsvStatement(rows, start, used);
  if (read.lines.length === 0 && read.skipped.length > 0) return { error: NOT_A_STATEMENT };
  return { ...read, encoding };
}

/**
 * The cells of a CSV file's table's first row (below what the bank wrote above it), for staff to say which column
 * holds what when the header names none the reading knows; null when the file is no CSV of at least two columns.
 */
export function statementColumns(bytes: Uint8Array): string[] | null {
  const file = statementText(bytes);
  if ('error' in file || file.mt940) return null;
  const rows = parseCsv(file.text.split(/\r?\n/, MAX_ROWS_ABOVE).join('\n'));
  const start = tableStart(rows);
  return start >= 0 ? rows[start]! : null;
}
