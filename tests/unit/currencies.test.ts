/**
 * Minor units and what a card can be charged, as the card provider counts them (src/lib/currencies.ts,
 * docs/payments.md#currencies-and-minor-units): an amount due is sent to the provider as it is, so its decimals must
 * be the provider's, not Intl's.
 */
import { describe, expect, it } from 'vitest';
import { cardAmountProblem, cardAmountStep, cardMinimum, isCardCurrency, minorDigits } from '../../src/lib/currencies';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../src/lib/money';

describe('minor units', () => {
  it('are the provider’s: none for yen and won, three for dinars, two for the rest', () => {
    for (const currency of ['JPY', 'KRW', 'CLP', 'VND', 'XOF', 'jpy']) expect(minorDigits(currency)).toBe(0);
    for (const currency of ['BHD', 'JOD', 'KWD', 'OMR', 'TND']) expect(minorDigits(currency)).toBe(3);
    for (const currency of ['GBP', 'EUR', 'USD', 'CHF', 'eur']) expect(minorDigits(currency)).toBe(2);
  });

  it('keep two decimals for krónur and Ugandan shillings, which Intl counts none for', () => {
    expect(minorDigits('ISK')).toBe(2);
    expect(minorDigits('UGX')).toBe(2);
    expect(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'ISK' }).resolvedOptions().maximumFractionDigits,
    ).toBe(0);
    expect(toMinorUnits(500, 'ISK')).toBe(50_000);
    expect(formatMoney(fromMinorUnits(50_000, 'ISK'), 'ISK', 'en-GB')).toBe('ISK\u00a0500');
  });

  it('keep two decimals for forints and Taiwan dollars, which are only paid out whole', () => {
    expect(minorDigits('HUF')).toBe(2);
    expect(minorDigits('TWD')).toBe(2);
    expect(cardAmountStep('HUF')).toBe(1);
  });

  it('are two for a currency the provider does not list', () => {
    expect(minorDigits('XYZ')).toBe(2);
    expect(isCardCurrency('XYZ')).toBe(false);
  });
});

describe('what a card can be charged', () => {
  it('is at least the provider’s least for the currency', () => {
    expect(cardMinimum('GBP')).toBe(30);
    expect(cardMinimum('eur')).toBe(50);
    expect(cardMinimum('USD')).toBe(50);
    expect(cardMinimum('JPY')).toBe(50);
    expect(cardMinimum('HUF')).toBe(17_500);
    expect(cardAmountProblem(29, 'GBP')).toBe('minimum');
    expect(cardAmountProblem(30, 'GBP')).toBeNull();
    expect(cardAmountProblem(49, 'EUR')).toBe('minimum');
    // No least listed: the provider converts to the account's own currency, which the shop cannot know.
    expect(cardMinimum('ISK')).toBeNull();
    expect(cardAmountProblem(100, 'ISK')).toBeNull();
  });

  it('is in a currency the provider takes', () => {
    expect(cardAmountProblem(5000, 'XXX')).toBe('currency');
    expect(isCardCurrency('gbp')).toBe(true);
  });

  it('is whole krónur, and dinars to the ten', () => {
    expect(cardAmountProblem(15_050, 'ISK')).toBe('step');
    expect(cardAmountProblem(15_000, 'ISK')).toBeNull();
    expect(cardAmountProblem(5_125, 'KWD')).toBe('step');
    expect(cardAmountProblem(5_120, 'KWD')).toBeNull();
  });
});
