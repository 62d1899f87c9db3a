/**
 * The tax an order holds (docs/taxes.md#rounding): once per rate from the rate's total, half up, shared among the lines
 * by largest remainder. A table of the cases rounding is about, then properties over random orders.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  orderTax,
  rateTax,
  shareByLargestRemainder,
  type OrderTax,
  type TaxLineInput,
} from '../../src/features/taxes/model';

const UK_STANDARD = { id: 'standard', basisPoints: 2000 };
const UK_ZERO = { id: 'zero', basisPoints: 0 };
const DE_STANDARD = { id: 'standard', basisPoints: 1900 };
const DE_REDUCED = { id: 'reduced', basisPoints: 700 };
const OUTSIDE = { id: 'outside', basisPoints: 0 };

const line = (key: string, amount: number, rate: TaxLineInput['rate']): TaxLineInput => ({ key, amount, rate });
const split = (taxed: { net: number; tax: number; gross: number }) => [taxed.net, taxed.tax, taxed.gross];

describe('the tax of one rate’s total', () => {
  it.each([
    // total, basis points, prices include tax, tax: why
    [1800, 2000, true, 300, 'a £18 ticket at 20 %: a sixth of the gross, exactly'],
    [3, 2000, true, 1, '3p at 20 % included: half a penny of tax, rounded up'],
    [2, 2000, true, 0, '2p at 20 % included: a third of a penny, rounded down'],
    [50, 1900, false, 10, '50 cents net at 19 %: 9.5 cents, rounded up'],
    [49, 1900, false, 9, '49 cents net at 19 %: 9.31 cents, rounded down'],
    [999, 700, true, 65, '€9.99 at 7 % included: 65.355 cents'],
    [50_000, 1900, true, 7983, 'five €100 tickets at 19 % included: 7,983.19 cents'],
    [0, 2000, true, 0, 'nothing: no tax'],
    [1234, 0, true, 0, 'a zero rate: no tax'],
    [4_000_000_000_000_000, 2000, false, 800_000_000_000_000, 'an amount whose product with the rate passes 2^53'],
  ])('%i at %i bp (included: %s) is %i: %s', (total, basisPoints, included, tax) => {
    expect(rateTax(total, basisPoints, included)).toBe(tax);
  });
});

describe('an order’s tax', () => {
  it('five €100 tickets at 19 % included: the gross stays 500.00, the tax is the total’s, the lines add up to it', () => {
    const order = orderTax(
      ['a', 'b', 'c', 'd', 'e'].map((key) => line(key, 10_000, DE_STANDARD)),
      true,
    );
    expect(split(order)).toEqual([42_017, 7983, 50_000]);
    // Each line's exact share is 1,596.6: three take 1,597, two 1,596, the earlier ones first on a tie.
    expect(order.lines.map((taxed) => taxed.tax)).toEqual([1597, 1597, 1597, 1596, 1596]);
    expect(order.lines.every((taxed) => taxed.gross === 10_000 && taxed.net + taxed.tax === 10_000)).toBe(true);
  });

  it('UK VAT at 20 % with a zero-rated print and a gift card outside its scope: one total per rate, in first order', () => {
    const order = orderTax(
      [
        line('ticket', 3600, UK_STANDARD),
        line('print', 1200, UK_ZERO),
        line('card', 2500, OUTSIDE),
        line('programme', 450, UK_STANDARD),
      ],
      true,
    );
    expect(order.rates.map((rate) => [rate.rate, ...split(rate)])).toEqual([
      ['standard', 3375, 675, 4050],
      ['zero', 1200, 0, 1200],
      ['outside', 2500, 0, 2500],
    ]);
    expect(order.lines.map((taxed) => [taxed.key, ...split(taxed)])).toEqual([
      ['ticket', 3000, 600, 3600],
      ['print', 1200, 0, 1200],
      ['card', 2500, 0, 2500],
      ['programme', 375, 75, 450],
    ]);
    expect(split(order)).toEqual([7075, 675, 7750]);
  });

  it('a hundred penny lines at 20 % included: 17p of tax on £1.00, a penny each to the first seventeen', () => {
    const order = orderTax(
      Array.from({ length: 100 }, (_, i) => line(`l${i}`, 1, UK_STANDARD)),
      true,
    );
    expect(order.tax).toBe(17);
    expect(order.lines.filter((taxed) => taxed.tax === 1).map((taxed) => taxed.key)).toEqual(
      Array.from({ length: 17 }, (_, i) => `l${i}`),
    );
    expect(order.lines.reduce((sum, taxed) => sum + taxed.net, 0)).toBe(83);
  });

  it('a voucher’s 20 % off is taken before tax: two £18 tickets for £28.80 hold £4.80 of it', () => {
    const order = orderTax([line('ticket', 2880, UK_STANDARD)], true);
    expect(split(order)).toEqual([2400, 480, 2880]);
  });

  it('prices without tax (a shop selling to businesses): the net is the price, the tax comes on top per rate', () => {
    const order = orderTax(
      [line('stand', 1000, DE_STANDARD), line('stand-2', 1000, DE_STANDARD), line('food', 999, DE_REDUCED)],
      false,
    );
    expect(order.rates.map((rate) => [rate.rate, ...split(rate)])).toEqual([
      ['standard', 2000, 380, 2380],
      ['reduced', 999, 70, 1069],
    ]);
    expect(order.lines.map((taxed) => taxed.net)).toEqual([1000, 1000, 999]);
    expect(split(order)).toEqual([2999, 450, 3449]);
  });

  it('free lines and an empty order hold nothing and divide by nothing', () => {
    expect(split(orderTax([], true))).toEqual([0, 0, 0]);
    const free = orderTax([line('free', 0, UK_STANDARD), line('also', 0, UK_STANDARD)], true);
    expect(free.lines.map(split)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('refuses what only a programming error brings: parts of a minor unit, less than nothing, a rate off the scale or at two sizes', () => {
    expect(() => orderTax([line('a', 10.5, UK_STANDARD)], true)).toThrow(/whole minor units/);
    expect(() => orderTax([line('a', -1, UK_STANDARD)], true)).toThrow(/whole minor units/);
    expect(() => orderTax([line('a', 1, { id: 'x', basisPoints: 10_001 })], true)).toThrow(/basis points/);
    expect(() => orderTax([line('a', 1, { id: 'x', basisPoints: 19.5 })], true)).toThrow(/basis points/);
    expect(() =>
      orderTax([line('a', 1, UK_STANDARD), line('b', 1, { id: 'standard', basisPoints: 1900 })], true),
    ).toThrow(/at 2000 and 1900/);
  });
});

describe('sharing by largest remainder', () => {
  it('gives each its whole share and the rest to the largest remainders, the earlier on a tie', () => {
    expect(shareByLargestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareByLargestRemainder(7, [5, 3, 2])).toEqual([4, 2, 1]);
    expect(shareByLargestRemainder(5, [0, 0])).toEqual([0, 0]);
  });
});

const rates = fc.constantFrom(
  UK_STANDARD,
  UK_ZERO,
  DE_REDUCED,
  { id: 'five', basisPoints: 500 },
  { id: 'odd', basisPoints: 1333 },
);
const lines = fc.array(fc.record({ amount: fc.integer({ min: 0, max: 10_000_000 }), rate: rates }), { maxLength: 25 });

/** Checks `holds` of random orders, with and without tax in their prices. */
function everyOrder(holds: (order: OrderTax, amounts: number[], includesTax: boolean) => void): void {
  fc.assert(
    fc.property(lines, fc.boolean(), (drawn, includesTax) => {
      const order = orderTax(
        drawn.map((each, i) => line(`l${i}`, each.amount, each.rate)),
        includesTax,
      );
      holds(
        order,
        drawn.map((each) => each.amount),
        includesTax,
      );
    }),
  );
}

