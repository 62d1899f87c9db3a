/**
 * Refunds (docs/payments.md#refunds) against the real local database with the shop's rules: staff queue a request
 * as themselves, trusted code (functions/src/payments/refunds.ts) applies it once as the allocator's identity, by
 * hand or through the card provider (the real `stripe` SDK against the local fake provider), and nobody else can
 * record a refund or give an order's money back on paper.
 */
import { ServerValue } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markApplier } from '../../functions/src/payments/marks';
import { ProviderUnavailable, type CardProvider } from '../../functions/src/payments/provider';
import { refundApplier } from '../../functions/src/payments/refunds';
import { stripeProvider } from '../../functions/src/payments/stripeProvider';
import { startFakeCardProvider, TEST_CARDS, type FakeCardProvider } from '../../scripts/cardProvider/fakeCardProvider';
import { deskKey } from '../../src/features/orders/deskIndex';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase } from './support/paymentsHarness';

const { connect, read, trusted, order } = paymentsDatabase(() => ({
  users: {
    staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 },
    ann: { firstname: 'A', lastname: 'A', email: 'ann@example.com', role: 'customer', created: 1 },
  },
  properties: { currency: 'GBP' },
  paymentSettings: { door: { on: true }, card: { on: true, minutes: 30 } },
  products: { gig: gigEvent({ stock: 10, price: 12.5 }) },
}));

const SECRET_KEY = 'sk_test_refunds_0123456789';
let fake: FakeCardProvider;
beforeAll(async () => {
  fake = await startFakeCardProvider({ secretKey: SECRET_KEY });
});
afterAll(() => fake.close());

const cards = (): CardProvider =>
  stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: 'whsec_unused',
    api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });

/** A refund request as the desk queues it. */
const request = (uid: string, orderId: string, amount: number, way = 'by-hand', by = 'staff') => ({
  uid,
  order: orderId,
  amount,
  way,
  by,
  note: 'Came to the box office',
  at: ServerValue.TIMESTAMP,
});

async function queue(refundId: string, value: Record<string, unknown>, as = 'staff'): Promise<void> {
  await connect(as, as).ref(`refundRequests/${refundId}`).set(value);
}

/** Buyer `uid` orders two gig tickets (£25) at the door and staff record it paid in full. */
async function paidOrder(uid: string, amount = 2500): Promise<string> {
  const id = await order(uid, { gig: 2 }, 'door');
  await connect('staff', 'staff')
    .ref(`paymentMarks/mark-${uid}-paid`)
    .set({ uid, order: id, amount, method: 'door', by: 'staff', at: ServerValue.TIMESTAMP });
  await markApplier(trusted())();
  return id;
}

/**
 * A card order paid through the fake provider's test page, its payment recorded as trusted code records one
 * (the card flow's record: method card, confirmed, the provider's charge). Returns the order id and the charge.
 */
async function cardPaidOrder(uid: string): Promise<{ id: string; charge: string }> {
  const id = await order(uid, { gig: 2 }, 'card');
  const provider = cards();
  const created = await provider.createPayment({
    paymentId: `pay-${uid}`,
    orderRef: 'K7M4-QXPR',
    description: '2 × Gig',
    language: 'en-GB',
    amountMinor: 2500,
    currency: 'GBP',
    email: `${uid}@example.com`,
    expiresAt: Date.now() + 30 * 60_000,
    returnUrl: 'http://localhost/order#paid',
    cancelUrl: 'http://localhost/order#cancelled',
  });
  await fetch(created.redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ card: TEST_CARDS.pays, action: 'pay' }),
    redirect: 'manual',
  });
  const charge = (await provider.readPayment(created.id))!.charge!;
  const pay = (await read(`orders/${uid}/${id}/pay`)) as { v: number };
  await connect('trusted', ALLOCATOR_UID)
    .ref()
    .update({
      [`payments/${deskKey(uid, id)}/pay-${uid}`]: {
        method: 'card',
        amount: 2500,
        currency: 'GBP',
        state: 'confirmed',
        created: ServerValue.TIMESTAMP,
        charge,
      },
      [`orders/${uid}/${id}/pay/paid`]: 2500,
      [`orders/${uid}/${id}/pay/state`]: 'paid',
      [`orders/${uid}/${id}/pay/v`]: pay.v + 1,
      [`deskOrders/${deskKey(uid, id)}/pay`]: 'paid',
      [`deskOrders/${deskKey(uid, id)}/hold`]: null,
    });
  return { id, charge };
}

const sessionOf = (charge: string) => fake.sessions().find((session) => session.payment_intent === charge)!;

