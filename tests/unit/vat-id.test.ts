/**
 * The offline VAT number check (src/features/taxes/model/vatId.ts, docs/taxes.md#vat-numbers) against numbers
 * businesses published, as python-stdnum's authors gathered and mangled them (tests/fixtures/vat-ids/README.md),
 * and a few of our own for what those do not cover: the United Kingdom's, Greece's other prefix, the compact form.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVatId } from '../../src/features/taxes/model';

/** The doctest's number blocks, in order: valid, checksum, format, component, length. */
function blocks(): string[][] {
  const text = readFileSync('tests/fixtures/vat-ids/test_eu_vat.doctest', 'utf8');
  return [...text.matchAll(/>>> numbers = '''\n([\s\S]*?)\.\.\. '''/g)].map((match) =>
    match[1]!
      .split('\n')
      .map((line) => line.replace(/^\.\.\. ?/, ''))
      .filter((line) => line.trim() !== ''),
  );
}
const [valid = [], checksum = [], format = [], component = [], length = []] = blocks();

/** The countries whose check digits we recompute; the others are held to their form only. */
const CHECKED = [
  'AT',
  'BE',
  'DE',
  'DK',
  'EE',
  'EL',
  'FI',
  'FR',
  'HR',
  'HU',
  'IT',
  'LU',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];
const countryOf = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 2);

describe('VAT numbers businesses published', () => {
  it('are read from the fixture, every block of it', () => {
    expect(valid.length).toBeGreaterThan(500);
    expect([checksum, format, component, length].map((block) => block.length > 0)).toEqual([true, true, true, true]);
  });

  it('are all taken, with spaces, dots, hyphens and brackets as written', () => {
    expect(valid.filter((typed) => !checkVatId(typed).ok)).toEqual([]);
  });

  it('are refused with their check digits changed, in every country whose digits we recompute', () => {
    const ours = checksum.filter((typed) => CHECKED.includes(countryOf(typed)));
    expect(ours.length).toBeGreaterThan(20);
    expect(ours.filter((typed) => checkVatId(typed).ok)).toEqual([]);
  });

  it('are refused with a flaw of form, a part no country gives out, or the wrong length', () => {
    // Italy's office code (an unknown one, 998), Lithuania's check digit and Cyprus's and Czechia's inner rules are
    // not recomputed.
    const unchecked = ['IT 00687129980', 'LT 100001509922', 'CY-12259033P', 'CZ 95123891'];
    const wrong = [...format, ...component, ...length].filter((typed) => !unchecked.includes(typed));
    expect(wrong.filter((typed) => checkVatId(typed).ok)).toEqual([]);
  });
});

describe('a VAT number', () => {
  it.each([
    ['DE 136 308 783', 'DE136308783'],
    ['be 0428759497', 'BE0428759497'],
    ['BE 444.503.092', 'BE0444503092'],
    ['GR 094 012 834', 'EL094012834'],
    ['EL 94051189', 'EL094051189'],
    ['NL4495445B01', 'NL004495445B01'],
    ['GB 123 4567 89', 'GB123456789'],
    ['XI 123456789', 'XI123456789'],
    ['GB GD001', 'GBGD001'],
  ])('“%s” is %s', (typed, compact) => {
    expect(checkVatId(typed)).toMatchObject({ ok: true, compact });
  });

  it.each([
    ['', 'country'],
    ['123456789', 'country'],
    ['US 123456789', 'country'],
    ['DE 12345678', 'format'],
    ['DE 013630878', 'format'],
    ['GB 12345678', 'format'],
    ['DE 136308784', 'checksum'],
  ])('“%s” is refused for its %s', (typed, problem) => {
    expect(checkVatId(typed)).toEqual({ ok: false, problem });
  });
});
