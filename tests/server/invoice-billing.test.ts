/**
 * The buyer's invoice details (docs/invoices.md#the-buyers-details) against the real local database with the shop's
 * rules and the real trusted code: given at checkout, they are on the invoice; changed from the order page until the
 * deadline, the invoice is credited whole and issued again, numbered on; refused once a refund corrected it, past the
 * deadline, or unchanged. A buyer sends none malformed, nor writes an order's details themselves (staff, who edit
 * orders, may).
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { billingChanger } from '../../functions/src/invoices/billingEndpoint';
import type { ComposedMail } from '../../functions/src/mail/compose';
import { adminMailDatabase } from '../../functions/src/mail/adminMailDatabase';
import { createMailSender } from '../../functions/src/mail/sender';
import { invoiceIssuer } from '../../functions/src/invoices/issue';
import { markApplier } from '../../functions/src/payments/marks';
import { refundApplier } from '../../functions/src/payments/refunds';
import { parseInvoiceDocument, type InvoiceDocument } from '../../src/features/invoices/model/invoiceDocument';
import type { BillingDetails } from '../../src/features/orders/billing';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { orderMailIds } from '../../src/features/orders/orderMail';
import { storedInvoice } from '../fixtures/storedInvoice';
import { FRENCH_BUSINESS, GERMAN_VAT_REVERSE_CHARGE, UK_VAT } from '../fixtures/ukVat';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const { connect, read, trusted, queueOrder, settle, admin, url } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(['ann', 'bob']),
  taxSettings: UK_VAT,
  invoiceSettings: {
    on: true,
    prefix: 'INV-',
    detailsDays: 14,
    seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
  },
  products: {
    gig: gigEvent({ stock: 100, price: 12.5 }),
    print: gigEvent({ title: 'Print', price: 4, date: null, category: 'Shop', taxRate: 'zero' }),
  },
}));

const HAFEN: BillingDetails = {
  company: 'Hafen GmbH',
  address: 'Kai 1\n20457 Hamburg',
  country: 'DE',
  vatId: 'DE136308783',
};
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const staffDb = () => connect('staff', 'staff');
const issue = () => invoiceIssuer(trusted())();

/** Ann's order of two tickets and a print (£29.00) with `billing`, paid at the door; its id and its link's secret. */
async function paidOrder(billing?: BillingDetails): Promise<{ id: string; secret: string }> {
  const id = await queueOrder('ann', { gig: 2, print: 1 }, 'door', billing ? { billing } : {});
  await settle();
  await staffDb()
    .ref('paymentMarks/mark-00000001')
    .set({ uid: 'ann', order: id, amount: 2900, method: 'door', by: 'staff', at: ServerValue.TIMESTAMP });
  await markApplier(trusted())();
  return { id, secret: (await read(`orders/ann/${id}/link`)) as string };
}

async function documents(id: string): Promise<InvoiceDocument[]> {
  const listed = ((await read(`invoicesOf/ann~${id}/docs`)) ?? {}) as Record<string, string>;
  const all = await Promise.all(
    Object.keys(listed).map(async (number) => parseInvoiceDocument(number, await read(`invoices/${number}`))!),
  );
  return all.sort((a, b) => a.seq - b.seq);
}