describe('a refund by hand', () => {
  it('in full: a record of its own, done; the summary moved on; the buyer emailed; stock and tickets untouched', async () => {
    const id = await paidOrder('ann');
    const before = (await read(`orders/ann/${id}/pay`)) as { v: number };
    const stock = await read('products/gig/stock');
    const tickets = await read('tickets');
    await queue('refund-0000001', request('ann', id, 2500));
    expect(await refundApplier(trusted(), null)()).toEqual({ applied: { done: 1 }, deferred: 0, unavailable: 0 });

    expect(await read('refundAnswers/refund-0000001')).toMatchObject({ kind: 'done', amount: 2500, refunded: 2500 });
    expect(await read('refundRequests')).toBeNull();
    expect(await read(`refunds/${deskKey('ann', id)}/refund-0000001`)).toMatchObject({
      way: 'by-hand',
      amount: 2500,
      currency: 'GBP',
      state: 'done',
      by: 'staff',
      note: 'Came to the box office',
    });
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({
      state: 'paid',
      paid: 2500,
      refunded: 2500,
      v: before.v + 1,
    });
    expect(await read(`mailOutbox/${id}-refund-refund-0000001`)).toMatchObject({
      kind: 'refund',
      to: 'ann@example.com',
    });
    expect(await read(`orders/ann/${id}/mail/${id}-refund-refund-0000001`)).toMatchObject({ kind: 'refund' });
    expect(await read('products/gig/stock')).toBe(stock);
    expect(await read('tickets')).toEqual(tickets);
    expect(await read(`orders/ann/${id}/status`)).toBe('pending');
  });

  it('in parts: two part refunds add up, and a third beyond what is left is refused with nothing changed', async () => {
    const id = await paidOrder('bo');
    await queue('refund-0000002', request('bo', id, 1000));
    await queue('refund-0000003', request('bo', id, 500));
    await refundApplier(trusted(), null)();
    expect(await read('refundAnswers/refund-0000002')).toMatchObject({ kind: 'done', refunded: 1000 });
    expect(await read('refundAnswers/refund-0000003')).toMatchObject({ kind: 'done', refunded: 1500 });
    expect(await read(`orders/bo/${id}/pay`)).toMatchObject({ paid: 2500, refunded: 1500 });
    const refunds = (await read(`refunds/${deskKey('bo', id)}`)) as Record<string, { amount: number }>;
    expect(Object.values(refunds).map((refund) => refund.amount)).toEqual([1000, 500]);

    const v = ((await read(`orders/bo/${id}/pay`)) as { v: number }).v;
    await queue('refund-0000004', request('bo', id, 1001));
    expect(await refundApplier(trusted(), null)()).toMatchObject({ applied: { 'too-much': 1 } });
    expect(await read('refundAnswers/refund-0000004')).toMatchObject({ kind: 'too-much', left: 1000 });
    expect(await read(`orders/bo/${id}/pay`)).toMatchObject({ refunded: 1500, v });
    expect(await read(`refunds/${deskKey('bo', id)}/refund-0000004`)).toBeNull();
    expect(await read(`mailOutbox/${id}-refund-refund-0000004`)).toBeNull();
  });

  it('of an unpaid order, an order that is not there, or one from before payments: refused, nothing changed', async () => {
    const unpaid = await order('cy', { gig: 1 }, 'door');
    await queue('refund-0000005', request('cy', unpaid, 100));
    await queue('refund-0000006', request('cy', 'no-such-order', 100));
    await refundApplier(trusted(), null)();
    expect(await read('refundAnswers/refund-0000005')).toMatchObject({ kind: 'too-much', left: 0 });
    expect(await read('refundAnswers/refund-0000006')).toMatchObject({ kind: 'not-found' });
    expect(await read('refunds')).toBeNull();
  });

  it('is applied once, however often and by however many appliers it is run, and cannot be queued again', async () => {
    const id = await paidOrder('di');
    await queue('refund-0000007', request('di', id, 700));
    const one = refundApplier(trusted(), null);
    const two = refundApplier(trusted(), null);
    await Promise.all([one(), two(), one(), two()]);
    expect(await read(`orders/di/${id}/pay`)).toMatchObject({ refunded: 700 });
    expect(Object.keys((await read(`refunds/${deskKey('di', id)}`)) as object)).toEqual(['refund-0000007']);
    const outbox = (await read('mailOutbox')) as Record<string, { kind: string }>;
    expect(Object.values(outbox).filter((job) => job.kind === 'refund')).toHaveLength(1);
    await expect(queue('refund-0000007', request('di', id, 700))).rejects.toThrow(/permission/i);
  });
});

