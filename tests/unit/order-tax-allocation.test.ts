/**
 * The order's tax, fixed by the allocator in the batch that places it (docs/taxes.md#the-orders-tax): each line at
 * what it is sold for, at its product's rate or the shop's default, gift cards outside the scope; prices without tax
 * raise what is due from the start; and the order read back says the same. Then the stored record's own checks.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, product } from './products';
import { settleBatch, type QueuedRequest, type ShopTerms } from '../../functions/src/orders/settle';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { DEFAULT_PAYMENT_SETTINGS } from '../../src/features/payments/model/paymentSettings';
import { parseOrder, orderTotal } from '../../src/features/orders/order';
import {
  parseTaxSettings,
  parseOrderTaxRecord,
  reverseChargeFor,
  type OrderTaxRecord,
} from '../../src/features/taxes/model';
import { parseVoucher } from '../../src/features/vouchers/model/voucher';
import { FRENCH_BUSINESS, GERMAN_VAT_REVERSE_CHARGE, UK_VAT } from '../fixtures/ukVat';

const terms = (tax: unknown): ShopTerms => ({
  payments: DEFAULT_PAYMENT_SETTINGS,
  currency: 'GBP',
  tax: parseTaxSettings(tax),
  now: Date.UTC(2026, 11, 6),
});

const request = (uid: string, lines: Record<string, number>, extra: Record<string, unknown> = {}): QueuedRequest => ({
  uid,
  raw: { id: `request-${uid}`, at: 1, lines, contact: { name: `Buyer ${uid}`, email: `${uid}@example.com` }, ...extra },
});

const SHOP = catalogue(
  product('gig', { price: 12, date: '2027-01-01T19:00:00Z' }),
  product('book', { price: 7.99, taxRate: 'zero' }),
  product('mug', { price: 10, taxRate: 'gone' }),
  product('card', { price: 25, taxRate: 'standard', giftCard: { months: null, amount: null } }),
);

const placed = (batch: ReturnType<typeof settleBatch>, uid: string) =>
  batch.update[`orders/${uid}/${orderIdFor(uid, `request-${uid}`)}`] as Record<string, unknown> & {
    tax?: OrderTaxRecord;
    pay: { due: number };
    total: number;
  };

describe("the allocator fixes an order's tax", () => {
  it('with prices that include tax: per rate from its total, the lines sharing it, the default for a rate gone, no gift card taxed', () => {
    const batch = settleBatch([request('a', { gig: 2, book: 3, mug: 1, card: 1 })], SHOP, new Map(), terms(UK_VAT));
    const order = placed(batch, 'a');
    // 2 × 12 + 10 at 20 % included: 3400 gross, 567 tax (3400 / 6, half up); 3 × 7.99 at zero.
    expect(order.tax).toEqual({
      included: true,
      currency: 'GBP',
      net: 3400 - 567 + 2397,
      tax: 567,
      gross: 3400 + 2397,
      rates: {
        standard: { name: 'Standard', kind: 'standard', basisPoints: 2000, net: 2833, tax: 567, gross: 3400 },
        zero: { name: 'Zero', kind: 'zero', basisPoints: 0, net: 2397, tax: 0, gross: 2397 },
      },
      items: {
        gig: { rate: 'standard', net: 2000, tax: 400 },
        book: { rate: 'zero', net: 2397, tax: 0 },
        mug: { rate: 'standard', net: 833, tax: 167 },
      },
    });
    // What is due is what the lines come to, the gift card's £25 with them.
    expect(order.pay.due).toBe(3400 + 2397 + 2500);
    expect(order.total).toBe(82.97);
    expect(parseOrderTaxRecord(order.tax)).toEqual(order.tax);
  });

  it('with prices that exclude tax: the tax comes on top of what is due, and the order read back says so', () => {
    const batch = settleBatch(
      [request('b', { gig: 1, book: 1 })],
      SHOP,
      new Map(),
      terms({ ...UK_VAT, pricesIncludeTax: false }),
    );
    const order = placed(batch, 'b');
    expect(order.tax).toMatchObject({ included: false, currency: 'GBP', net: 1200 + 799, tax: 240, gross: 1440 + 799 });
    expect(order.pay.due).toBe(1440 + 799);
    expect(order.total).toBe(22.39);
    const read = parseOrder('b', 'o', order);
    expect(read?.total).toBe(22.39);
    expect(read?.storedTotalMismatch).toBeNull();
    expect(read?.tax?.tax).toBe(240);
    expect(orderTotal(order as unknown as Parameters<typeof orderTotal>[0])).toBe(22.39);
  });

  it('taxes what a voucher lets the line be sold for, not the catalogue price', () => {
    const voucher = parseVoucher('HALF', {
      kind: 'percent',
      value: 50,
      currency: 'GBP',
      scope: 'shop',
      uses: 5,
      used: 0,
      created: 1,
    })!;
    const batch = settleBatch(
      [request('c', { gig: 1 }, { voucher: 'HALF' })],
      SHOP,
      new Map(),
      terms(UK_VAT),
      new Map(),
      new Map(),
      new Map([['HALF', voucher]]),
    );
    expect(placed(batch, 'c').tax?.rates).toEqual({
      standard: { name: 'Standard', kind: 'standard', basisPoints: 2000, net: 500, tax: 100, gross: 600 },
    });
  });

  it('keeps no tax for a shop that charges none, or an order of gift cards alone', () => {
    const none = settleBatch([request('d', { gig: 1 })], SHOP, new Map(), terms(undefined));
    expect(placed(none, 'd')).not.toHaveProperty('tax');
    expect(placed(none, 'd').pay.due).toBe(1200);
    const cards = settleBatch([request('e', { card: 2 })], SHOP, new Map(), terms(UK_VAT));
    expect(placed(cards, 'e')).not.toHaveProperty('tax');
  });

  it('taxes every order of one batch by the same settings', () => {
    const batch = settleBatch(
      [request('f', { gig: 1 }), request('g', { gig: 1 })],
      SHOP,
      new Map(),
      terms({ ...UK_VAT, rates: { ...UK_VAT.rates, standard: { ...UK_VAT.rates.standard, basisPoints: 1900 } } }),
    );
    expect(placed(batch, 'f').tax?.tax).toBe(192);
    expect(placed(batch, 'g').tax).toEqual(placed(batch, 'f').tax);
  });
});

describe("an order's stored tax, read back", () => {
  const good: OrderTaxRecord = {
    included: true,
    currency: 'GBP',
    net: 1000,
    tax: 200,
    gross: 1200,
    rates: { standard: { name: 'Standard', kind: 'standard', basisPoints: 2000, net: 1000, tax: 200, gross: 1200 } },
    items: { gig: { rate: 'standard', net: 1000, tax: 200 } },
  };

  it('is kept as written when it adds up', () => {
    expect(parseOrderTaxRecord(good)).toEqual(good);
    const exempt = {
      ...good,
      tax: 0,
      net: 1200,
      rates: {
        school: {
          name: 'Education',
          kind: 'exempt',
          reason: 'Exempt: education',
          basisPoints: 0,
          net: 1200,
          tax: 0,
          gross: 1200,
        },
      },
      items: { gig: { rate: 'school', net: 1200, tax: 0 } },
    };
    expect(parseOrderTaxRecord(exempt)).toEqual(exempt);
  });

  it('is refused when any part does not add up or is not whole minor units', () => {
    const damaged: unknown[] = [
      null,
      { ...good, included: 'yes' },
      { ...good, currency: 'pounds' },
      { ...good, tax: 201 },
      { ...good, net: 999.5, gross: 1199.5 },
      { ...good, rates: { standard: { ...good.rates.standard, tax: 201, gross: 1201 } } },
      { ...good, rates: { standard: { ...good.rates.standard, basisPoints: 10_001 } } },
      { ...good, rates: { 'Not an id': good.rates.standard } },
      { ...good, rates: { standard: { ...good.rates.standard, name: '' } } },
      { ...good, rates: { standard: { ...good.rates.standard, kind: 'luxury' } } },
      { ...good, rates: { standard: { ...good.rates.standard, reason: 'none needed' } } },
      { ...good, rates: { standard: { ...good.rates.standard, kind: 'exempt' } } },
      { ...good, items: { gig: { rate: 'reduced', net: 1000, tax: 200 } } },
      { ...good, items: { gig: { rate: 'standard', net: 1000, tax: 199 } } },
      { ...good, items: { gig: { rate: 'standard', net: -1, tax: 200 } } },
      { ...good, items: undefined },
    ];
    for (const raw of damaged) expect(parseOrderTaxRecord(raw), JSON.stringify(raw)).toBeNull();
  });
});

describe('reverse charge (docs/taxes.md#reverse-charge)', () => {
  const SELLS = catalogue(
    product('gig', { price: 30, date: '2027-01-01T19:00:00Z' }),
    product('print', { price: 10 }),
    product('book', { price: 20, taxRate: 'reduced' }),
    product('card', { price: 25, giftCard: { months: null, amount: null } }),
  );
  const business = (extra: Record<string, unknown> = {}) => ({ billing: { ...FRENCH_BUSINESS, ...extra } });
  const placeFor = (tax: unknown, extra: Record<string, unknown>) =>
    placed(
      settleBatch([request('r', { gig: 1, print: 2, book: 1, card: 1 }, extra)], SELLS, new Map(), terms(tax)),
      'r',
    );

  it('charges a business in another EU country no VAT on what is not a ticket, and the ticket its VAT', () => {
    const order = placeFor(GERMAN_VAT_REVERSE_CHARGE, business());
    expect(order.tax).toEqual({
      included: false,
      currency: 'GBP',
      net: 3000 + 2000 + 2000,
      tax: 570,
      gross: 3570 + 2000 + 2000,
      rates: {
        standard: { name: 'Regelsatz', kind: 'standard', basisPoints: 1900, net: 3000, tax: 570, gross: 3570 },
        'reverse-charge': { name: 'Reverse charge', kind: 'reverse', basisPoints: 0, net: 4000, tax: 0, gross: 4000 },
      },
      items: {
        gig: { rate: 'standard', net: 3000, tax: 570 },
        print: { rate: 'reverse-charge', net: 2000, tax: 0 },
        book: { rate: 'reverse-charge', net: 2000, tax: 0 },
      },
    });
    // The gift card is outside the scope of tax, as for anyone; what is due is the lines, the ticket's VAT on top.
    expect(order.pay.due).toBe(3570 + 4000 + 2500);
    expect(parseOrderTaxRecord(order.tax)).toEqual(order.tax);
    expect(parseOrder('r', 'o', order)?.total).toBe(100.7);
  });

  it('keeps a price that includes tax as it stands, all of it net', () => {
    const order = placeFor({ ...GERMAN_VAT_REVERSE_CHARGE, pricesIncludeTax: true }, business());
    expect(order.tax?.rates['reverse-charge']).toMatchObject({ net: 4000, tax: 0, gross: 4000 });
    expect(order.tax?.items.gig).toEqual({ rate: 'standard', net: 2521, tax: 479 });
    expect(order.pay.due).toBe(3000 + 4000 + 2500);
  });

  it('is not for a buyer without a VAT number, in the shop’s own country, or outside the EU, nor where the shop does not allow it', () => {
    const taxed = { gig: 'standard', print: 'standard', book: 'reduced' };
    const cases: [unknown, Record<string, unknown>][] = [
      [GERMAN_VAT_REVERSE_CHARGE, {}],
      [GERMAN_VAT_REVERSE_CHARGE, business({ vatId: '' })],
      [GERMAN_VAT_REVERSE_CHARGE, business({ country: 'DE', vatId: 'DE136695976' })],
      [{ ...GERMAN_VAT_REVERSE_CHARGE, reverseCharge: false }, business()],
      [{ ...GERMAN_VAT_REVERSE_CHARGE, country: 'GB' }, business()],
      [{ ...GERMAN_VAT_REVERSE_CHARGE, country: 'CH' }, business()],
    ];
    for (const [tax, extra] of cases) {
      const order = placeFor(tax, extra);
      const rates = Object.fromEntries(Object.entries(order.tax?.items ?? {}).map(([id, item]) => [id, item.rate]));
      expect(rates, JSON.stringify([tax, extra])).toEqual(taxed);
    }
  });

  it('is decided by the shop and the buyer alone', () => {
    const shop = { on: true, reverseCharge: true, country: 'DE' };
    expect(reverseChargeFor(shop, { country: 'FR', vatId: 'FR40303265045' })).toBe(true);
    expect(reverseChargeFor(shop, { country: 'GR', vatId: 'EL094259216' })).toBe(true);
    expect(reverseChargeFor({ ...shop, country: 'GR' }, { country: 'GR', vatId: 'EL094259216' })).toBe(false);
    expect(reverseChargeFor(shop, { country: 'NO', vatId: 'NO123456785' })).toBe(false);
    expect(reverseChargeFor({ ...shop, on: false }, { country: 'FR', vatId: 'FR40303265045' })).toBe(false);
    expect(reverseChargeFor(shop, null)).toBe(false);
  });

  it('is read back only under its own id, at 0 %, with no reason', () => {
    const order = placeFor(GERMAN_VAT_REVERSE_CHARGE, business());
    const record = order.tax!;
    const reverse = record.rates['reverse-charge']!;
    const damaged: unknown[] = [
      { ...record, rates: { ...record.rates, 'reverse-charge': { ...reverse, kind: 'zero' } } },
      { ...record, rates: { ...record.rates, 'reverse-charge': { ...reverse, basisPoints: 100 } } },
      { ...record, rates: { ...record.rates, 'reverse-charge': { ...reverse, reason: 'why' } } },
      { ...record, rates: { ...record.rates, standard: { ...record.rates.standard!, kind: 'reverse' } } },
    ];
    for (const raw of damaged) expect(parseOrderTaxRecord(raw), JSON.stringify(raw)).toBeNull();
  });
});
