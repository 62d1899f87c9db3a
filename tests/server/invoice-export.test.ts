/**
 * The accountant's export (docs/invoices.md#for-the-accountant) against the real local database with the shop's rules
 * and the real trusted code: staff ask for a period, trusted code answers once with a ZIP whose PDFs are the period's
 * documents and whose files add up to them; nobody but staff can ask, and a request is answered only once.
 */
import { ServerValue } from 'firebase-admin/database';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { invoiceExportRequest } from '../../functions/src/invoices/exportEndpoint';
import { invoiceIssuer } from '../../functions/src/invoices/issue';
import { adminMailDatabase } from '../../functions/src/mail/adminMailDatabase';
import { callerDirect } from '../../functions/src/mail/endpoints';
import { callerLimit, rateLimit } from '../../functions/src/mail/rateLimit';
import { markApplier } from '../../functions/src/payments/marks';
import { refundApplier } from '../../functions/src/payments/refunds';
import { parseInvoiceDocument } from '../../src/features/invoices/model/invoiceDocument';
import { UK_VAT } from '../fixtures/ukVat';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const { connect, read, trusted, order, url, closeAfter } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(['ann', 'bob', 'cy']),
  taxSettings: UK_VAT,
  invoiceSettings: {
    on: true,
    prefix: 'INV-',
    seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
  },
  products: {
    gig: gigEvent({ stock: 100, price: 12.5 }),
    print: gigEvent({ title: 'Print', price: 4, date: null, category: 'Shop', taxRate: 'zero' }),
  },
}));

const staffDb = () => connect('staff', 'staff');
let counter = 0;
const nextId = (what: string) => `${what}-${String(++counter).padStart(8, '0')}`;

async function paidOrder(uid: string): Promise<string> {
  const id = await order(uid, { gig: 2, print: 1 }, 'door');
  await staffDb()
    .ref(`paymentMarks/${nextId('mark')}`)
    .set({ uid, order: id, amount: 2900, method: 'door', by: 'staff', at: ServerValue.TIMESTAMP });
  await markApplier(trusted())();
  return id;
}

async function refundByHand(uid: string, id: string, amount: number): Promise<void> {
  await staffDb()
    .ref(`refundRequests/${nextId('refund')}`)
    .set({ uid, order: id, amount, way: 'by-hand', by: 'staff', note: '', at: ServerValue.TIMESTAMP });
  await refundApplier(trusted(), null)();
}

/** Staff ask for [from, to) as request `id`, then trusted code answers it (status and JSON body). */
async function exportOf(id: string, from: number, to: number, now?: () => number) {
  await staffDb().ref(`invoiceExports/${id}`).set({ from, to, by: 'staff', at: ServerValue.TIMESTAMP });
  return answer(id, now);
}

async function answer(id: string, now?: () => number) {
  const db = adminMailDatabase(url());
  closeAfter(db.close);
  const limit = callerLimit(rateLimit(100, 60_000), rateLimit(100, 60_000));
  const reply = await invoiceExportRequest(db, limit, 'POST', { request: id }, callerDirect('127.0.0.1'), now);
  return { status: reply.status, body: JSON.parse(reply.body) as Record<string, unknown> };
}

/** The CSV's rows as records by header, without the BOM. */
function rowsOf(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])));
}

const pence = (text: string | undefined) => Math.round(Number(text) * 100);