describe('every order', () => {
  it('adds up: net + tax = gross on each line and rate, the lines to their rate, the rates to the order', () => {
    everyOrder((order, amounts, includesTax) => {
      for (const part of [...order.lines, ...order.rates, order]) expect(part.net + part.tax).toBe(part.gross);
      for (const rate of order.rates) {
        const own = order.lines.filter((taxed) => taxed.rate === rate.rate);
        for (const key of ['net', 'tax', 'gross'] as const) {
          expect(own.reduce((sum, taxed) => sum + taxed[key], 0)).toBe(rate[key]);
        }
      }
      order.lines.forEach((taxed, i) => {
        expect(includesTax ? taxed.gross : taxed.net).toBe(amounts[i]);
        expect(taxed.tax).toBeGreaterThanOrEqual(0);
      });
    });
  });

  it('holds each rate’s tax within half a minor unit of exact, and each line’s within one of its exact share', () => {
    everyOrder((order, amounts, includesTax) => {
      const fraction = (basisPoints: number) =>
        includesTax ? basisPoints / (10_000 + basisPoints) : basisPoints / 10_000;
      for (const rate of order.rates) {
        const total = includesTax ? rate.gross : rate.net;
        expect(Math.abs(rate.tax - total * fraction(rate.basisPoints))).toBeLessThanOrEqual(0.5 + 1e-6);
        order.lines.forEach((taxed, i) => {
          if (taxed.rate !== rate.rate || total === 0) return;
          const exactShare = (rate.tax * amounts[i]!) / total;
          expect(Math.abs(taxed.tax - exactShare)).toBeLessThan(1);
        });
      }
    });
  });
});
