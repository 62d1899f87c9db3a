/**
 * Payments staff take by hand (docs/payments.md#payments-staff-record) against the real local database with the
 * shop's rules: staff queue a mark as themselves, trusted code (functions/src/payments/marks.ts) applies it once
 * as the allocator's identity, and nobody else can record a payment, whatever they write.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { expireHolds } from '../../functions/src/payments/expiry';
import { markApplier } from '../../functions/src/payments/marks';
import { adminMailDatabase } from '../../functions/src/mail/adminMailDatabase';
import { callerDirect, orderLinkRequest } from '../../functions/src/mail/endpoints';
import { callerLimit, rateLimit } from '../../functions/src/mail/rateLimit';
import { deskKey } from '../../src/features/orders/deskIndex';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, admin, read, trusted, order, url, closeAfter, cancelOnDesk } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  products: { gig: gigEvent({ stock: 4, price: 12.5 }) },
}));

/** A mark as the desk queues it, by `by` (staff), for buyer `uid`'s order. */
const mark = (uid: string, orderId: string, amount: number, by = 'staff', method = 'door') => ({
  uid,
  order: orderId,
  amount,
  method,
  by,
  at: ServerValue.TIMESTAMP,
});

async function queue(markId: string, value: Record<string, unknown>, as = 'staff'): Promise<void> {
  await connect(as, as).ref(`paymentMarks/${markId}`).set(value);
}

describe('a payment staff take at the door', () => {
  it('makes the order paid: a record of its own, the summary moved on, the hold lifted, the buyer emailed', async () => {
    const id = await order('ann', { gig: 2 }, 'door');
    await queue('mark-0000001', mark('ann', id, 2500));
    expect(await markApplier(trusted())()).toEqual({ applied: { paid: 1 }, deferred: 0 });

    expect(await read(`paymentMarkAnswers/mark-0000001`)).toMatchObject({ kind: 'paid', over: 0 });
    expect(await read('paymentMarks')).toBeNull();
    expect(await read(`payments/${deskKey('ann', id)}/mark-0000001`)).toMatchObject({
      method: 'door',
      amount: 2500,
      currency: 'GBP',
      state: 'confirmed',
      by: 'staff',
    });
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({ state: 'paid', paid: 2500, v: 2 });
    expect(await read(`deskOrders/${deskKey('ann', id)}`)).toMatchObject({ pay: 'paid' });
    expect(await read(`deskOrders/${deskKey('ann', id)}/hold`)).toBeNull();
    expect(await read(`mailOutbox/${id}-paid`)).toMatchObject({ kind: 'paid', to: 'ann@example.com' });
  });

  it('makes a card or transfer order’s tickets valid when paid; at the door, lowers what is to take by each part', async () => {
    const transfer = await order('lu', { gig: 1 }, 'transfer');
    expect(await read(`tickets/gig/${transfer}-0/status`)).toBe('unpaid');
    await queue('mark-0000015', mark('lu', transfer, 1250, 'staff', 'transfer'));
    const door = await order('mo', { gig: 2 }, 'door');
    await queue('mark-0000016', mark('mo', door, 1000));
    await markApplier(trusted())();
    expect(await read(`tickets/gig/${transfer}-0/status`)).toBe('valid');
    expect(await read(`tickets/gig/${door}-1`)).toMatchObject({ status: 'valid', due: 1500 });
    await queue('mark-0000017', mark('mo', door, 1500));
    await markApplier(trusted())();
    expect(await read(`tickets/gig/${door}-0/due`)).toBeNull();
    expect(await read(`tickets/gig/${door}-1/due`)).toBeNull();
  });

  it('in parts: the balance is said after each, and the order is paid when it is all in', async () => {
    const id = await order('bo', { gig: 2 }, 'transfer');
    await queue('mark-0000002', mark('bo', id, 1000, 'staff', 'transfer'));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000002')).toMatchObject({ kind: 'part-paid', due: 1500 });
    expect(await read(`orders/bo/${id}/pay`)).toMatchObject({ state: 'pending', paid: 1000 });
    expect(await read(`mailOutbox/${id}-paid`)).toBeNull();
    // The buyer is told what arrived and what is still due (before, a part payment mailed nothing).
    expect(await read(`mailOutbox/${id}-received-2`)).toMatchObject({
      kind: 'received',
      to: 'bo@example.com',
      received: { amount: 1000, due: 1500, case: 'part' },
    });
    await queue('mark-0000003', mark('bo', id, 1500, 'staff', 'transfer'));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000003')).toMatchObject({ kind: 'paid', over: 0 });
    expect(await read(`orders/bo/${id}/pay`)).toMatchObject({ state: 'paid', paid: 2500, v: 3 });
  });

  it('is applied once, however often and by however many appliers it is run, and cannot be queued again', async () => {
    const id = await order('cy', { gig: 1 }, 'door');
    await queue('mark-0000004', mark('cy', id, 1250));
    const one = markApplier(trusted());
    const two = markApplier(trusted());
    await Promise.all([one(), two(), one(), two()]);
    expect(await read(`orders/cy/${id}/pay`)).toMatchObject({ paid: 1250, v: 2 });
    expect(Object.keys((await read(`payments/${deskKey('cy', id)}`)) as object)).toEqual(['mark-0000004']);
    // The same statement line, imported again, has the same mark id: the rules refuse it once it was answered.
    await expect(queue('mark-0000004', mark('cy', id, 1250))).rejects.toThrow(/permission/i);
  });

  it('more than was due is recorded and said; a paid order is not emailed twice', async () => {
    const id = await order('di', { gig: 1 }, 'door');
    await queue('mark-0000005', mark('di', id, 1250));
    await queue('mark-0000006', mark('di', id, 500));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000006')).toMatchObject({ kind: 'paid', over: 500 });
    expect(await read(`orders/di/${id}/pay`)).toMatchObject({ state: 'paid', paid: 1750 });
    const outbox = (await read('mailOutbox')) as Record<string, { kind: string }>;
    expect(Object.values(outbox).filter((job) => job.kind === 'paid')).toHaveLength(1);
  });

  it('pays an order that has no tickets (written by hand, or from before tickets) without touching any', async () => {
    const id = await order('nia', { gig: 2 }, 'transfer');
    await admin().ref('tickets').remove();
    await queue('mark-0000018', mark('nia', id, 2500, 'staff', 'transfer'));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000018')).toMatchObject({ kind: 'paid' });
    expect(await read('tickets')).toBeNull();
  });

  it('a mark for no such order is answered so and changes nothing', async () => {
    await queue('mark-0000007', mark('nobody', 'no-such-order', 1000));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000007')).toMatchObject({ kind: 'not-found' });
    expect(await read('payments')).toBeNull();
  });
});

