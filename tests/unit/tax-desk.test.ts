/**
 * The desk's taxes (src/features/taxes/desk/): a rate's percentage read digit by digit, the forms' checks against
 * the rules' bounds, and the writes that save them, read back by the same reading trusted code uses; a product's
 * rate, from the editor to the stored product and back.
 */
import { describe, expect, it } from 'vitest';
import { parseProduct } from '../../src/features/catalogue';
import { EMPTY_PRODUCT, productFields, productRecord } from '../../src/features/dashboard/shop/productForm';
import { validateProduct } from '../../src/features/dashboard/shop/productValidation';
import { parseTaxRate, parseTaxSettings, type TaxRateSetting } from '../../src/features/taxes/model';
import { countryOptions } from '../../src/features/taxes/desk/countries';
import {
  basisPointsOf,
  EMPTY_TAX_RATE,
  percentText,
  taxRateFields,
  taxRateId,
  taxRateWrites,
  taxSettingsFields,
  taxSettingsWrites,
  validateTaxRate,
  validateTaxSettings,
  type TaxRateFields,
} from '../../src/features/taxes/desk/taxForm';

const STANDARD: TaxRateSetting = { id: 'standard', name: 'Standard', kind: 'standard', basisPoints: 2000, reason: '' };

/** A nested update of taxSettings as the stored node it leaves, starting from `stored`. */
function applied(stored: Record<string, unknown>, writes: Record<string, unknown>): Record<string, unknown> {
  const next = structuredClone(stored);
  for (const [path, value] of Object.entries(writes)) {
    const keys = path.split('/');
    let node = next;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    if (value === null) delete node[keys.at(-1)!];
    else node[keys.at(-1)!] = value;
  }
  return next;
}

describe('a rate’s percentage', () => {
  it.each([
    ['20', 2000],
    ['5.5', 550],
    ['5,5', 550],
    ['17.55', 1755],
    ['0.01', 1],
    [' 7 ', 700],
    ['100', 10_000],
    ['', NaN],
    ['5.555', NaN],
    ['1e2', NaN],
    ['-5', NaN],
    ['5 %', NaN],
    ['1,000', NaN],
  ])('“%s” is %s basis points', (typed, basisPoints) => {
    expect(basisPointsOf(typed)).toBe(basisPoints);
  });

  it('is shown as typed and read back whole, for sizes across the whole range', () => {
    for (const basisPoints of [1, 10_000, ...Array.from({ length: 1428 }, (_, i) => 7 * i + 3)]) {
      expect(basisPointsOf(percentText(basisPoints))).toBe(basisPoints);
    }
  });
});

describe('the rate form', () => {
  const rate = (fields: Partial<TaxRateFields>) => ({ ...EMPTY_TAX_RATE, ...fields });
  const none = new Set<string>();

  it('takes a standard rate and says nothing', () => {
    expect(validateTaxRate(rate({ name: 'Standard', percent: '20' }), null, none)).toEqual({});
  });

  it.each([
    [{ name: '', percent: '20' }, 'name', 'Please enter a name'],
    [{ name: '***', percent: '20' }, 'name', 'letters or digits'],
    [{ name: 'Standard', percent: '0' }, 'percent', 'above 0 and up to 100'],
    [{ name: 'Standard', percent: '100.01' }, 'percent', 'above 0 and up to 100'],
    [{ name: 'Standard', percent: '' }, 'percent', 'above 0 and up to 100'],
    [{ name: 'Exempt', kind: 'exempt' as const, reason: '  ' }, 'reason', 'say why'],
    [{ name: 'x'.repeat(61), percent: '20' }, 'name', '60 characters'],
  ])('%o is refused at %s', (fields, field, words) => {
    expect(validateTaxRate(rate(fields), null, none)[field as keyof TaxRateFields]).toContain(words);
  });

  it('asks no percentage of the kinds that are 0 %, and a reason only of those that need one', () => {
    expect(validateTaxRate(rate({ name: 'Books', kind: 'zero' }), null, none)).toEqual({});
    expect(validateTaxRate(rate({ name: 'Gift', kind: 'outside', reason: 'Taxed when spent' }), null, none)).toEqual(
      {},
    );
  });

  it('refuses a new rate whose id is taken, or a 21st; an edited rate keeps its id', () => {
    const taken = new Set(['standard']);
    expect(validateTaxRate(rate({ name: 'Standard!', percent: '20' }), null, taken).name).toContain('“standard”');
    expect(validateTaxRate(rate({ name: 'Standard', percent: '19' }), 'standard', taken)).toEqual({});
    const twenty = new Set(Array.from({ length: 20 }, (_, i) => `rate-${i}`));
    expect(validateTaxRate(rate({ name: 'One more', percent: '5' }), null, twenty).name).toContain('the most');
  });

  it('makes ids the rules take from names', () => {
    expect(taxRateId('Reduced (food)')).toBe('reduced-food');
    expect(taxRateId('Ermäßigt')).toBe('ermassigt');
    expect(taxRateId('x'.repeat(40))).toHaveLength(32);
    expect(taxRateId('a'.repeat(31) + ' b')).toBe('a'.repeat(31));
  });

  it('saves what the reading reads back as typed, starting settings switched off where there were none', () => {
    const first = applied({}, taxRateWrites('standard', rate({ name: ' Standard ', percent: '20' }), false));
    expect(first).toEqual({
      on: false,
      pricesIncludeTax: true,
      rates: { standard: { name: 'Standard', kind: 'standard', basisPoints: 2000 } },
    });
    const exempt = rate({ name: 'Courses', kind: 'exempt', percent: '20', reason: ' Exempt: education ' });
    const both = applied(first, taxRateWrites('courses', exempt, true));
    expect(both.on).toBe(false);
    const read = parseTaxSettings(both).rates;
    expect(read).toEqual([
      { id: 'courses', name: 'Courses', kind: 'exempt', basisPoints: 0, reason: 'Exempt: education' },
      { ...STANDARD },
    ]);
    expect(read.map(taxRateFields)).toEqual([
      { name: 'Courses', kind: 'exempt', percent: '', reason: 'Exempt: education' },
      { name: 'Standard', kind: 'standard', percent: '20', reason: '' },
    ]);
  });
});

