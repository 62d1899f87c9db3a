/**
 * Invoices and credit notes (docs/invoices.md) against the real local database with the shop's rules and the real
 * trusted code: an order made paid, given money back or cancelled is queued for its documents in the same update;
 * the issuer (functions/src/invoices/issue.ts) issues what it needs, numbered without gap or repeat however many
 * issuers run and however often; and nobody else writes a document, a number or an order's list, nor changes one.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { invoiceIssuer } from '../../functions/src/invoices/issue';
import { markApplier } from '../../functions/src/payments/marks';
import { refundApplier } from '../../functions/src/payments/refunds';
import { parseInvoiceDocument, type InvoiceDocument } from '../../src/features/invoices/model/invoiceDocument';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { storedInvoice } from '../fixtures/storedInvoice';
import { UK_VAT } from '../fixtures/ukVat';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const BUYERS = Array.from({ length: 24 }, (_, index) => `buyer${index}`);
const INVOICING = {
  on: true,
  prefix: 'INV-',
  seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
};

const { connect, read, trusted, order, admin, cancelOnDesk } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(['ann', 'bob', ...BUYERS]),
  taxSettings: UK_VAT,
  invoiceSettings: INVOICING,
  products: {
    gig: gigEvent({ stock: 100, price: 12.5 }),
    print: gigEvent({ title: 'Print', price: 4, date: null, category: 'Shop', taxRate: 'zero' }),
  },
}));

const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const staffDb = () => connect('staff', 'staff');
const issue = () => invoiceIssuer(trusted())();

let marks = 0;
/** Staff record `amount` (minor units) paid at the door for `uid`'s order `id`, and trusted code applies it. */
async function pay(uid: string, id: string, amount: number): Promise<void> {
  await staffDb()
    .ref(`paymentMarks/mark-${String(++marks).padStart(7, '0')}`)
    .set({ uid, order: id, amount, method: 'door', by: 'staff', at: ServerValue.TIMESTAMP });
  await markApplier(trusted())();
}

let refunds = 0;
/** Staff give back `amount` of `uid`'s order `id` by hand, and trusted code records it. Returns the refund's id. */
async function refund(uid: string, id: string, amount: number): Promise<string> {
  const refundId = `refund-${++refunds}`;
  await staffDb()
    .ref(`refundRequests/${refundId}`)
    .set({ uid, order: id, amount, way: 'by-hand', by: 'staff', note: '', at: ServerValue.TIMESTAMP });
  await refundApplier(trusted(), null)();
  return refundId;
}

/** Buyer `uid` orders two gig tickets and a print (£29.00, £4.17 of it VAT) at the door and pays `paid` of it. */
async function paidOrder(uid: string, paid = 2900): Promise<string> {
  const id = await order(uid, { gig: 2, print: 1 }, 'door');
  await pay(uid, id, paid);
  return id;
}

async function documentsOf(uid: string, id: string): Promise<InvoiceDocument[]> {
  const listed = ((await read(`invoicesOf/${uid}~${id}/docs`)) ?? {}) as Record<string, unknown>;
  const documents = await Promise.all(
    Object.keys(listed).map(async (number) => parseInvoiceDocument(number, await read(`invoices/${number}`))),
  );
  expect(documents).not.toContain(null);
  return (documents as InvoiceDocument[]).sort((a, b) => a.seq - b.seq);
}

