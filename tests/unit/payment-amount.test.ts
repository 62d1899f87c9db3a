/**
 * The amount staff type when they record a payment (src/features/payments/model/paymentAmount.ts): the shop's way of writing
 * money in, exact minor units out, and each mistake said in words.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { amountText, parseAmountInput, type AmountInput } from '../../src/features/payments/model/paymentAmount';

/** What staff read: the error said in English, as the desk says it (`i18n._`). */
const said = (input: AmountInput) => ('error' in input ? { error: i18n._(input.error) } : input);
const gbp = (text: string) => said(parseAmountInput(text, 'GBP', 'en-GB'));

describe('the amount of a payment', () => {
  it('is prefilled in the shop’s way of writing money', () => {
    expect(amountText(2600, 'GBP', 'en-GB')).toBe('26.00');
    expect(amountText(102650, 'EUR', 'de-DE')).toBe('1026,50');
    expect(amountText(1800, 'JPY', 'ja-JP')).toBe('1800');
  });

  it('reads what staff type, exactly, in minor units', () => {
    expect(gbp('26.00')).toEqual({ minor: 2600 });
    expect(gbp('26')).toEqual({ minor: 2600 });
    expect(gbp(' £26.5 ')).toEqual({ minor: 2650 });
    expect(gbp('1,026.50')).toEqual({ minor: 102650 });
    expect(gbp('0.29')).toEqual({ minor: 29 });
    expect(gbp('19.99')).toEqual({ minor: 1999 });
    expect(parseAmountInput('1.026,50 €', 'EUR', 'de-DE')).toEqual({ minor: 102650 });
    expect(parseAmountInput('26,5', 'EUR', 'de-DE')).toEqual({ minor: 2650 });
    expect(parseAmountInput('1800', 'JPY', 'ja-JP')).toEqual({ minor: 1800 });
  });

  it('says what is wrong: nothing, not a number, nothing paid, negative, too many decimals', () => {
    expect(gbp('')).toEqual({ error: 'Enter the amount received.' });
    expect(gbp('  ')).toEqual({ error: 'Enter the amount received.' });
    expect(gbp('twelve')).toEqual({ error: 'Enter the amount as a number, such as 26.00.' });
    expect(gbp('26,5')).toEqual({ error: 'Enter the amount as a number, such as 26.00.' });
    expect(gbp('1e3')).toEqual({ error: 'Enter the amount as a number, such as 26.00.' });
    expect(gbp('0')).toEqual({ error: 'Enter an amount above zero.' });
    expect(gbp('0.00')).toEqual({ error: 'Enter an amount above zero.' });
    expect(gbp('-5')).toEqual({ error: 'The amount cannot be negative: enter what was received.' });
    expect(gbp('10.005')).toEqual({ error: 'Enter at most 2 decimals, such as 26.00.' });
    expect(said(parseAmountInput('18.5', 'JPY', 'ja-JP'))).toEqual({
      error: 'Enter a whole amount: JPY has no smaller unit.',
    });
    expect(gbp('99999999999999')).toEqual({ error: 'That amount is too large to record.' });
  });
});
