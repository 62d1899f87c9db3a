/**
 * What the accountant is given (docs/invoices.md#for-the-accountant), in pure logic: the documents' file a line per
 * document and rate, adding up to each document; the tax per rate, a rate whose size changed kept apart; days in the
 * shop's zone; hostile names kept from running as formulas; the money moved by method, only money that moved.
 */
import { describe, expect, it } from 'vitest';
import {
  dayIn,
  documentRateRows,
  documentsCsv,
  exportFileName,
  parseExportRequest,
  readIssuedDocuments,
  taxPerRate,
  taxPerRateCsv,
  totalsPerCurrency,
} from '../../src/features/invoices/model/accountantExport';
import { moneyByWay, moneyMoved, moneyMovedCsv } from '../../src/features/payments/model';
import { storedInvoice } from '../fixtures/storedInvoice';

const STANDARD = { name: 'Standard', kind: 'standard', basisPoints: 2000 };
const ZERO = { name: 'Zero', kind: 'zero', basisPoints: 0 };

/** An invoice of two tickets at 20 % (£25.00), a print at 0 % (£4.00) and a gift card outside the scope (£10.00). */
function mixedInvoice(seq: number, issued: number, extra: Record<string, unknown> = {}) {
  return storedInvoice(seq, { uid: 'ann', id: `order-${seq}` }, issued as unknown as object, {
    lines: [
      { title: 'Gig', quantity: 2, unit: 1250, net: 2083, tax: 417, gross: 2500, rate: 'standard' },
      { title: 'Print', quantity: 1, unit: 400, net: 400, tax: 0, gross: 400, rate: 'zero' },
      { title: 'Gift card', quantity: 1, unit: 1000, net: 1000, tax: 0, gross: 1000 },
    ],
    rates: {
      standard: { ...STANDARD, net: 2083, tax: 417, gross: 2500 },
      zero: { ...ZERO, net: 400, tax: 0, gross: 400 },
    },
    net: 3483,
    tax: 417,
    gross: 3900,
    ...extra,
  });
}

/** A credit note of £12.50 of invoice `corrects`, all at 20 %, stored as trusted code stores one (below zero). */
function creditOf(seq: number, issued: number, corrects: string, basisPoints = 2000) {
  return storedInvoice(seq, { uid: 'ann', id: 'order-1' }, issued as unknown as object, {
    kind: 'credit',
    corrects,
    why: 'refund',
    refund: `refund-${seq}`,
    lines: [{ title: 'Standard', net: -1042, tax: -208, gross: -1250, rate: 'standard' }],
    rates: { standard: { ...STANDARD, basisPoints, net: -1042, tax: -208, gross: -1250 } },
    net: -1042,
    tax: -208,
    gross: -1250,
  });
}

const read = (rows: [string, unknown][]) => readIssuedDocuments(rows);
const JUNE = Date.UTC(2027, 5, 10, 12);

