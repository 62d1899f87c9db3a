/**
 * What trusted code puts in an invoice or a credit note and when it issues one (docs/invoices.md), in pure logic: the
 * invoice from the order's lines and the tax it kept, adding up to what was due; credit notes of the whole and of parts
 * that leave every rate at nothing once all is credited; which document an order needs next, refund by refund; the
 * stored document read back only when it adds up; the settings as staff store them.
 */
import { describe, expect, it } from 'vitest';
import { composeCredit, composeInvoice, invoiceLeft } from '../../src/features/invoices/model/composeDocuments';
import {
  documentNumber,
  parseInvoiceDocument,
  type InvoiceDocument,
} from '../../src/features/invoices/model/invoiceDocument';
import { parseInvoiceSettings } from '../../src/features/invoices/model/invoiceSettings';
import { billingChange, parseBillingChange } from '../../src/features/invoices/model/billingChange';
import { billingDetails, billingVatProblem, parseBillingDetails } from '../../src/features/orders/billing';
import { nextDocument, type GivenBack } from '../../src/features/invoices/model/nextDocument';
import { parseOrder, type Order } from '../../src/features/orders/order';
import { parseTaxSettings, taxOfLines } from '../../src/features/taxes/model';
import { UK_VAT } from '../fixtures/ukVat';

const SETTINGS = parseInvoiceSettings({
  on: true,
  prefix: 'INV-',
  seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
  footer: 'Registered in England, no. 01234567',
});

interface Line {
  id: string;
  price: number;
  quantity: number;
  taxRate?: string;
  giftCard?: boolean;
}

/** A stored order of `lines` taxed by `tax` settings (UK VAT by default), read back as the app and trusted code do. */
function orderOf(
  lines: readonly Line[],
  pay: Partial<{ paid: number; refunded: number; state: string; method: string }> = {},
  options: { status?: string; tax?: unknown; billing?: Record<string, string> } = {},
): Order {
  const settings = parseTaxSettings(options.tax ?? UK_VAT);
  const record = taxOfLines(
    lines.map((line) => ({
      id: line.id,
      amount: Math.round(line.price * 100) * line.quantity,
      giftCard: line.giftCard === true,
      admission: false,
      ...(line.taxRate ? { taxRate: line.taxRate } : {}),
    })),
    settings,
    'GBP',
  );
  const sum = lines.reduce((total, line) => total + Math.round(line.price * 100) * line.quantity, 0);
  const due = sum + (record && !record.included ? record.tax : 0);
  const items = Object.fromEntries(
    lines.map((line) => [
      line.id,
      { title: line.id, price: line.price, quantity: line.quantity, ...(line.giftCard ? { giftCard: true } : {}) },
    ]),
  );
  const order = parseOrder('ann', 'order-1', {
    items,
    total: due / 100,
    status: options.status ?? 'pending',
    created: 1,
    contact: { name: 'Ann Buyer', email: 'ann@example.com' },
    ref: 'K7M4-QXPR',
    language: 'de-DE',
    pay: {
      method: pay.method ?? 'transfer',
      currency: 'GBP',
      due,
      paid: pay.paid ?? due,
      refunded: pay.refunded ?? 0,
      state: pay.state ?? 'paid',
      v: 1,
    },
    ...(record ? { tax: record } : {}),
    ...(options.billing ? { billing: options.billing } : {}),
  });
  if (!order) throw new Error('order did not parse');
  return order;
}

/** A composed document given its number and date of issue, as the issuer stores it, read back. */
function stored(document: ReturnType<typeof composeInvoice>, seq: number): InvoiceDocument {
  if (!document) throw new Error('nothing composed');
  const parsed = parseInvoiceDocument(documentNumber('INV-', seq), { ...document, prefix: 'INV-', seq, issued: seq });
  if (!parsed) throw new Error('composed document does not read back');
  return parsed;
}

const TWO_TICKETS_AND_A_PRINT: Line[] = [
  { id: 'gig', price: 12.5, quantity: 2 },
  { id: 'print', price: 4, quantity: 1, taxRate: 'zero' },
];