describe('the issuer issues what an order needs, after the update that made it need it', () => {
  it('a paid order: queued as it is paid, then one invoice for what was due, numbered 1; nothing more after', async () => {
    const id = await order('ann', { gig: 2, print: 1 }, 'door');
    expect(await read('invoiceQueue')).toBeNull();
    await pay('ann', id, 2900);
    expect(await read(`invoiceQueue/ann~${id}/at`)).toEqual(expect.any(Number));
    expect(await issue()).toEqual({ invoices: 1, credits: 0, unfit: 0, deferred: 0 });
    const [invoice, ...more] = await documentsOf('ann', id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      prefix: 'INV-',
      seq: 1,
      net: 2483,
      tax: 417,
      gross: 2900,
      paidBy: 'door',
      seller: { name: 'Harbour Hall Ltd', vatId: 'GB123456789' },
      buyer: { name: 'Buyer ann', email: 'ann@example.com' },
    });
    expect(invoice?.lines.map((line) => [line.title, line.quantity, line.gross, line.rate, line.date])).toEqual([
      ['Gig', 2, 2500, 'standard', '2027-06-01T19:00:00Z'],
      ['Print', 1, 400, 'zero', undefined],
    ]);
    expect(await read(`invoicesOf/ann~${id}/open`)).toBe('INV-1');
    expect(await read('invoiceCounters/INV-')).toBe(1);
    expect(await read('invoiceQueue')).toBeNull();
    // Run again, or the order queued again: nothing more to issue.
    await admin().ref(`invoiceQueue/ann~${id}`).set({ at: ServerValue.TIMESTAMP });
    expect(await issue()).toEqual({ invoices: 0, credits: 0, unfit: 0, deferred: 0 });
    expect(await read('invoiceCounters/INV-')).toBe(1);
  });

  it('an order never paid, or paid while invoicing is off, gets none', async () => {
    await order('ann', { gig: 1 }, 'door');
    await staffDb().ref('invoiceSettings/on').set(false);
    const id = await paidOrder('bob');
    expect(await issue()).toMatchObject({ invoices: 0 });
    expect(await read(`invoicesOf/bob~${id}/docs`)).toBeNull();
    expect(await read('invoices')).toBeNull();
  });

  it('a refund gets a credit note of what it gave back, naming the invoice; an over-payment given back gets none', async () => {
    const id = await paidOrder('ann', 3100);
    await issue();
    const over = await refund('ann', id, 200);
    const ticket = await refund('ann', id, 1250);
    expect(await issue()).toMatchObject({ invoices: 0, credits: 1 });
    const [invoice, credit] = await documentsOf('ann', id);
    expect(credit).toMatchObject({
      kind: 'credit',
      seq: 2,
      corrects: 'INV-1',
      why: 'refund',
      refund: ticket,
      gross: -1250,
    });
    expect(credit!.gross + invoice!.gross).toBe(1650);
    expect(await read(`invoicesOf/ann~${id}/refunds`)).toEqual({ [over]: 'none', [ticket]: 'INV-2' });
    expect(await read(`invoicesOf/ann~${id}/open`)).toBe('INV-1');
  });

  it('a refund that names a ticket gets a credit note of that ticket at its rate; none names more than it has', async () => {
    const id = await paidOrder('ann');
    await issue();
    const ask = (refundId: string, extra: Record<string, unknown>) =>
      staffDb()
        .ref(`refundRequests/${refundId}`)
        .set({ uid: 'ann', order: id, amount: 1250, way: 'by-hand', by: 'staff', at: ServerValue.TIMESTAMP, ...extra });
    await refused(ask('refund-line-1', { line: 'gig', quantity: 3 }));
    await refused(ask('refund-line-2', { line: 'nothing', quantity: 1 }));
    await refused(ask('refund-line-3', { line: 'gig' }));
    await ask('refund-line-4', { line: 'gig', quantity: 1 });
    await refundApplier(trusted(), null)();
    expect(await read(`refunds/ann~${id}/refund-line-4`)).toMatchObject({ line: 'gig', quantity: 1, state: 'done' });
    await issue();
    const [, credit] = await documentsOf('ann', id);
    expect(credit?.lines).toEqual([
      { title: 'Gig', quantity: -1, net: -1041, tax: -209, gross: -1250, rate: 'standard' },
    ]);
    expect(credit?.refund).toBe('refund-line-4');
  });

  it('a paid order cancelled gets a credit note of all that is left; the refund after it, none', async () => {
    const id = await paidOrder('ann');
    await issue();
    await refund('ann', id, 400);
    await cancelOnDesk('ann', id);
    expect(await issue()).toMatchObject({ credits: 2 });
    const rest = await refund('ann', id, 2500);
    expect(await issue()).toMatchObject({ credits: 0 });
    const [, byRefund, byCancel] = await documentsOf('ann', id);
    expect(byRefund).toMatchObject({ why: 'refund', gross: -400 });
    expect(byCancel).toMatchObject({ why: 'cancelled', gross: -2500, corrects: 'INV-1', seq: 3 });
    expect(await read(`invoicesOf/ann~${id}/open`)).toBeNull();
    expect(await read(`invoicesOf/ann~${id}/refunds/${rest}`)).toBe('none');
  });

  it('paid and cancelled before the issuer ran: the invoice, then its credit note, so the books show both', async () => {
    const id = await paidOrder('ann');
    await cancelOnDesk('ann', id);
    expect(await issue()).toMatchObject({ invoices: 1, credits: 1 });
    const documents = await documentsOf('ann', id);
    expect(documents.map((document) => [document.seq, document.kind, document.gross])).toEqual([
      [1, 'invoice', 2900],
      [2, 'credit', -2900],
    ]);
  });

  it('numbers follow the prefix staff set, a new one from 1; a credit note takes the prefix of its day', async () => {
    const first = await paidOrder('ann');
    await issue();
    await staffDb().ref('invoiceSettings/prefix').set('RE-2027-');
    const second = await paidOrder('bob');
    await refund('ann', first, 100);
    await issue();
    expect((await documentsOf('bob', second)).map((document) => document.prefix + document.seq)).toEqual(['RE-2027-1']);
    const [invoice, credit] = await documentsOf('ann', first);
    expect([invoice?.prefix, invoice?.seq, credit?.prefix, credit?.seq, credit?.corrects]).toEqual([
      'INV-',
      1,
      'RE-2027-',
      2,
      'INV-1',
    ]);
    expect(await read('invoiceCounters')).toEqual({ 'INV-': 1, 'RE-2027-': 2 });
  });
});