describe('the invoice details a buyer gives', () => {
  it('at checkout are on the order and its invoice', async () => {
    const { id } = await paidOrder(HAFEN);
    expect(await read(`orders/ann/${id}/billing`)).toEqual(HAFEN);
    await issue();
    const [invoice] = await documents(id);
    expect(invoice!.buyer).toEqual({
      name: 'Buyer ann',
      email: 'ann@example.com',
      company: 'Hafen GmbH',
      address: 'Kai 1\n20457 Hamburg\nGermany',
      country: 'DE',
      vatId: 'DE136308783',
    });
  });

  it('changed from the order page: the invoice credited whole and issued again, each time, numbered on', async () => {
    const { id, secret } = await paidOrder();
    await issue();
    const change = billingChanger(trusted());
    expect(await change.change(secret, HAFEN)).toEqual({ kind: 'changed' });
    expect(await read(`invoiceQueue/ann~${id}/at`)).toEqual(expect.any(Number));
    expect(await issue()).toMatchObject({ invoices: 1, credits: 1 });
    const moved = { ...HAFEN, company: '', address: 'Kai 2\n20457 Hamburg' };
    expect(await change.change(secret, moved)).toEqual({ kind: 'changed' });
    await issue();
    expect(await change.change(secret, moved)).toEqual({ kind: 'unchanged' });
    const all = await documents(id);
    expect(
      all.map((document) => [document.seq, document.kind, document.corrects, document.why, document.gross]),
    ).toEqual([
      [1, 'invoice', undefined, undefined, 2900],
      [2, 'credit', 'INV-1', 'details', -2900],
      [3, 'invoice', undefined, undefined, 2900],
      [4, 'credit', 'INV-3', 'details', -2900],
      [5, 'invoice', undefined, undefined, 2900],
    ]);
    expect(all[2]!.buyer).toMatchObject({ company: 'Hafen GmbH', vatId: 'DE136308783' });
    expect(all[4]!.buyer).toMatchObject({ address: 'Kai 2\n20457 Hamburg\nGermany', vatId: 'DE136308783' });
    expect(all[4]!.buyer.company).toBeUndefined();
    expect(await read(`invoicesOf/ann~${id}/open`)).toBe('INV-5');
    // Each change emails the buyer the documents after those the order had: INV-2 and INV-3, then INV-4 and INV-5.
    for (const listed of [1, 3]) {
      const mailId = orderMailIds.reissued(id, listed);
      expect(await read(`mailOutbox/${mailId}`)).toMatchObject({ kind: 'documents', to: 'ann@example.com' });
      expect(await read(`orders/ann/${id}/mail/${mailId}`)).toMatchObject({ kind: 'documents', state: 'queued' });
    }
  });

  it('a second change before the issuer has run is emailed once, with the documents after the first invoice', async () => {
    const { id, secret } = await paidOrder();
    await issue();
    const change = billingChanger(trusted());
    expect(await change.change(secret, HAFEN)).toEqual({ kind: 'changed' });
    expect(await change.change(secret, { ...HAFEN, company: 'Hafen AG' })).toEqual({ kind: 'changed' });
    const jobs = Object.values(((await read('mailOutbox')) ?? {}) as Record<string, { kind: string }>);
    expect(jobs.filter((job) => job.kind === 'documents')).toHaveLength(1);
    await issue();
    expect((await documents(id)).map((document) => document.seq)).toEqual([1, 2, 3]);
  });

  it('are refused past the deadline, once a refund corrected the invoice, or by a link that opens nothing', async () => {
    const { id, secret } = await paidOrder();
    await issue();
    const later = billingChanger(trusted(), undefined, () => Date.now() + 15 * 86_400_000);
    expect(await later.change(secret, HAFEN)).toEqual({ kind: 'too-late' });
    await staffDb()
      .ref('refundRequests/refund-1')
      .set({ uid: 'ann', order: id, amount: 1250, way: 'by-hand', by: 'staff', note: '', at: ServerValue.TIMESTAMP });
    await refundApplier(trusted(), null)();
    await issue();
    expect(await billingChanger(trusted()).change(secret, HAFEN)).toEqual({ kind: 'corrected' });
    expect(await billingChanger(trusted()).change('x'.repeat(32), HAFEN)).toEqual({ kind: 'not-found' });
    expect(await read(`orders/ann/${id}/billing`)).toBeNull();
  });

  it('an order is invoiced again only after a credit note for new details, not after one of a refund', async () => {
    const { id } = await paidOrder();
    await issue();
    await staffDb()
      .ref('refundRequests/refund-all')
      .set({ uid: 'ann', order: id, amount: 2900, way: 'by-hand', by: 'staff', note: '', at: ServerValue.TIMESTAMP });
    await refundApplier(trusted(), null)();
    await issue();
    expect(await read(`invoicesOf/ann~${id}/open`)).toBeNull();
    expect(await read('invoices/INV-2/why')).toBe('refund');
    // Still paid (all of it given back): the refusal below is the credit note's reason, not the order's state.
    expect(await read(`orders/ann/${id}/pay/state`)).toBe('paid');
    const again = storedInvoice(3, { uid: 'ann', id }, ServerValue.TIMESTAMP, {
      lines: [{ title: 'Gig', net: 2900, tax: 0, gross: 2900 }],
      net: 2900,
      gross: 2900,
    });
    await refused(
      connect('allocator', ALLOCATOR_UID)
        .ref()
        .update({
          'invoiceCounters/INV-': 3,
          'invoices/INV-3': again,
          [`invoicesOf/ann~${id}/docs/INV-3`]: 'invoice',
          [`invoicesOf/ann~${id}/open`]: 'INV-3',
          [`invoicesOf/ann~${id}/last`]: 'INV-3',
        }),
    );
  });

  it('a buyer sends none malformed, and never writes an order’s details', async () => {
    const { id } = await paidOrder();
    const request = (billing: unknown) =>
      connect('bob', 'bob')
        .ref()
        .update({
          'orderQueue/bob': {
            id: 'request-bob-1',
            at: ServerValue.TIMESTAMP,
            lines: { gig: 1 },
            contact: { name: 'Bob', email: 'bob@example.com' },
            method: 'door',
            billing,
          },
          'orderRate/bob': ServerValue.TIMESTAMP,
        });
    await refused(request({ address: 'Kai 1', country: 'Germany' }));
    await refused(request({ address: 'Kai 1', country: 'DE', vatId: 'de136308783' }));
    await refused(request({ address: 'x'.repeat(241), country: 'DE' }));
    await refused(request({ country: 'DE' }));
    await refused(request({ address: 'Kai 1', country: 'DE', note: 'pay later' }));
    await refused(connect('ann', 'ann').ref(`orders/ann/${id}/billing`).set(HAFEN));
    // The same request with details of the right shape is taken: the refusals above were the details'.
    await request(HAFEN);
    expect(await read('orderQueue/bob/billing')).toEqual(HAFEN);
  });
});