describe('the settings form', () => {
  it('needs a default rate while tax is on, and says to add one when there is none', () => {
    const on = { on: true, pricesIncludeTax: true, country: 'GB', defaultRate: '', reverseCharge: false };
    expect(validateTaxSettings(on, [STANDARD]).defaultRate).toContain('Choose the rate');
    expect(validateTaxSettings(on, []).defaultRate).toContain('Add a rate');
    expect(validateTaxSettings({ ...on, defaultRate: 'gone' }, [STANDARD]).defaultRate).toContain('Choose the rate');
    expect(validateTaxSettings({ ...on, defaultRate: 'standard' }, [STANDARD])).toEqual({});
    expect(validateTaxSettings({ ...on, on: false }, [])).toEqual({});
  });

  it('saves UK VAT as the reading applies it, and a country left unchosen as none', () => {
    const stored = applied(
      {},
      taxRateWrites('standard', { ...EMPTY_TAX_RATE, name: 'Standard', percent: '20' }, false),
    );
    const fields = { on: true, pricesIncludeTax: false, country: 'GB', defaultRate: 'standard', reverseCharge: false };
    const settings = parseTaxSettings(applied(stored, taxSettingsWrites(fields)));
    expect(settings).toMatchObject({ on: true, pricesIncludeTax: false, country: 'GB', defaultRate: 'standard' });
    expect(taxSettingsFields(settings)).toEqual(fields);
    const cleared = applied(stored, taxSettingsWrites({ ...fields, on: false, country: '', defaultRate: '' }));
    expect(cleared).not.toHaveProperty('country');
    expect(cleared).not.toHaveProperty('defaultRate');
  });

  it('allows reverse charge for a shop in the EU only, and saves it as the reading applies it', () => {
    const fields = { on: true, pricesIncludeTax: false, country: 'DE', defaultRate: 'standard', reverseCharge: true };
    expect(validateTaxSettings(fields, [STANDARD])).toEqual({});
    for (const country of ['GB', 'CH', '']) {
      expect(validateTaxSettings({ ...fields, country }, [STANDARD]).country).toContain('European Union');
      expect(validateTaxSettings({ ...fields, country, reverseCharge: false }, [STANDARD])).toEqual({});
    }
    const stored = applied(
      {},
      taxRateWrites('standard', { ...EMPTY_TAX_RATE, name: 'Standard', percent: '19' }, false),
    );
    const settings = parseTaxSettings(applied(stored, taxSettingsWrites(fields)));
    expect(settings.reverseCharge).toBe(true);
    expect(taxSettingsFields(settings)).toEqual(fields);
    expect(
      parseTaxSettings(applied(stored, taxSettingsWrites({ ...fields, reverseCharge: false }))).reverseCharge,
    ).toBe(false);
  });

  it('keeps the reverse-charge rate’s id from the shop’s rates', () => {
    const named = { ...EMPTY_TAX_RATE, name: 'Reverse charge', kind: 'zero' as const };
    expect(validateTaxRate(named, null, new Set()).name).toContain('not a rate');
    expect(parseTaxRate('reverse-charge', { name: 'Reverse charge', kind: 'zero', basisPoints: 0 })).toBeNull();
  });

  it('names the countries in the reader’s language, sorted as it sorts them', () => {
    const english = countryOptions('en-GB');
    expect(english.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(countryOptions('de-DE').find((option) => option.value === 'DE')?.label).toBe('Deutschland');
    const labels = english.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });
});

describe('a product’s tax rate', () => {
  const context = {
    editing: null,
    products: new Map(),
    quotaIds: new Set<string>(),
    taxRateIds: new Set(['standard', 'zero']),
  };
  const fields = { ...EMPTY_PRODUCT, id: 'print', title: 'Print', price: '12', category: 'Goods' };

  it('is stored when chosen, left out for the default, and read back', () => {
    expect(productRecord({ ...fields, taxRate: 'zero' }, 'UTC').taxRate).toBe('zero');
    expect(productRecord(fields, 'UTC')).not.toHaveProperty('taxRate');
    const parsed = parseProduct('print', productRecord({ ...fields, taxRate: 'zero' }, 'UTC'));
    expect('product' in parsed && parsed.product.taxRate).toBe('zero');
    expect('product' in parsed && productFields(parsed.product, 'UTC').taxRate).toBe('zero');
  });

  it('is read as none when stored as something no rate is called', () => {
    for (const taxRate of ['Zero', 7, '', '-zero', 'x'.repeat(33)]) {
      const parsed = parseProduct('print', { ...productRecord(fields, 'UTC'), taxRate });
      expect('product' in parsed && parsed.product).not.toHaveProperty('taxRate');
    }
  });

  it('must be one of the shop’s rates, or the default', () => {
    expect(validateProduct({ ...fields, taxRate: 'zero' }, context, 'UTC').taxRate).toBeUndefined();
    expect(validateProduct(fields, context, 'UTC').taxRate).toBeUndefined();
    expect(validateProduct({ ...fields, taxRate: 'reduced' }, context, 'UTC').taxRate).toContain('no longer there');
  });
});