describe('the documents of a period', () => {
  it('a line per rate and one for what is outside the scope of tax, adding up to the document', () => {
    const { documents } = read([['INV-1', mixedInvoice(1, JUNE)]]);
    const [number, document] = documents[0]!;
    const rows = documentRateRows(number, document);
    expect(rows.map((row) => [row.rate, row.net, row.tax, row.gross])).toEqual([
      ['standard', 2083, 417, 2500],
      ['zero', 400, 0, 400],
      [null, 1000, 0, 1000],
    ]);
    for (const amount of ['net', 'tax', 'gross'] as const) {
      expect(rows.reduce((sum, row) => sum + row[amount], 0)).toBe(document[amount]);
    }
  });

  it('reads documents back in the order they were issued, and names those it cannot read', () => {
    const { documents, unreadable } = read([
      ['INV-2', creditOf(2, JUNE + 1000, 'INV-1')],
      ['INV-1', mixedInvoice(1, JUNE)],
      ['INV-3', { ...mixedInvoice(3, JUNE), gross: 1 }],
    ]);
    expect(documents.map(([number]) => number)).toEqual(['INV-1', 'INV-2']);
    expect(unreadable).toEqual(['INV-3']);
    expect(documents[1]![1].gross).toBe(-1250);
  });

  it('adds the tax up per rate, invoiced and credited, a rate sold at another size kept apart', () => {
    const { documents } = read([
      ['INV-1', mixedInvoice(1, JUNE)],
      ['INV-2', mixedInvoice(2, JUNE)],
      ['INV-3', creditOf(3, JUNE, 'INV-1')],
      ['INV-4', creditOf(4, JUNE, 'INV-2', 1750)],
    ]);
    const rates = taxPerRate(documents);
    expect(
      rates.map((rate) => [rate.name, rate.basisPoints, rate.invoiced.gross, rate.credited.gross, rate.total.tax]),
    ).toEqual([
      ['Standard', 2000, 5000, -1250, 834 - 208],
      ['Standard', 1750, 0, -1250, -208],
      ['Zero', 0, 800, 0, 0],
      ['', 0, 2000, 0, 0],
    ]);
    const [total] = totalsPerCurrency(rates);
    const everything = documents.reduce((sum, [, document]) => sum + document.gross, 0);
    expect(total).toEqual({ currency: 'GBP', total: { net: expect.any(Number), tax: 834 - 416, gross: everything } });
    expect(taxPerRateCsv(rates).split('\r\n').at(-2)).toBe('GBP,total,,,,,,,,,48.82,4.18,53.00');
  });

  it('keeps what was sold under reverse charge as a rate of its own, at 0 %, adding up', () => {
    const reverse = { name: 'Reverse charge', kind: 'reverse', basisPoints: 0 };
    const { documents, unreadable } = read([
      ['INV-1', mixedInvoice(1, JUNE)],
      [
        'INV-2',
        mixedInvoice(2, JUNE, {
          lines: [
            { title: 'Gig', quantity: 2, unit: 1250, net: 2083, tax: 417, gross: 2500, rate: 'standard' },
            { title: 'Print', quantity: 1, unit: 400, net: 400, tax: 0, gross: 400, rate: 'reverse-charge' },
          ],
          rates: {
            standard: { ...STANDARD, net: 2083, tax: 417, gross: 2500 },
            'reverse-charge': { ...reverse, net: 400, tax: 0, gross: 400 },
          },
          net: 2483,
          gross: 2900,
        }),
      ],
    ]);
    expect(unreadable).toEqual([]);
    const rates = taxPerRate(documents);
    expect(rates.map((rate) => [rate.name, rate.kind, rate.total.net, rate.total.tax])).toEqual([
      ['Standard', 'standard', 4166, 834],
      ['Reverse charge', 'reverse', 400, 0],
      ['Zero', 'zero', 400, 0],
      ['', 'outside', 1000, 0],
    ]);
    const rows = documentRateRows(documents[1]![0], documents[1]![1]);
    expect(rows.reduce((sum, row) => sum + row.gross, 0)).toBe(2900);
    expect(totalsPerCurrency(rates)[0]!.total).toEqual({ net: 4166 + 400 + 400 + 1000, tax: 834, gross: 6800 });
  });
});

describe('the files', () => {
  it('write each document’s day in the shop’s zone, amounts as plain numbers, a credit note’s below zero', () => {
    // 23:30 UTC on 30 June is already 1 July in Berlin.
    const late = Date.UTC(2027, 5, 30, 23, 30);
    const { documents } = read([
      ['INV-1', mixedInvoice(1, late)],
      ['INV-2', creditOf(2, late, 'INV-1')],
    ]);
    const lines = documentsCsv(documents, 'Europe/Berlin')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,kind,issued_on,issued_at,order,buyer,buyer_company,buyer_vat_id,corrects,reason,currency,rate,rate_percent,rate_kind,net,tax,gross,paid_by',
    );
    expect(lines[1]).toBe(
      'INV-1,invoice,2027-07-01,2027-06-30T23:30:00.000Z,,B,,,,,GBP,Standard,20,standard,20.83,4.17,25.00,door',
    );
    expect(lines[3]).toBe(
      'INV-1,invoice,2027-07-01,2027-06-30T23:30:00.000Z,,B,,,,,GBP,,,outside,10.00,0.00,10.00,door',
    );
    expect(lines[4]).toBe(
      'INV-2,credit,2027-07-01,2027-06-30T23:30:00.000Z,,B,,,INV-1,refund,GBP,Standard,20,standard,-10.42,-2.08,-12.50,door',
    );
    expect(dayIn(late, 'UTC')).toBe('2027-06-30');
    expect(exportFileName('invoices', { from: Date.UTC(2027, 5, 1), to: Date.UTC(2027, 6, 1) }, 'UTC', 'zip')).toBe(
      'invoices-2027-06-01-to-2027-06-30.zip',
    );
  });

  it('keep a buyer’s name or company from running as a formula in the accountant’s spreadsheet', () => {
    const { documents } = read([
      ['INV-1', mixedInvoice(1, JUNE, { buyer: { name: '=HYPERLINK("http://x.example")', company: '@SUM(A1)' } })],
    ]);
    const csv = documentsCsv(documents, 'UTC');
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example"")",'@SUM(A1)`);
    expect(csv).not.toMatch(/,=|,@/);
  });

  it('take a request for at most a year and a day, from before to after, in a zone that is one', () => {
    expect(parseExportRequest({ from: 1, to: 2, by: 'staff', at: 3, zone: 'Europe/Berlin' })).toEqual({
      from: 1,
      to: 2,
      by: 'staff',
      at: 3,
      zone: 'Europe/Berlin',
    });
    expect(parseExportRequest({ from: 1, to: 2, by: 'staff', at: 3, zone: 'Mars/Olympus' })).toMatchObject({
      zone: null,
    });
    expect(parseExportRequest({ from: 2, to: 2, by: 'staff', at: 3 })).toBeNull();
    expect(parseExportRequest({ from: 0, to: 368 * 86_400_000, by: 'staff', at: 3 })).toBeNull();
    expect(parseExportRequest({ from: 0, to: 1.5, by: 'staff', at: 3 })).toBeNull();
    expect(parseExportRequest('x')).toBeNull();
  });
});