describe('reverse charge (docs/taxes.md#reverse-charge)', () => {
  it('a business in another EU country is invoiced without VAT on the print, the tickets taxed, through the rules', async () => {
    await admin()
      .ref('taxSettings')
      .set({ ...GERMAN_VAT_REVERSE_CHARGE, pricesIncludeTax: true });
    const { id, secret } = await paidOrder(FRENCH_BUSINESS);
    expect(await read(`orders/ann/${id}/tax/rates/reverse-charge`)).toEqual({
      name: 'Reverse charge',
      kind: 'reverse',
      basisPoints: 0,
      net: 400,
      tax: 0,
      gross: 400,
    });
    await issue();
    const [invoice] = await documents(id);
    expect(invoice!.gross).toBe(2900);
    expect(invoice!.rates['reverse-charge']).toMatchObject({ kind: 'reverse', basisPoints: 0, net: 400, tax: 0 });
    expect(invoice!.lines.map((line) => line.rate)).toEqual(['standard', 'reverse-charge']);
    expect(invoice!.buyer).toMatchObject({ country: 'FR', vatId: 'FR40303265045' });
    // Details after paying may name another business abroad; not one the order would have been taxed otherwise for.
    const change = billingChanger(trusted());
    expect(await change.change(secret, HAFEN)).toEqual({ kind: 'taxed-otherwise' });
    expect(await change.change(secret, { ...FRENCH_BUSINESS, vatId: '' })).toEqual({ kind: 'taxed-otherwise' });
    const belgian = {
      company: 'Voorbeeld NV',
      address: 'Kaai 1\n2000 Antwerpen',
      country: 'BE',
      vatId: 'BE0403019261',
    };
    expect(await change.change(secret, belgian)).toEqual({ kind: 'changed' });
    await issue();
    const again = (await documents(id)).at(-1)!;
    expect(again.buyer).toMatchObject({ country: 'BE', vatId: 'BE0403019261' });
    expect(again.rates['reverse-charge']).toMatchObject({ net: 400 });
    // Nobody but the allocator gives an order the rate, or stores it as a shop's.
    await refused(staffDb().ref(`orders/ann/${id}/tax/rates/reverse-charge/kind`).set('zero'));
    await refused(
      staffDb().ref('taxSettings/rates/reverse-charge').set({ name: 'Reverse charge', kind: 'zero', basisPoints: 0 }),
    );
  });

  it('a buyer whose goods were taxed cannot become a business abroad after paying; one with tickets alone can', async () => {
    await admin()
      .ref('taxSettings')
      .set({ ...GERMAN_VAT_REVERSE_CHARGE, pricesIncludeTax: true });
    const { secret } = await paidOrder();
    await issue();
    expect(await billingChanger(trusted()).change(secret, FRENCH_BUSINESS)).toEqual({ kind: 'taxed-otherwise' });
    expect(await billingChanger(trusted()).change(secret, HAFEN)).toEqual({ kind: 'changed' });

    const id = await queueOrder('bob', { gig: 2 }, 'door');
    await settle();
    const link = (await read(`orders/bob/${id}/link`)) as string;
    expect(await billingChanger(trusted()).change(link, FRENCH_BUSINESS)).toEqual({ kind: 'changed' });
  });
});

describe('the emails that carry documents', () => {
  it('an order paid while the sender is busy with another email is sent with its invoice, issued first', async () => {
    const id = await queueOrder('ann', { gig: 2, print: 1 }, 'door');
    await settle();
    const sent: ComposedMail[] = [];
    let paying: Promise<unknown> | null = null;
    // The confirmation is on its way when Ann pays at the door: the paid email is queued during the sender's round.
    const transport = {
      async send(mail: ComposedMail) {
        sent.push(mail);
        paying ??= (async () => {
          await staffDb()
            .ref('paymentMarks/mark-00000001')
            .set({ uid: 'ann', order: id, amount: 2900, method: 'door', by: 'staff', at: ServerValue.TIMESTAMP });
          await markApplier(trusted())();
        })();
        await paying;
      },
    };
    const sender = createMailSender(adminMailDatabase(url()), transport, {
      shopUrl: 'http://localhost:4173',
      from: 'shop@hall.test',
      beforeSending: invoiceIssuer(trusted()),
    });
    await sender.drain();
    expect(
      sent.map((mail) => [mail.messageId, mail.attachments.map((a) => a.filename).filter((f) => f.endsWith('.pdf'))]),
    ).toEqual([
      [`<${id}-confirmation@localhost>`, []],
      [`<${id}-paid@localhost>`, ['INV-1.pdf']],
    ]);
  });
});