describe('the invoice of a paid order', () => {
  it('has a line for each of its lines with the tax it kept, the rates, and comes to what was due', () => {
    const order = orderOf(TWO_TICKETS_AND_A_PRINT);
    const invoice = composeInvoice(order, SETTINGS, new Map([['gig', '2027-03-01T19:30:00Z']]), 'en-GB');
    expect(invoice).toMatchObject({
      kind: 'invoice',
      net: 2083 + 400,
      tax: 417,
      gross: 2900,
      currency: 'GBP',
      language: 'de-DE',
      included: true,
      paidBy: 'transfer',
      order: { uid: 'ann', id: 'order-1', ref: 'K7M4-QXPR' },
      seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
      buyer: { name: 'Ann Buyer', email: 'ann@example.com' },
      footer: 'Registered in England, no. 01234567',
      rates: {
        standard: { name: 'Standard', kind: 'standard', basisPoints: 2000, net: 2083, tax: 417, gross: 2500 },
        zero: { name: 'Zero', kind: 'zero', basisPoints: 0, net: 400, tax: 0, gross: 400 },
      },
    });
    expect(invoice?.lines).toEqual([
      {
        title: 'gig',
        quantity: 2,
        unit: 1250,
        net: 2083,
        tax: 417,
        gross: 2500,
        rate: 'standard',
        date: '2027-03-01T19:30:00Z',
      },
      { title: 'print', quantity: 1, unit: 400, net: 400, tax: 0, gross: 400, rate: 'zero' },
    ]);
    expect(stored(invoice, 1).gross).toBe(order.payment?.due);
  });

  it('with prices that exclude tax, the tax on top: the lines net at their prices, the total what was due', () => {
    const order = orderOf(TWO_TICKETS_AND_A_PRINT, {}, { tax: { ...UK_VAT, pricesIncludeTax: false } });
    const invoice = composeInvoice(order, SETTINGS, new Map(), 'en-GB');
    expect(invoice).toMatchObject({ included: false, net: 2900, tax: 500, gross: 3400 });
    expect(invoice?.lines[0]).toMatchObject({ unit: 1250, net: 2500, tax: 500, gross: 3000 });
    expect(order.payment?.due).toBe(3400);
  });

  it('a gift card line is outside tax, without a rate; a shop charging no tax invoices its lines as they are', () => {
    const withCard = composeInvoice(
      orderOf([...TWO_TICKETS_AND_A_PRINT, { id: 'card25', price: 25, quantity: 1, giftCard: true }]),
      SETTINGS,
      new Map(),
      'en-GB',
    );
    expect(withCard?.lines[2]).toEqual({ title: 'card25', quantity: 1, unit: 2500, net: 2500, tax: 0, gross: 2500 });
    expect(withCard).toMatchObject({ net: 4983, tax: 417, gross: 5400 });
    const untaxed = composeInvoice(orderOf(TWO_TICKETS_AND_A_PRINT, {}, { tax: {} }), SETTINGS, new Map(), 'en-GB');
    expect(untaxed).toMatchObject({ net: 2900, tax: 0, gross: 2900, rates: {}, included: false });
  });

  it('is not composed for an order whose lines and tax do not come to what was due', () => {
    const order = orderOf(TWO_TICKETS_AND_A_PRINT);
    const off = { ...order, payment: { ...order.payment!, due: order.payment!.due + 1 } };
    expect(composeInvoice(off, SETTINGS, new Map(), 'en-GB')).toBeNull();
  });
});