describe('the money of a period', () => {
  const payments = {
    'ann~o1': {
      'mark-1': { method: 'door', amount: 2900, currency: 'GBP', state: 'confirmed', created: JUNE },
      'card-1': { method: 'card', amount: 2900, currency: 'GBP', state: 'cancelled', created: JUNE },
      'card-2': { method: 'card', amount: 2900, currency: 'GBP', state: 'confirmed', created: JUNE + 5 },
    },
    'bob~o2': {
      'mark-2': { method: 'transfer', amount: 1000, currency: 'GBP', state: 'confirmed', created: JUNE - 86_400_000 },
      'giftcard-1': {
        method: 'giftcard',
        amount: 500,
        currency: 'GBP',
        state: 'confirmed',
        created: JUNE + 1,
        card: 'C',
      },
      broken: { method: 'door', amount: -5, currency: 'GBP', state: 'confirmed', created: JUNE },
    },
    junk: 'not a record',
  };
  const refunds = {
    'ann~o1': {
      r1: { way: 'by-hand', amount: 1250, currency: 'GBP', state: 'done', created: JUNE + 10 },
      r2: { way: 'card', amount: 100, currency: 'GBP', state: 'failed', created: JUNE + 11 },
      r3: { way: 'card', amount: 200, currency: 'GBP', state: 'pending', created: JUNE + 12 },
    },
  };
  const range = { from: JUNE - 3_600_000, to: JUNE + 3_600_000 };

  it('counts payments received and refunds done in the period, nothing else, and says what it could not read', () => {
    const { movements, unreadable } = moneyMoved(payments, refunds, range);
    expect(movements.map((entry) => [entry.kind, entry.id, entry.way, entry.amount])).toEqual([
      ['payment', 'mark-1', 'door', 2900],
      ['payment', 'giftcard-1', 'giftcard', 500],
      ['payment', 'card-2', 'card', 2900],
      ['refund', 'r1', 'by-hand', 1250],
    ]);
    expect(unreadable).toBe(1);
    expect(moneyByWay(movements).map((way) => [way.way, way.received.amount, way.givenBack.amount])).toEqual([
      ['door', 2900, 0],
      ['card', 2900, 0],
      ['giftcard', 500, 0],
      ['by-hand', 0, 1250],
    ]);
    const csv = moneyMovedCsv(
      movements,
      (at) => dayIn(at, 'UTC'),
      (key) => (key === 'ann~o1' ? 'K7M4QXPR' : key),
    );
    expect(csv.split('\r\n')[4]).toBe(
      `2027-06-10,${new Date(JUNE + 10).toISOString()},refund,by-hand,K7M4QXPR,r1,GBP,-12.50`,
    );
  });

  it('reads nothing from nothing', () => {
    expect(moneyMoved(null, undefined, range)).toEqual({ movements: [], unreadable: 0 });
  });
});