describe('a card refund', () => {
  it('goes through the provider: its charge is refunded once, the record done, the buyer emailed', async () => {
    const { id, charge } = await cardPaidOrder('eve');
    await queue('refund-0000010', request('eve', id, 1000, 'card'));
    expect(await refundApplier(trusted(), cards())()).toMatchObject({ applied: { done: 1 } });
    expect(sessionOf(charge).refunded).toBe(1000);
    expect(await read(`refunds/${deskKey('eve', id)}/refund-0000010`)).toMatchObject({
      way: 'card',
      amount: 1000,
      state: 'done',
    });
    expect(await read(`orders/eve/${id}/pay`)).toMatchObject({ paid: 2500, refunded: 1000 });
    expect(await read(`mailOutbox/${id}-refund-refund-0000010`)).toMatchObject({ kind: 'refund' });
  });

  it('with the provider down: stays queued with its record created, and the next call refunds it once', async () => {
    const { id, charge } = await cardPaidOrder('fay');
    await queue('refund-0000011', request('fay', id, 2500, 'card'));
    const real = cards();
    // The provider did it but its answer was lost: the same idempotency key must not refund twice.
    const lostAnswer: CardProvider = {
      ...real,
      refund: async (refund) => {
        await real.refund(refund);
        throw new ProviderUnavailable('connection reset');
      },
    };
    expect(await refundApplier(trusted(), lostAnswer)()).toEqual({ applied: {}, deferred: 0, unavailable: 1 });
    expect(await read('refundRequests/refund-0000011')).not.toBeNull();
    expect(await read(`refunds/${deskKey('fay', id)}/refund-0000011`)).toMatchObject({ state: 'created' });
    expect(await read(`orders/fay/${id}/pay`)).toMatchObject({ refunded: 0 });

    expect(await refundApplier(trusted(), real)()).toMatchObject({ applied: { done: 1 }, unavailable: 0 });
    expect(sessionOf(charge).refunded).toBe(2500);
    expect(await read(`refunds/${deskKey('fay', id)}/refund-0000011`)).toMatchObject({ state: 'done' });
    expect(await read(`orders/fay/${id}/pay`)).toMatchObject({ refunded: 2500 });
  });

  it('refused by the provider: failed with its reason, nothing refunded', async () => {
    const { id } = await cardPaidOrder('gus');
    await queue('refund-0000012', request('gus', id, 900, 'card'));
    const refusing: CardProvider = {
      ...cards(),
      refund: () => Promise.reject(new (class extends Error {})('x')),
    };
    // Anything but the port's own errors is a fault of ours: the run fails and the request stays.
    await expect(refundApplier(trusted(), refusing)()).rejects.toThrow('x');
    expect(await read('refundRequests/refund-0000012')).not.toBeNull();
    const { ProviderRefused } = await import('../../functions/src/payments/provider');
    const refused: CardProvider = {
      ...cards(),
      refund: () => Promise.reject(new ProviderRefused('Charge has been disputed')),
    };
    expect(await refundApplier(trusted(), refused)()).toMatchObject({ applied: { failed: 1 } });
    expect(await read('refundAnswers/refund-0000012')).toMatchObject({
      kind: 'failed',
      reason: 'Charge has been disputed',
    });
    expect(await read(`refunds/${deskKey('gus', id)}/refund-0000012`)).toMatchObject({
      state: 'failed',
      error: 'Charge has been disputed',
    });
    expect(await read(`orders/gus/${id}/pay`)).toMatchObject({ refunded: 0 });
    expect(await read(`mailOutbox/${id}-refund-refund-0000012`)).toBeNull();
  });

  it('of an order paid by hand, or with no provider set up: answered no-card, nothing changed', async () => {
    const id = await paidOrder('hal');
    await queue('refund-0000013', request('hal', id, 500, 'card'));
    await refundApplier(trusted(), cards())();
    expect(await read('refundAnswers/refund-0000013')).toMatchObject({ kind: 'no-card' });
    const card = await cardPaidOrder('ida');
    await queue('refund-0000014', request('ida', card.id, 500, 'card'));
    await refundApplier(trusted(), null)();
    expect(await read('refundAnswers/refund-0000014')).toMatchObject({ kind: 'no-card' });
    expect(await read('refunds')).toBeNull();
  });

  it('applied by concurrent calls: one refund at the provider and one on the order', async () => {
    const { id, charge } = await cardPaidOrder('jo');
    await queue('refund-0000015', request('jo', id, 1200, 'card'));
    const one = refundApplier(trusted(), cards());
    const two = refundApplier(trusted(), cards());
    await Promise.all([one(), two(), one(), two()]);
    expect(sessionOf(charge).refunded).toBe(1200);
    expect(await read(`orders/jo/${id}/pay`)).toMatchObject({ refunded: 1200 });
    expect(await read('refundAnswers/refund-0000015')).toMatchObject({ kind: 'done' });
  });
});

