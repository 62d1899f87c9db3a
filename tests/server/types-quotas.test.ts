/**
 * Types and shared quotas (docs/data-model.md#types-and-quotas) against the real local database with the shop's
 * rules, through firebase-admin as in production: buyers' requests for several types of one event are settled by
 * the allocator, taking from each quota in the batch's one update, with the types' tickets under the event; an
 * unpaid order that lapses gives its places back where it took them; a late payment takes them again only if they
 * are still there; staff may set a quota during a rush, and nothing is oversold.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { expireHolds } from '../../functions/src/payments/expiry';
import { markApplier } from '../../functions/src/payments/marks';
import { createAllocator } from '../../functions/src/orders/allocator';
import { requestRecord } from '../../src/features/orders/orderRequest';
import { deskKey } from '../../src/features/orders/deskIndex';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const jazz = (extra: Record<string, unknown>) => gigEvent({ title: 'Harbour Jazz Night', ...extra });

const { connect, admin, read, trusted, order } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  quotas: { venue: { name: 'Venue', left: 6 }, concessions: { name: 'Concessions', left: 2 } },
  products: {
    jazz: jazz({ price: 18, typeName: 'Standard', quotas: { venue: true } }),
    'jazz-c': jazz({ price: 12, typeName: 'Concession', group: 'jazz', quotas: { venue: true, concessions: true } }),
    'jazz-v': jazz({ price: 40, typeName: 'VIP', group: 'jazz', stock: 1, quotas: { venue: true } }),
  },
}));

/** Makes an order's hold end a minute ago and runs the expiry job. */
async function lapse(uid: string, orderId: string): Promise<void> {
  const until = Date.now() - 60_000;
  await admin()
    .ref()
    .update({ [`orders/${uid}/${orderId}/pay/until`]: until, [`deskOrders/${deskKey(uid, orderId)}/hold`]: until });
  await expireHolds(trusted(), Date.now());
  expect(await read(`orders/${uid}/${orderId}/pay/state`)).toBe('expired');
}

