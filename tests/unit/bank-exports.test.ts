/**
 * The statement reader against real exports (tests/fixtures/bank-exports/: files from public repositories, with their
 * licences, read by eye into `expected` without our code). Every money-in line of an export a bank's customer would
 * import must read right, in order: its date, its amount in minor units, its words. Whatever an export, no amount is
 * ever read at 10 or 100 times what the bank wrote.
 *
 * On 5 December, before the reader was taught them, 16 of the 39 importable exports were read wrong or refused (lines
 * above the header, column names, two-digit years, month-first dates, a reversed debit) and bunq's at 100 times its
 * amounts (docs/payments.md#bank-statements).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../src/features/payments/model';

interface Credit {
  date: string;
  amountMinor: number;
  text: string;
}
interface Export {
  file: string;
  bank: string;
  country: string;
  format: 'csv' | 'mt940';
  expected: { credits: Credit[]; creditCount?: number; importable?: boolean };
}

const DIR = new URL('../fixtures/bank-exports/', import.meta.url);
const EXPORTS = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as Export[];

/** Words compared without the spaces a line wrap or a subfield puts into them. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/**
 * The export's lines as the desk reads them. When the reader asks what the file cannot tell (whether its dates have
 * the day or the month first), staff answer as the bank's customers would: the month first for an American bank.
 */
function reading(file: string, country: string) {
  const bytes = new Uint8Array(readFileSync(new URL(file, DIR)));
  let result = readStatement(bytes);
  if ('error' in result && result.mapping) {
    result = readStatement(bytes, { ...result.mapping, dateOrder: country === 'US' ? 'month-first' : 'day-first' });
  }
  return 'error' in result ? null : result.lines;
}

describe('real bank exports', () => {
  it('has at least 30 of them, German, British and American, CSV and MT940', () => {
    expect(EXPORTS.length).toBeGreaterThanOrEqual(30);
    expect(EXPORTS.filter((e) => e.format === 'mt940').length).toBeGreaterThanOrEqual(8);
    for (const country of ['de-', 'uk-', 'us-']) expect(EXPORTS.some((e) => e.file.startsWith(country))).toBe(true);
  });

  for (const entry of EXPORTS.filter((e) => e.expected.importable !== false)) {
    it(`reads every payment in of ${entry.file} (${entry.bank})`, () => {
      const lines = reading(entry.file, entry.country);
      expect(lines, 'read at all').not.toBeNull();
      const { credits, creditCount } = entry.expected;
      expect(lines!.length).toBe(creditCount ?? credits.length);
      credits.forEach((credit, i) => {
        const line = lines![i]!;
        expect({ date: line.date, amountMinor: line.amountMinor }, `line ${i + 1}`).toEqual({
          date: credit.date,
          amountMinor: credit.amountMinor,
        });
        expect(squeezed(line.text), `line ${i + 1}`).toContain(squeezed(credit.text));
      });
    });
  }

  for (const entry of EXPORTS) {
    it(`never reads ${entry.file} at 10 or 100 times an amount`, () => {
      const amounts = new Set(entry.expected.credits.map((credit) => credit.amountMinor));
      for (const line of reading(entry.file, entry.country) ?? []) {
        for (const factor of [10, 100]) {
          if (line.amountMinor % factor !== 0) continue;
          const fraction = line.amountMinor / factor;
          expect(amounts.has(fraction) && !amounts.has(line.amountMinor), `${line.amountMinor} at ${line.at}`).toBe(
            false,
          );
        }
      }
    });
  }
});