describe('credit notes', () => {
  const invoice = stored(composeInvoice(orderOf(TWO_TICKETS_AND_A_PRINT), SETTINGS, new Map(), 'en-GB'), 1);

  it('of the whole invoice repeat its lines below zero and name it', () => {
    const credit = stored(composeCredit(invoice, [], 2900, 'cancelled'), 2);
    expect(credit).toMatchObject({ kind: 'credit', corrects: 'INV-1', why: 'cancelled', net: -2483, tax: -417 });
    expect(credit.lines.map((line) => [line.quantity, line.gross])).toEqual([
      [-2, -2500],
      [-1, -400],
    ]);
    expect(invoiceLeft(invoice, [credit])).toBe(0);
  });

  it('of a refund that names a line credit that line at its own rate; the rest leaves every rate at nothing', () => {
    const ticket = { rate: 'standard', title: 'gig', quantity: 1 };
    const one = stored(composeCredit(invoice, [], 1250, 'refund', 'r1', ticket), 2);
    // One ticket of £12.50 at 20 %: its tax is half the rate's £4.17, rounded half up, and none of it at 0 %.
    expect(one.lines).toEqual([{ title: 'gig', quantity: -1, net: -1041, tax: -209, gross: -1250, rate: 'standard' }]);
    expect(Object.keys(one.rates)).toEqual(['standard']);
    const rest = stored(composeCredit(invoice, [one], 1650, 'cancelled'), 3);
    expect(rest.lines.map((line) => [line.rate, line.net, line.tax, line.gross])).toEqual([
      ['standard', -1042, -208, -1250],
      ['zero', -400, 0, -400],
    ]);
    expect(invoiceLeft(invoice, [one, rest])).toBe(0);
    // Naming more than is left at its rate: shared among the rates as any amount is.
    const tooMuch = stored(composeCredit(invoice, [], 2700, 'refund', 'r2', ticket), 2);
    expect(tooMuch.lines.map((line) => line.rate)).toEqual(['standard', 'zero']);
    // And nextDocument names the line of the refund, at the rate the order kept for it.
    const refunded = orderOf(TWO_TICKETS_AND_A_PRINT, { refunded: 1250 });
    expect(
      nextDocument(refunded, SETTINGS, [invoice], [{ id: 'r1', amount: 1250, line: 'gig', quantity: 1 }], new Set()),
    ).toMatchObject({ kind: 'credit', amount: 1250, named: { rate: 'standard', title: 'gig', quantity: 1 } });
    expect(
      nextDocument(refunded, SETTINGS, [invoice], [{ id: 'r1', amount: 1250, line: 'gone', quantity: 1 }], new Set()),
    ).not.toHaveProperty('named');
  });

  it('of a part share it among the rates by what is left of each, with tax in proportion', () => {
    const credit = stored(composeCredit(invoice, [], 1450, 'refund', 'refund-1'), 2);
    // £14.50 of £29.00: half of each rate, and half of the standard rate's £4.17 of tax, £2.085, rounded half up.
    expect(credit.lines).toEqual([
      { title: '', net: -1041, tax: -209, gross: -1250, rate: 'standard' },
      { title: '', net: -200, tax: 0, gross: -200, rate: 'zero' },
    ]);
    expect(credit).toMatchObject({ refund: 'refund-1', gross: -1450, tax: -209 });
  });

  it('one part after another, then the rest: every rate ends at nothing, whatever the parts', () => {
    const order = orderOf([
      { id: 'a', price: 9.99, quantity: 3 },
      { id: 'b', price: 0.05, quantity: 7, taxRate: 'reduced' },
      { id: 'c', price: 4.01, quantity: 1, taxRate: 'zero' },
      { id: 'd', price: 10, quantity: 1, giftCard: true },
    ]);
    const big = stored(composeInvoice(order, SETTINGS, new Map(), 'en-GB'), 1);
    for (const parts of [[1], [1, 1, 1], [3333, 17], [big.gross - 1], [500, 500, 500, 500]]) {
      const credits: InvoiceDocument[] = [];
      for (const part of parts)
        credits.push(stored(composeCredit(big, credits, part, 'refund', 'r'), credits.length + 2));
      const rest = invoiceLeft(big, credits);
      credits.push(stored(composeCredit(big, credits, rest, 'cancelled'), credits.length + 2));
      for (const rate of ['standard', 'reduced', 'zero']) {
        const of = (document: InvoiceDocument) => document.rates[rate] ?? { net: 0, tax: 0, gross: 0 };
        const after = [big, ...credits].map(of);
        expect(
          after.reduce((sum, each) => sum + each.tax, 0),
          `${parts.join('+')}: tax of ${rate}`,
        ).toBe(0);
        expect(
          after.reduce((sum, each) => sum + each.gross, 0),
          `${parts.join('+')}: ${rate}`,
        ).toBe(0);
      }
      expect(invoiceLeft(big, credits)).toBe(0);
    }
  });

  it('a part of a rate rounds its tax half up, never more than that rate has left', () => {
    // One £0.05 line at 5 %: tax 0.238… of a penny, so none; a 1p credit then takes none of it either.
    const tiny = stored(
      composeInvoice(
        orderOf([{ id: 'b', price: 0.05, quantity: 1, taxRate: 'reduced' }]),
        SETTINGS,
        new Map(),
        'en-GB',
      ),
      1,
    );
    expect(tiny.tax).toBe(0);
    // £10.50 at 5 %: tax 50p; a credit of £5.25 takes 25p, a credit of 1p takes 0p (0.476… half up is 0).
    const half = stored(
      composeInvoice(
        orderOf([{ id: 'b', price: 10.5, quantity: 1, taxRate: 'reduced' }]),
        SETTINGS,
        new Map(),
        'en-GB',
      ),
      1,
    );
    expect(half.tax).toBe(50);
    expect(composeCredit(half, [], 525, 'refund', 'r').tax).toBe(-25);
    expect(composeCredit(half, [], 1, 'refund', 'r').tax).toBe(0);
    // 21p of it: 1p of tax exactly (50 × 21 / 1050).
    expect(composeCredit(half, [], 21, 'refund', 'r').tax).toBe(-1);
  });
});