describe('orders of several types of one event', () => {
  it('take from every quota their lines draw on, with the tickets of all types under the event', async () => {
    const id = await order('ann', { jazz: 2, 'jazz-c': 1, 'jazz-v': 1 }, 'door');
    expect(await read('orderAnswers/ann/request-ann')).toMatchObject({ kind: 'ordered' });
    expect(await read('quotas')).toEqual({
      venue: { name: 'Venue', left: 2 },
      concessions: { name: 'Concessions', left: 1 },
    });
    expect(await read('products/jazz-v/stock')).toBe(0);
    const tickets = (await read('tickets/jazz')) as Record<string, { line: string; type: string; n: number }>;
    expect(Object.keys(tickets).sort()).toEqual([0, 1, 2, 3].map((n) => `${id}-${n}`));
    const byType = Object.values(tickets).map((ticket) => `${ticket.n}:${ticket.type}`);
    expect(byType.sort()).toEqual(['0:Standard', '1:Standard', '2:Concession', '3:VIP']);
    expect(await read('tickets/jazz-c')).toBeNull();
    expect(await read(`deskEventOrders/jazz/${deskKey('ann', id)}`)).toMatchObject({
      quantity: 4,
      amount: 88,
      types: { jazz: 2, 'jazz-c': 1, 'jazz-v': 1 },
    });
  });

  it('a shared quota runs out for every type at once; a type’s own cap runs out alone', async () => {
    await order('bo', { 'jazz-c': 2 });
    await order('cy', { 'jazz-c': 1 });
    expect(await read('orderAnswers/cy/request-cy')).toMatchObject({ kind: 'short', left: { 'jazz-c': 0 } });
    await order('di', { jazz: 4 });
    await order('ed', { 'jazz-v': 1 });
    expect(await read('orderAnswers/ed/request-ed')).toMatchObject({ kind: 'short', left: { 'jazz-v': 0 } });
    expect(await read('quotas/venue/left')).toBe(0);
    expect(await read('quotas/concessions/left')).toBe(0);
  });

  it('a quota set by staff while buyers wait counts from the moment it is set, and never goes below 0', async () => {
    const buyers = ['fay', 'gus', 'hal', 'ivy'];
    for (const uid of buyers) {
      await connect(uid, uid)
        .ref()
        .update({
          [`orderQueue/${uid}`]: requestRecord(
            `request-${uid}`,
            [{ productId: 'jazz', quantity: 2 }],
            { name: uid, email: `${uid}@example.com` },
            ServerValue.TIMESTAMP,
            { method: 'door' },
          ),
          [`orderRate/${uid}`]: ServerValue.TIMESTAMP,
        });
    }
    // Staff lower the venue to 3 places while the four requests wait: the first is served, the second is short.
    await connect('staff', 'staff').ref('quotas/venue/left').set(3);
    await expect(connect('staff', 'staff').ref('quotas/venue/left').set(-1)).rejects.toThrow(/permission/i);
    await createAllocator(trusted()).settle();
    const kinds = await Promise.all(buyers.map(async (uid) => read(`orderAnswers/${uid}/request-${uid}/kind`)));
    expect(kinds).toEqual(['ordered', 'short', 'short', 'short']);
    expect(await read('quotas/venue/left')).toBe(1);
  });

  it('no buyer or guest takes or gives places, or makes a product a type of another', async () => {
    for (const who of ['ann', 'guest']) {
      const db = connect(who, who);
      await expect(db.ref('quotas/venue/left').set(ServerValue.increment(-1))).rejects.toThrow(/permission/i);
      await expect(db.ref('quotas/venue/left').set(100)).rejects.toThrow(/permission/i);
      await expect(db.ref('quotas/free').set({ name: 'Free', left: 9 })).rejects.toThrow(/permission/i);
      await expect(db.ref('products/jazz-v/group').remove()).rejects.toThrow(/permission/i);
    }
    expect(await read('quotas/venue/left')).toBe(6);
  });
});

describe('a lapsed order of types', () => {
  it('gives its places back to the quotas it took them from, even after the type stopped drawing on one', async () => {
    const id = await order('jo', { 'jazz-c': 2 }, 'transfer');
    expect(await read('quotas')).toMatchObject({ venue: { left: 4 }, concessions: { left: 0 } });
    await admin().ref('products/jazz-c/quotas/concessions').remove();
    await lapse('jo', id);
    expect(await read('quotas')).toMatchObject({ venue: { left: 6 }, concessions: { left: 2 } });
    expect(await read(`tickets/jazz/${id}-0/status`)).toBe('void');
  });

  it('paid late, it comes back only if every quota still has its places', async () => {
    const back = await order('kim', { 'jazz-c': 1 }, 'transfer');
    const gone = await order('lee', { 'jazz-c': 1 }, 'transfer');
    await lapse('kim', back);
    await lapse('lee', gone);
    // Someone else takes one concession meanwhile: one of the two late payers can have theirs back.
    await order('max', { 'jazz-c': 1 });
    const staff = connect('staff', 'staff');
    for (const [markId, uid, orderId] of [
      ['mark-00000001', 'kim', back],
      ['mark-00000002', 'lee', gone],
    ] as const) {
      await staff.ref(`paymentMarks/${markId}`).set({
        ...{ uid, order: orderId, amount: 1200, method: 'transfer', by: 'staff' },
        at: ServerValue.TIMESTAMP,
      });
    }
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-00000001')).toMatchObject({ kind: 'paid' });
    expect(await read('paymentMarkAnswers/mark-00000002')).toMatchObject({ kind: 'late-no-stock', refund: 1200 });
    expect(await read('quotas/concessions/left')).toBe(0);
    expect(await read(`tickets/jazz/${back}-0/status`)).toBe('valid');
  });
});