describe('who may refund', () => {
  it('only staff queue a request, only as themselves, with a whole positive amount and a known way', async () => {
    const id = await paidOrder('kim');
    await expect(queue('refund-0000020', request('kim', id, 100, 'by-hand', 'ann'), 'ann')).rejects.toThrow(
      /permission/i,
    );
    await expect(queue('refund-0000021', request('kim', id, 100, 'by-hand', 'other'))).rejects.toThrow(/permission/i);
    await expect(queue('refund-0000022', request('kim', id, 0.5))).rejects.toThrow(/permission/i);
    await expect(queue('refund-0000023', request('kim', id, 0))).rejects.toThrow(/permission/i);
    await expect(queue('refund-0000024', request('kim', id, 100, 'cheque'))).rejects.toThrow(/permission/i);
    await expect(queue('refund-0000025', { ...request('kim', id, 100), note: 'x'.repeat(201) })).rejects.toThrow(
      /permission/i,
    );
    await queue('refund-0000026', request('kim', id, 100));
  });

  it('staff cannot write a refund, an answer or the refunded amount themselves', async () => {
    const id = await paidOrder('lu');
    const staff = connect('staff', 'staff');
    await expect(
      staff.ref(`refunds/${deskKey('lu', id)}/refund-0000030`).set({
        way: 'by-hand',
        amount: 100,
        currency: 'GBP',
        state: 'done',
        created: ServerValue.TIMESTAMP,
      }),
    ).rejects.toThrow(/permission/i);
    await expect(
      staff.ref('refundAnswers/refund-0000030').set({ kind: 'done', at: ServerValue.TIMESTAMP }),
    ).rejects.toThrow(/permission/i);
    const pay = (await read(`orders/lu/${id}/pay`)) as { v: number };
    await expect(staff.ref(`orders/lu/${id}/pay`).update({ refunded: 100, v: pay.v + 1 })).rejects.toThrow(
      /permission/i,
    );
  });

  it('trusted code itself cannot refund more than was paid or below nothing, or reopen a finished refund', async () => {
    const id = await paidOrder('mo');
    const allocator = connect('allocator', ALLOCATOR_UID);
    const pay = (await read(`orders/mo/${id}/pay`)) as { v: number };
    await expect(allocator.ref(`orders/mo/${id}/pay`).update({ refunded: 2501, v: pay.v + 1 })).rejects.toThrow(
      /permission/i,
    );
    await allocator.ref(`orders/mo/${id}/pay`).update({ refunded: 1000, v: pay.v + 1 });
    // Counted back down only by trusted code (a card refund failed at the provider after all), never below nothing.
    await expect(allocator.ref(`orders/mo/${id}/pay`).update({ refunded: -1, v: pay.v + 2 })).rejects.toThrow(
      /permission/i,
    );
    await expect(
      connect('staff', 'staff')
        .ref(`orders/mo/${id}/pay`)
        .update({ refunded: 0, v: pay.v + 2 }),
    ).rejects.toThrow(/permission/i);

    const record = `refunds/${deskKey('mo', id)}/refund-0000031`;
    const made = { way: 'card', amount: 100, currency: 'GBP', created: ServerValue.TIMESTAMP };
    await expect(allocator.ref(record).set({ ...made, state: 'failed' })).rejects.toThrow(/permission/i);
    await allocator.ref(record).set({ ...made, state: 'created' });
    await expect(allocator.ref(record).update({ amount: 5000, state: 'done' })).rejects.toThrow(/permission/i);
    await allocator.ref(record).update({ state: 'done' });
    // Done without the provider's id (by hand, or before it answered): never failed afterwards.
    await expect(allocator.ref(record).update({ state: 'failed' })).rejects.toThrow(/permission/i);
    await expect(allocator.ref(record).remove()).rejects.toThrow(/permission/i);
    // One the provider took may fail at the provider after all, once; a failed one is never done again.
    const taken = `refunds/${deskKey('mo', id)}/refund-0000032`;
    await allocator.ref(taken).set({ ...made, state: 'created' });
    await allocator.ref(taken).update({ state: 'pending', provider: 're_test_1' });
    // Its provider's id never changes, not even with a move it may make.
    await expect(allocator.ref(taken).update({ state: 'done', provider: 're_test_2' })).rejects.toThrow(/permission/i);
    await allocator.ref(taken).update({ state: 'failed', error: 'failed at the provider' });
    await expect(allocator.ref(taken).update({ state: 'done' })).rejects.toThrow(/permission/i);
    await expect(allocator.ref(taken).update({ state: 'pending' })).rejects.toThrow(/permission/i);
    const byHand = `refunds/${deskKey('mo', id)}/refund-0000033`;
    await expect(
      allocator.ref(byHand).set({ ...made, way: 'by-hand', state: 'done', provider: 're_test_3' }),
    ).rejects.toThrow(/permission/i);
  });
});