describe('which document an order needs next', () => {
  const paid = orderOf(TWO_TICKETS_AND_A_PRINT);
  const invoice = stored(composeInvoice(paid, SETTINGS, new Map(), 'en-GB'), 1);
  const refund = (id: string, amount: number): GivenBack => ({ id, amount });

  it('an invoice for an order paid for something, never invoiced, while invoicing is on', () => {
    expect(nextDocument(paid, SETTINGS, [], [], new Set())).toEqual({ kind: 'invoice' });
    expect(nextDocument(paid, { on: false }, [], [], new Set())).toBeNull();
    expect(
      nextDocument(orderOf(TWO_TICKETS_AND_A_PRINT, { state: 'pending', paid: 0 }), SETTINGS, [], [], new Set()),
    ).toBeNull();
    expect(nextDocument(paid, SETTINGS, [invoice], [], new Set())).toBeNull();
    const free = orderOf([{ id: 'gig', price: 0, quantity: 1 }]);
    expect(nextDocument(free, SETTINGS, [], [], new Set())).toBeNull();
  });

  it('a credit note of each refund, of what it gave back of the invoice; an over-payment first, crediting nothing', () => {
    // Paid £29.00 exactly, £12.50 given back: all of it credited.
    const refunded = orderOf(TWO_TICKETS_AND_A_PRINT, { refunded: 1250 });
    expect(nextDocument(refunded, SETTINGS, [invoice], [refund('r1', 1250)], new Set())).toMatchObject({
      kind: 'credit',
      amount: 1250,
      why: 'refund',
      refund: 'r1',
    });
    // Paid £31.00, £2.00 of it beyond the invoice: a refund of £2.00 credits nothing, one of £5.00 credits £3.00.
    const over = orderOf(TWO_TICKETS_AND_A_PRINT, { paid: 3100, refunded: 200 });
    expect(nextDocument(over, SETTINGS, [invoice], [refund('r1', 200)], new Set())).toEqual({
      kind: 'no-credit',
      refund: 'r1',
    });
    const overAndMore = orderOf(TWO_TICKETS_AND_A_PRINT, { paid: 3100, refunded: 500 });
    expect(nextDocument(overAndMore, SETTINGS, [invoice], [refund('r1', 500)], new Set())).toMatchObject({
      kind: 'credit',
      amount: 300,
    });
    // Seen to already: nothing more.
    expect(nextDocument(refunded, SETTINGS, [invoice], [refund('r1', 1250)], new Set(['r1']))).toBeNull();
  });

  it('refunds seen to one at a time, oldest first, the over-payment going back with the first', () => {
    const order = orderOf(TWO_TICKETS_AND_A_PRINT, { paid: 3000, refunded: 600 });
    const refunds = [refund('r1', 300), refund('r2', 300)];
    expect(nextDocument(order, SETTINGS, [invoice], refunds, new Set())).toMatchObject({
      kind: 'credit',
      amount: 200,
      refund: 'r1',
    });
    const first = stored(composeCredit(invoice, [], 200, 'refund', 'r1'), 2);
    expect(nextDocument(order, SETTINGS, [invoice, first], refunds, new Set(['r1']))).toMatchObject({
      kind: 'credit',
      amount: 300,
      refund: 'r2',
    });
  });

  it('cancelled: a credit note of all that is left, after its refunds; a refund after that credits nothing', () => {
    const cancelled = orderOf(TWO_TICKETS_AND_A_PRINT, {}, { status: 'cancelled' });
    expect(nextDocument(cancelled, SETTINGS, [invoice], [], new Set())).toMatchObject({
      kind: 'credit',
      amount: 2900,
      why: 'cancelled',
    });
    const whole = stored(composeCredit(invoice, [], 2900, 'cancelled'), 2);
    expect(nextDocument(cancelled, SETTINGS, [invoice, whole], [], new Set())).toBeNull();
    const refundedAfter = orderOf(TWO_TICKETS_AND_A_PRINT, { refunded: 2900 }, { status: 'cancelled' });
    expect(nextDocument(refundedAfter, SETTINGS, [invoice, whole], [refund('r1', 2900)], new Set())).toEqual({
      kind: 'no-credit',
      refund: 'r1',
    });
    // Paid and cancelled before its invoice was issued: the invoice first, then its credit note.
    expect(nextDocument(cancelled, SETTINGS, [], [], new Set())).toEqual({ kind: 'invoice' });
  });

  it('new invoice details: the invoice credited whole, then issued again with them; not once corrected', () => {
    const billing = { company: 'Hafen GmbH', address: 'Kai 1\n20457 Hamburg', country: 'DE', vatId: 'DE136308783' };
    const changed = orderOf(TWO_TICKETS_AND_A_PRINT, {}, { billing });
    expect(nextDocument(changed, SETTINGS, [invoice], [], new Set())).toMatchObject({
      kind: 'credit',
      amount: 2900,
      why: 'details',
    });
    const credited = stored(composeCredit(invoice, [], 2900, 'details'), 2);
    expect(nextDocument(changed, SETTINGS, [invoice, credited], [], new Set())).toEqual({ kind: 'invoice' });
    const again = stored(composeInvoice(changed, SETTINGS, new Map(), 'en-GB'), 3);
    expect(again.buyer).toEqual({
      name: 'Ann Buyer',
      email: 'ann@example.com',
      company: 'Hafen GmbH',
      // The country's name in the order's language (German here) as the address's last line.
      address: 'Kai 1\n20457 Hamburg\nDeutschland',
      country: 'DE',
      vatId: 'DE136308783',
    });
    expect(nextDocument(changed, SETTINGS, [invoice, credited, again], [], new Set())).toBeNull();
    // Cancelled after the credit note for details: not issued again.
    const cancelled = orderOf(TWO_TICKETS_AND_A_PRINT, {}, { billing, status: 'cancelled' });
    expect(nextDocument(cancelled, SETTINGS, [invoice, credited], [], new Set())).toBeNull();
    // An invoice a refund has corrected in part keeps its details: staff's to correct.
    const part = stored(composeCredit(invoice, [], 1250, 'refund', 'r1'), 2);
    const refunded = orderOf(TWO_TICKETS_AND_A_PRINT, { refunded: 1250 }, { billing });
    expect(nextDocument(refunded, SETTINGS, [invoice, part], [refund('r1', 1250)], new Set(['r1']))).toBeNull();
  });
});

