import { describe, expect, it } from 'vitest';
import { formatMoney, lineTotal } from '../../src/lib/money';

describe('money', () => {
  it('sums without drift', () => {
    expect(
      lineTotal([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(lineTotal([{ price: 1.005, quantity: 3 }])).toBe(3.015);
  });

  it('formats in the shop currency and locale', () => {
    expect(formatMoney(0.3, 'GBP', 'en-GB')).toBe('£0.30');
    expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('falls back to a plain amount for an unknown currency', () => {
    expect(formatMoney(2, 'XYZ1', 'en-GB')).toBe('2.00');
  });
});