describe('the accountant’s ZIP', () => {
  it('holds every document of the period as a PDF, and files that add up to them', async () => {
    const ann = await paidOrder('ann');
    await paidOrder('bob');
    await refundByHand('ann', ann, 1250);
    await invoiceIssuer(trusted())();
    const issued = Object.keys(((await read('invoices')) ?? {}) as object).sort();
    expect(issued).toEqual(['INV-1', 'INV-2', 'INV-3']);

    const { status, body } = await exportOf(nextId('export'), Date.now() - 3_600_000, Date.now() + 3_600_000);
    expect(status).toBe(200);
    expect(body).toMatchObject({ documents: 3, unreadable: [], unreadableMoney: 0 });
    expect(body.filename).toMatch(/^invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(Buffer.from(body.zip as string, 'base64'));
    expect(Object.keys(files).sort()).toEqual([
      'documents.csv',
      'payments-and-refunds.csv',
      'pdf/INV-1.pdf',
      'pdf/INV-2.pdf',
      'pdf/INV-3.pdf',
      'tax-per-rate.csv',
    ]);
    for (const number of issued) expect(strFromU8(files[`pdf/${number}.pdf`]!.slice(0, 5))).toBe('%PDF-');

    // The documents' file: a line per document and rate; its gross per document is the document's.
    const lines = rowsOf(strFromU8(files['documents.csv']!));
    for (const number of issued) {
      const stored = parseInvoiceDocument(number, await read(`invoices/${number}`))!;
      const own = lines.filter((line) => line.number === number);
      expect(own.reduce((sum, line) => sum + pence(line.gross), 0)).toBe(stored.gross);
      expect(own.reduce((sum, line) => sum + pence(line.tax), 0)).toBe(stored.tax);
    }
    expect(lines.filter((line) => line.number === 'INV-1').map((line) => [line.rate_percent, line.gross])).toEqual([
      ['20', '25.00'],
      ['0', '4.00'],
    ]);
    const annInvoice = Object.entries((await read(`invoicesOf/ann~${ann}/docs`)) as Record<string, string>).find(
      ([, kind]) => kind === 'invoice',
    )![0];
    expect(lines.find((line) => line.number === 'INV-3')).toMatchObject({ kind: 'credit', corrects: annInvoice });

    // The tax per rate: two invoices less the credit note, and a total that is what the period kept.
    const rates = rowsOf(strFromU8(files['tax-per-rate.csv']!));
    // The refund names an amount, so its credit note shares it among the rates by what each was.
    expect(rates.find((rate) => rate.rate_percent === '20')).toMatchObject({
      invoiced_gross: '50.00',
      invoiced_tax: '8.34',
    });
    const byRate = rates.filter((rate) => rate.rate !== 'total');
    expect(byRate.reduce((sum, rate) => sum + pence(rate.credited_gross), 0)).toBe(-1250);
    expect(byRate.reduce((sum, rate) => sum + pence(rate.gross), 0)).toBe(4550);
    expect(rates.find((rate) => rate.rate === 'total')).toMatchObject({ gross: '45.50' });

    // The money: two payments at the door, one refund by hand, each with its order's reference.
    const money = rowsOf(strFromU8(files['payments-and-refunds.csv']!));
    expect(money.map((line) => [line.kind, line.way, line.amount])).toEqual([
      ['payment', 'door', '29.00'],
      ['payment', 'door', '29.00'],
      ['refund', 'by-hand', '-12.50'],
    ]);
    expect(money[0]!.order).toMatch(/^[0-9A-Z]{8}$/);
  });

  it('leaves out what was issued outside the period', async () => {
    await paidOrder('ann');
    await invoiceIssuer(trusted())();
    const { status, body } = await exportOf(nextId('export'), Date.now() + 3_600_000, Date.now() + 7_200_000);
    expect(status).toBe(200);
    expect(body.documents).toBe(0);
    const files = unzipSync(Buffer.from(body.zip as string, 'base64'));
    expect(Object.keys(files).filter((name) => name.startsWith('pdf/'))).toEqual([]);
    expect(rowsOf(strFromU8(files['documents.csv']!))).toEqual([]);
  });

  it('answers a request once, none too old, and none that is not there', async () => {
    await paidOrder('ann');
    await invoiceIssuer(trusted())();
    const id = nextId('export');
    expect((await exportOf(id, Date.now() - 60_000, Date.now() + 60_000)).status).toBe(200);
    expect(await read(`invoiceExports/${id}`)).toBeNull();
    expect((await answer(id)).status).toBe(404);
    expect((await answer(nextId('never'))).status).toBe(404);
    const later = () => Date.now() + 11 * 60_000;
    expect((await exportOf(nextId('export'), Date.now() - 60_000, Date.now(), later)).status).toBe(410);
  });

  it('only staff ask, as themselves, for at most a year and a day; only the mail sender removes a request', async () => {
    const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
    const from = Date.now() - 86_400_000;
    const request = { from, to: Date.now(), by: 'ann', at: ServerValue.TIMESTAMP };
    await refused(
      connect('ann', 'ann')
        .ref(`invoiceExports/${nextId('export')}`)
        .set(request),
    );
    await refused(
      staffDb()
        .ref(`invoiceExports/${nextId('export')}`)
        .set(request),
    );
    const asStaff = { ...request, by: 'staff' };
    await refused(
      staffDb()
        .ref(`invoiceExports/${nextId('export')}`)
        .set({ ...asStaff, at: 5 }),
    );
    await refused(
      staffDb()
        .ref(`invoiceExports/${nextId('export')}`)
        .set({ ...asStaff, to: from }),
    );
    await refused(
      staffDb()
        .ref(`invoiceExports/${nextId('export')}`)
        .set({ ...asStaff, to: from + 368 * 86_400_000 }),
    );
    await refused(
      staffDb()
        .ref(`invoiceExports/${nextId('export')}`)
        .set({ ...asStaff, note: 'for the accountant' }),
    );
    const id = nextId('export');
    await staffDb().ref(`invoiceExports/${id}`).set(asStaff);
    await refused(staffDb().ref(`invoiceExports/${id}`).remove());
    await refused(
      staffDb()
        .ref(`invoiceExports/${id}/to`)
        .set(Date.now() + 1),
    );
    await refused(connect('bob', 'bob').ref(`invoiceExports/${id}`).get());
    await connect('mailer', 'storefront-mailer').ref(`invoiceExports/${id}`).remove();
    expect(await read(`invoiceExports/${id}`)).toBeNull();
  });
});
