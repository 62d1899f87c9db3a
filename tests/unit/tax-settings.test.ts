/**
 * The shop's tax settings as read (docs/taxes.md#settings): what each rate needs to be applied, what a damaged node
 * comes to, and the rate a product is taxed at.
 */
import { describe, expect, it } from 'vitest';
import { appliedRate, parseTaxRate, parseTaxSettings } from '../../src/features/taxes/model';

const UK = {
  on: true,
  pricesIncludeTax: true,
  country: 'GB',
  defaultRate: 'standard',
  rates: {
    standard: { name: 'Standard', kind: 'standard', basisPoints: 2000 },
    reduced: { name: 'Reduced', kind: 'reduced', basisPoints: 500 },
    zero: { name: 'Zero', kind: 'zero', basisPoints: 0 },
    outside: { name: 'Outside the scope', kind: 'outside', basisPoints: 0, reason: 'Gift cards are taxed as spent' },
  },
};

describe('a stored rate', () => {
  it('is applied as stored when its size fits its kind, and an exempt or out-of-scope one gives its reason', () => {
    expect(parseTaxRate('standard', UK.rates.standard)).toEqual({
      id: 'standard',
      name: 'Standard',
      kind: 'standard',
      basisPoints: 2000,
      reason: '',
    });
    expect(parseTaxRate('outside', UK.rates.outside)?.reason).toBe('Gift cards are taxed as spent');
    expect(parseTaxRate('exempt', { name: 'Exempt', kind: 'exempt', basisPoints: 0, reason: 'Education' })?.kind).toBe(
      'exempt',
    );
  });

  it.each([
    ['a standard rate of nothing', 'standard', { name: 'S', kind: 'standard', basisPoints: 0 }],
    ['a rate over 100 %', 'standard', { name: 'S', kind: 'standard', basisPoints: 10_001 }],
    ['part of a basis point', 'standard', { name: 'S', kind: 'standard', basisPoints: 19.5 }],
    ['a size as text', 'standard', { name: 'S', kind: 'standard', basisPoints: '2000' }],
    ['a zero rate above nothing', 'zero', { name: 'Z', kind: 'zero', basisPoints: 100 }],
    ['an exempt rate without its reason', 'exempt', { name: 'E', kind: 'exempt', basisPoints: 0, reason: '  ' }],
    ['a kind nobody knows', 'odd', { name: 'O', kind: 'luxury', basisPoints: 2500 }],
    ['no name', 'standard', { name: '', kind: 'standard', basisPoints: 2000 }],
    ['an id that is no id', 'Standard Rate', { name: 'S', kind: 'standard', basisPoints: 2000 }],
    ['no record', 'standard', 'twenty'],
  ])('is not applied with %s', (_, id, raw) => {
    expect(parseTaxRate(id, raw)).toBeNull();
  });
});

describe('the settings', () => {
  it('of a UK shop: on, prices with tax, its rates in the order of their ids, the default', () => {
    const settings = parseTaxSettings(UK);
    expect(settings).toMatchObject({ on: true, usable: true, pricesIncludeTax: true, country: 'GB' });
    expect(settings.rates.map((rate) => rate.id)).toEqual(['outside', 'reduced', 'standard', 'zero']);
    expect(settings.defaultRate).toBe('standard');
  });

  it('that are missing or damaged charge no tax, and say so when they were meant to', () => {
    expect(parseTaxSettings(undefined)).toMatchObject({ on: false, usable: true, rates: [], defaultRate: null });
    expect(parseTaxSettings('on')).toMatchObject({ on: false, usable: true });
    const broken = parseTaxSettings({ ...UK, rates: { standard: { name: 'S', kind: 'standard', basisPoints: -5 } } });
    expect(broken).toMatchObject({ on: false, usable: false, rates: [], defaultRate: null });
    expect(parseTaxSettings({ ...UK, country: 'Great Britain', defaultRate: 'gone' })).toMatchObject({
      country: '',
      defaultRate: null,
    });
  });
});

describe('the rate a product is taxed at', () => {
  const settings = parseTaxSettings(UK);

  it('is the one it names, else the default, fixed as id and size', () => {
    expect(appliedRate(settings, 'zero')).toEqual({ id: 'zero', basisPoints: 0 });
    expect(appliedRate(settings, undefined)).toEqual({ id: 'standard', basisPoints: 2000 });
    expect(appliedRate(settings, 'removed-since')).toEqual({ id: 'standard', basisPoints: 2000 });
  });

  it('is none in a shop that charges no tax, or names a rate gone without a default', () => {
    expect(appliedRate(parseTaxSettings({ ...UK, on: false }), 'standard')).toBeNull();
    expect(appliedRate(parseTaxSettings({ ...UK, defaultRate: undefined }), 'gone')).toBeNull();
  });
});