describe('numbers without a gap or a repeat', () => {
  it('issuers side by side, each told again and again, number every paid order once, 1 to N', async () => {
    const ids = new Map<string, string>();
    for (const buyer of BUYERS) ids.set(buyer, await paidOrder(buyer));
    // Four issuers of their own connections, each run twice at once: they race for every number.
    const issuers = Array.from({ length: 4 }, () => invoiceIssuer(trusted()));
    const reports = await Promise.all([...issuers, ...issuers].map((run) => run()));
    // A call while its issuer runs joins that run: its report is the run's, counted once.
    expect([...new Set(reports)].reduce((sum, report) => sum + report.invoices, 0)).toBe(BUYERS.length);
    await Promise.all(issuers.map((run) => run()));
    const all = ((await read('invoices')) ?? {}) as Record<string, { order: { uid: string } }>;
    expect(Object.keys(all).sort()).toEqual(BUYERS.map((_, index) => `INV-${index + 1}`).sort());
    expect(new Set(Object.values(all).map((document) => document.order.uid))).toEqual(new Set(BUYERS));
    expect(await read('invoiceCounters/INV-')).toBe(BUYERS.length);
    expect(await read('invoiceQueue')).toBeNull();
  });
});

describe('nobody but trusted code writes a document, a number or a list, and it never changes', () => {
  async function issuedOrder(): Promise<{ id: string; invoice: Record<string, unknown> }> {
    const id = await paidOrder('ann');
    await issue();
    return { id, invoice: (await read('invoices/INV-1')) as Record<string, unknown> };
  }

  it('buyers and staff write none of it: not the queue, a counter, a document or an order list', async () => {
    const { id, invoice } = await issuedOrder();
    for (const as of ['ann', 'staff']) {
      const db = connect(as, as);
      await refused(db.ref(`invoiceQueue/ann~${id}`).set({ at: ServerValue.TIMESTAMP }));
      await refused(db.ref('invoiceCounters/INV-').set(2));
      await refused(db.ref('invoices/INV-2').set({ ...invoice, seq: 2 }));
      await refused(db.ref('invoices/INV-1/gross').set(1));
      await refused(db.ref(`invoicesOf/ann~${id}/open`).remove());
      await refused(db.ref(`invoicesOf/ann~${id}/docs/INV-2`).set('invoice'));
    }
    await refused(connect('ann', 'ann').ref('invoiceSettings/on').set(false));
  });

  it('trusted code itself cannot skip a number, repeat one, change or remove a document, or unlist one', async () => {
    const { id, invoice } = await issuedOrder();
    const allocator = connect('allocator', ALLOCATOR_UID);
    const second = await paidOrder('bob');
    const bobInvoice = (seq: number) => ({
      ...invoice,
      seq,
      order: { uid: 'bob', id: second, ref: '' },
      issued: ServerValue.TIMESTAMP,
    });
    const issueAs = (seq: number, counter: number) =>
      allocator.ref().update({
        'invoiceCounters/INV-': counter,
        [`invoices/INV-${seq}`]: bobInvoice(seq),
        [`invoicesOf/bob~${second}/docs/INV-${seq}`]: 'invoice',
        [`invoicesOf/bob~${second}/open`]: `INV-${seq}`,
      });
    await refused(issueAs(3, 3));
    await refused(issueAs(1, 1));
    await refused(issueAs(2, 3));
    await refused(allocator.ref('invoiceCounters/INV-').set(2));
    await refused(allocator.ref('invoices/INV-1/gross').set(2899));
    await refused(allocator.ref('invoices/INV-1').remove());
    await refused(allocator.ref(`invoicesOf/ann~${id}/docs/INV-1`).remove());
    await refused(allocator.ref(`invoicesOf/ann~${id}`).remove());
    // The right number, for what bob's order was due: taken.
    await issueAs(2, 2);
    expect(await read('invoiceCounters/INV-')).toBe(2);
  });

  it('trusted code cannot invoice an order twice, one unpaid, or for other than it was due', async () => {
    const { id } = await issuedOrder();
    const allocator = connect('allocator', ALLOCATOR_UID);
    const unpaid = await order('bob', { gig: 1 }, 'door');
    const issueFor = (uid: string, orderId: string, extra: Record<string, unknown> = {}) =>
      allocator.ref().update({
        'invoiceCounters/INV-': 2,
        'invoices/INV-2': storedInvoice(2, { uid, id: orderId }, ServerValue.TIMESTAMP, extra),
        [`invoicesOf/${uid}~${orderId}/docs/INV-2`]: 'invoice',
        [`invoicesOf/${uid}~${orderId}/open`]: 'INV-2',
      });
    await refused(
      issueFor('ann', id, { gross: 2900, net: 2900, lines: [{ title: 'x', net: 2900, tax: 0, gross: 2900 }] }),
    );
    await refused(
      issueFor('bob', unpaid, { gross: 1250, net: 1250, lines: [{ title: 'x', net: 1250, tax: 0, gross: 1250 }] }),
    );
    await pay('bob', unpaid, 1250);
    await refused(issueFor('bob', unpaid, { gross: 1000 }));
    // What the refusals lacked, and nothing else: bob's order paid, for what it was due.
    const due = { gross: 1250, net: 1250, lines: [{ title: 'Gig', net: 1250, tax: 0, gross: 1250 }] };
    await refused(issueFor('bob', unpaid, { ...due, currency: 'EUR' }));
    await issueFor('bob', unpaid, due);
    expect(await read('invoices/INV-2/gross')).toBe(1250);
  });

  it('a buyer reads their own documents and list, not another’s; staff read all', async () => {
    const { id } = await issuedOrder();
    expect((await connect('ann', 'ann').ref('invoices/INV-1').get()).val()).toMatchObject({ seq: 1 });
    expect((await connect('ann', 'ann').ref(`invoicesOf/ann~${id}`).get()).val()).toMatchObject({ open: 'INV-1' });
    await refused(connect('bob', 'bob').ref('invoices/INV-1').get());
    await refused(connect('bob', 'bob').ref(`invoicesOf/ann~${id}`).get());
    await refused(connect('bob', 'bob').ref('invoices').get());
    expect((await staffDb().ref('invoices').get()).val()).toHaveProperty('INV-1');
  });
});