describe('the buyer’s invoice details', () => {
  const DAY = 86_400_000;
  const paid = orderOf(TWO_TICKETS_AND_A_PRINT);
  const invoice = stored(composeInvoice(paid, SETTINGS, new Map(), 'en-GB'), 1);
  const on = { on: true, detailsDays: 14 };

  it('are read as typed, compact, and only with a VAT number of the address’s country', () => {
    const typed = { company: ' Hafen GmbH ', address: ' Kai 1 ', country: 'DE', vatId: 'de 136 308 783' };
    expect(billingDetails(typed)).toEqual({
      company: 'Hafen GmbH',
      address: 'Kai 1',
      country: 'DE',
      vatId: 'DE136308783',
    });
    expect(billingVatProblem('DE136308783', 'AT')).toBe('elsewhere');
    expect(billingVatProblem('EL094259216', 'GR')).toBeNull();
    expect(billingVatProblem('DE136308784', 'DE')).toBe('checksum');
    expect(billingDetails({ ...typed, country: 'DE', vatId: 'DE136308784' })).toBeNull();
    expect(billingDetails({ ...typed, address: '  ' })).toBeNull();
    expect(billingDetails({ ...typed, country: 'XX' })).toBeNull();
    expect(billingDetails({ ...typed, address: 'x'.repeat(241) })).toBeNull();
    expect(parseBillingDetails({ address: 'Kai 1', country: 'DE', extra: 1 })).toEqual({
      company: '',
      address: 'Kai 1',
      country: 'DE',
      vatId: '',
    });
    expect(parseBillingDetails({ address: 5, country: 'DE' })).toBeNull();
  });

  it('may be changed until the deadline after the first invoice, while the order stands and nothing corrected it', () => {
    const issued = invoice.issued;
    expect(billingChange(paid, [], on, 0)).toEqual({ kind: 'open', until: null });
    expect(billingChange(paid, [invoice], on, issued + DAY)).toEqual({ kind: 'open', until: issued + 14 * DAY });
    expect(billingChange(paid, [invoice], on, issued + 15 * DAY)).toEqual({ kind: 'too-late' });
    expect(billingChange(paid, [invoice], { on: true, detailsDays: 0 }, issued)).toEqual({ kind: 'off' });
    expect(billingChange(paid, [invoice], { on: false, detailsDays: 14 }, issued)).toEqual({ kind: 'off' });
    const cancelled = orderOf(TWO_TICKETS_AND_A_PRINT, {}, { status: 'cancelled' });
    expect(billingChange(cancelled, [invoice], on, issued)).toEqual({ kind: 'closed' });
    const part = stored(composeCredit(invoice, [], 1250, 'refund', 'r1'), 2);
    expect(billingChange(paid, [invoice, part], on, issued)).toEqual({ kind: 'corrected' });
    // Issued again for new details: the deadline still runs from the first invoice.
    const credited = stored(composeCredit(invoice, [], 2900, 'details'), 5);
    const again = stored(composeInvoice(paid, SETTINGS, new Map(), 'en-GB'), 9);
    expect(billingChange(paid, [invoice, credited, again], on, issued)).toEqual({
      kind: 'open',
      until: issued + 14 * DAY,
    });
    expect(parseBillingChange({ kind: 'open', until: 'soon' })).toEqual({ kind: 'open', until: null });
    expect(parseBillingChange({ kind: 'whatever' })).toEqual({ kind: 'off' });
  });
});