describe('a payment after the hold ended', () => {
  async function lapsed(uid: string, quantity: number, method: 'transfer' | 'card' = 'transfer'): Promise<string> {
    const id = await order(uid, { gig: quantity }, method);
    const until = Date.now() - 60_000;
    await admin()
      .ref()
      .update({ [`orders/${uid}/${id}/pay/until`]: until, [`deskOrders/${deskKey(uid, id)}/hold`]: until });
    await expireHolds(trusted(), Date.now());
    expect(await read(`orders/${uid}/${id}/pay/state`)).toBe('expired');
    return id;
  }

  it('brings the order back when what it held is still there: stock taken again, tickets valid', async () => {
    const id = await lapsed('ed', 2);
    expect(await read('products/gig/stock')).toBe(4);
    await queue('mark-0000008', mark('ed', id, 2500, 'staff', 'transfer'));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000008')).toMatchObject({ kind: 'paid' });
    expect(await read(`orders/ed/${id}`)).toMatchObject({ status: 'pending', pay: { state: 'paid', paid: 2500 } });
    expect(await read('products/gig/stock')).toBe(2);
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('valid');
    expect(await read(`deskOrders/${deskKey('ed', id)}`)).toMatchObject({ status: 'pending', pay: 'paid' });
    // Paid as it was to be paid: nothing more to say.
    expect(await read(`orders/ed/${id}/pay/paidBy`)).toBeNull();
  });

  it('says how a card order that lapsed was paid after all: by bank transfer, not "Card"', async () => {
    const id = await lapsed('ea', 1, 'card');
    await queue('mark-0000030', mark('ea', id, 1250, 'staff', 'transfer'));
    await markApplier(trusted())();
    expect(await read(`orders/ea/${id}/pay`)).toMatchObject({ method: 'card', state: 'paid', paidBy: 'transfer' });
    // Nobody but trusted code says it.
    await expect(connect('staff', 'staff').ref(`orders/ea/${id}/pay/paidBy`).set('door')).rejects.toThrow(
      /permission/i,
    );
  });

  it('when what it held was sold meanwhile, records the money and asks for a refund, overselling nothing', async () => {
    const id = await lapsed('fay', 2);
    await order('gus', { gig: 3 }, 'door');
    expect(await read('products/gig/stock')).toBe(1);
    await queue('mark-0000009', mark('fay', id, 2500, 'staff', 'transfer'));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000009')).toMatchObject({ kind: 'late-no-stock', refund: 2500 });
    expect(await read(`orders/fay/${id}`)).toMatchObject({
      status: 'cancelled',
      pay: { state: 'expired', paid: 2500 },
    });
    expect(await read('products/gig/stock')).toBe(1);
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('void');
    // Told, rather than left wondering (before, the buyer heard nothing).
    expect(await read(`mailOutbox/${id}-received-3`)).toMatchObject({ received: { amount: 2500, case: 'late' } });
  });
});

