/**
 * CSV for spreadsheets (RFC 4180): fields separated by commas, records by CRLF, a field quoted when it holds a
 * comma, a quote or a line break, its quotes doubled. UTF-8 with a byte order mark, so that spreadsheet programs
 * read accented names right. A cell that a spreadsheet would take for a formula (it begins with = + - @, a tab or
 * a carriage return, also after spaces) gets a leading apostrophe, so that a buyer's name cannot run a formula on
 * the organiser's computer (docs/security.md#exports). A plain number written as text ("-12.50", a credit note's
 * amount) is no formula and stays a number.
 */
import { saveFile } from './saveFile';

const BOM = '\uFEFF';
const FORMULA = /^[\s]*[=+\-@]|^[\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field, made safe and quoted as needed. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header row and the records, with the BOM in front. */
export function toCsv(header: readonly string[], records: readonly (readonly (string | number)[])[]): string {
  return BOM + [header, ...records].map((record) => record.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Hands `text` to the browser as the CSV file `name` to save. */
export function downloadCsv(name: string, text: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}