describe('a stored document is read back only when it adds up', () => {
  const invoice = composeInvoice(orderOf(TWO_TICKETS_AND_A_PRINT), SETTINGS, new Map(), 'en-GB')!;
  const raw = { ...invoice, prefix: 'INV-', seq: 7, issued: 1 };

  it('under its own number only', () => {
    expect(parseInvoiceDocument('INV-7', raw)).not.toBeNull();
    expect(parseInvoiceDocument('INV-8', raw)).toBeNull();
  });

  it.each([
    [
      'a line whose net and tax do not make its gross',
      { lines: [{ ...invoice.lines[0], net: 2084 }, invoice.lines[1]] },
    ],
    ['lines that do not make the total', { gross: 3000, net: 2583 }],
    [
      'a rate its lines do not make',
      { rates: { ...invoice.rates, zero: { ...invoice.rates.zero, net: 401, gross: 401 } } },
    ],
    ['a line naming a rate it does not hold', { lines: [{ ...invoice.lines[0], rate: 'reduced' }, invoice.lines[1]] }],
    [
      'an invoice below zero',
      { lines: invoice.lines.map((line) => ({ ...line, net: -line.net, tax: -line.tax, gross: -line.gross })) },
    ],
    ['a credit note naming no invoice', { kind: 'credit' }],
    ['a credit note of a refund naming none', { kind: 'credit', corrects: 'INV-1', why: 'refund' }],
    ['a prefix ending in a digit', { prefix: 'INV1', seq: 7 }],
    ['no lines', { lines: [] }],
  ])('not %s', (_case, change) => {
    expect(parseInvoiceDocument('INV-7', { ...raw, ...change })).toBeNull();
  });

  it('lines stored as the database keeps a list (an object by index) read back in their order', () => {
    const asObject = { ...raw, lines: { 1: invoice.lines[1], 0: invoice.lines[0] } };
    expect(parseInvoiceDocument('INV-7', asObject)?.lines).toEqual(invoice.lines);
  });
});

describe('the invoicing settings', () => {
  it('issue nothing until switched on with the seller named and their address', () => {
    expect(parseInvoiceSettings(undefined)).toMatchObject({ on: false, usable: true, prefix: 'INV-' });
    expect(parseInvoiceSettings({ on: true, prefix: 'RE-', seller: { name: 'Halle' } })).toMatchObject({
      on: false,
      usable: false,
      prefix: 'RE-',
    });
    expect(SETTINGS).toMatchObject({ on: true, usable: true });
  });

  it('keep a prefix only of letters, digits and hyphens ending in no digit', () => {
    for (const prefix of ['RE-2027-', 'INV', 'A', '2027-RE-'])
      expect(parseInvoiceSettings({ prefix }).prefix).toBe(prefix);
    for (const prefix of ['INV1', 'inv-', 'IN V-', '', 'ABCDEFGHIJKLM', 'RE/']) {
      expect(parseInvoiceSettings({ prefix }).prefix, prefix).toBe('INV-');
    }
  });
});