describe('a payment for an order staff cancelled', () => {
  /** Cancelled on the desk, through trusted code: its places back on sale, its tickets void. */
  async function cancelled(uid: string, method: 'door' | 'transfer'): Promise<string> {
    const id = await order(uid, { gig: 2 }, method);
    await cancelOnDesk(uid, id);
    return id;
  }

  it('is recorded and owed back, buying nothing: the order stays cancelled, its tickets void, no "paid" email', async () => {
    // Before, trusted code tried to make the tickets valid, the rules refused it, and the mark stayed queued.
    const id = await cancelled('hal', 'transfer');
    await queue('mark-0000020', mark('hal', id, 2500, 'staff', 'transfer'));
    expect(await markApplier(trusted())()).toEqual({ applied: { cancelled: 1 }, deferred: 0 });
    expect(await read('paymentMarkAnswers/mark-0000020')).toMatchObject({ kind: 'cancelled', refund: 2500 });
    expect(await read('paymentMarks')).toBeNull();
    expect(await read(`payments/${deskKey('hal', id)}/mark-0000020`)).toMatchObject({
      amount: 2500,
      state: 'confirmed',
    });
    expect(await read(`orders/hal/${id}`)).toMatchObject({
      status: 'cancelled',
      pay: { state: 'pending', paid: 2500 },
    });
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('void');
    expect(await read(`mailOutbox/${id}-paid`)).toBeNull();
    expect(await read(`mailOutbox/${id}-received-3`)).toMatchObject({
      received: { amount: 2500, due: 0, case: 'cancelled' },
    });
    // Its places went back when it was cancelled, and the money took none again.
    expect(await read('products/gig/stock')).toBe(4);
  });

  it('at the door in part, too: what is owed back is all it has paid', async () => {
    const id = await cancelled('ida', 'door');
    await queue('mark-0000021', mark('ida', id, 1000));
    await queue('mark-0000022', mark('ida', id, 500));
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-0000022')).toMatchObject({ kind: 'cancelled', refund: 1500 });
    expect(await read(`tickets/gig/${id}-1`)).toMatchObject({ status: 'void' });
  });
});

describe('nobody but staff queues a payment, and nobody but trusted code records one', () => {
  it('buyers, guests and forged staff cannot queue marks; staff cannot queue one in another’s name', async () => {
    const id = await order('hal', { gig: 1 }, 'door');
    for (const who of ['hal', 'someone-else', 'forged-staff']) {
      await expect(queue(`mark-by-${who}`, mark('hal', id, 1250, who), who)).rejects.toThrow(/permission/i);
    }
    await expect(queue('mark-0000010', mark('hal', id, 1250, 'another-staff'))).rejects.toThrow(/permission/i);
    await expect(queue('mark-0000011', { ...mark('hal', id, 1250), amount: 12.5 })).rejects.toThrow(/permission/i);
    await expect(queue('mark-0000012', { ...mark('hal', id, 1250), method: 'card' })).rejects.toThrow(/permission/i);
  });

  it('staff cannot write a payment record, an answer, or take a mark off the queue themselves', async () => {
    const id = await order('ivy', { gig: 1 }, 'door');
    const staff = connect('staff', 'staff');
    const record = {
      method: 'door',
      amount: 1250,
      currency: 'GBP',
      state: 'confirmed',
      created: ServerValue.TIMESTAMP,
    };
    await expect(staff.ref(`payments/${deskKey('ivy', id)}/forged-1`).set(record)).rejects.toThrow(/permission/i);
    await queue('mark-0000013', mark('ivy', id, 1250));
    await expect(
      staff.ref().update({
        'paymentMarks/mark-0000013': null,
        'paymentMarkAnswers/mark-0000013': { kind: 'paid', over: 0, at: ServerValue.TIMESTAMP },
      }),
    ).rejects.toThrow(/permission/i);
    expect(await read(`orders/ivy/${id}/pay/state`)).toBe('pending');
  });
});

describe('the order page’s answer', () => {
  /** What the order page gets for buyer `uid`'s order, through its secret link, as the endpoint answers it. */
  async function orderPage(uid: string, orderId: string) {
    const db = adminMailDatabase(url());
    closeAfter(db.close);
    const secret = (await read(`orders/${uid}/${orderId}/link`)) as string;
    const limit = callerLimit(rateLimit(100, 60_000), rateLimit(100, 60_000));
    const answer = await orderLinkRequest(db, limit, 'POST', { secret }, callerDirect('127.0.0.1'));
    return JSON.parse(answer.body) as { order: { pay?: Record<string, unknown> }; tickets: unknown[] };
  }

  it('carries the payment, and the tickets only once they are issued: paid, or to pay at the door', async () => {
    const transfer = await order('jo', { gig: 2 }, 'transfer');
    const before = await orderPage('jo', transfer);
    expect(before.order.pay).toMatchObject({ method: 'transfer', state: 'pending', due: 2500 });
    expect(before.tickets).toEqual([]);
    await queue('mark-0000014', mark('jo', transfer, 2500, 'staff', 'transfer'));
    await markApplier(trusted())();
    const after = await orderPage('jo', transfer);
    expect(after.order.pay).toMatchObject({ state: 'paid', paid: 2500 });
    expect(after.tickets).toHaveLength(2);

    const door = await order('kit', { gig: 1 }, 'door');
    expect((await orderPage('kit', door)).tickets).toHaveLength(1);
  });
});
