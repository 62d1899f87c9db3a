/**
 * The statement reader against real exports (tests/fixtures/bank-exports/: files from public repositories, with their
 * licences, read by eye into `expected` without our code). Every money-in line of an export a bank's customer would
 * import must read right, in order: its date, its amount in minor units, its words. Whatever an export, no amount is
 * ever read at 10 or 100 times what the bank wrote.
 *
 * Exports the reader does not read right yet are listed in NOT_YET with what goes wrong (issue 49): their test is
 * expected to fail, and fails the suite once the reader gets them right, so the list only shrinks.
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

/** What goes wrong with each export the reader does not read right yet. */
const NOT_YET: Record<string, string> = {
  'de-sparkasse-storno-mt940.sta': 'a reversed debit (RD) is money in, and is left out',
  'uk-nationwide-statement.csv': 'lines above the header',
  'uk-nationwide-statement-interest.csv': 'lines above the header',
  'uk-nationwide-midata.csv': 'lines above the header, and "Debit/Credit" is not known as the amount',
  'uk-nationwide-midata-interest.csv': 'lines above the header, and "Debit/Credit" is not known as the amount',
  'us-fidelity-cma.csv': 'empty lines above the header; "Run Date" and "Amount ($)" not known',
};
/** Exports the reader reads at 10 or 100 times an amount (issue 49): the worst of NOT_YET. None now. */
const READ_TOO_LARGE = new Set<string>();

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
    const check = entry.file in NOT_YET ? it.fails : it;
    check(
      `reads every payment in of ${entry.file} (${entry.bank})${NOT_YET[entry.file] ? `: not yet, ${NOT_YET[entry.file]}` : ''}`,
      () => {
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
      },
    );
  }

  for (const entry of EXPORTS) {
    const check = READ_TOO_LARGE.has(entry.file) ? it.fails : it;
    check(`never reads ${entry.file} at 10 or 100 times an amount`, () => {
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
