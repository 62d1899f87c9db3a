/**
 * Staff cancel an order through trusted code (docs/payments.md#the-order-lifecycle), against the real local database
 * with the shop's rules: staff queue a request as themselves, trusted code (functions/src/payments/cancel.ts) closes
 * the order in one update (its places back on sale at once, its tickets void, its slot free, one email), answers
 * with what it has paid and not had back, and nothing closes an order twice. The rules keep staff from cancelling
 * by hand or reopening a cancelled order.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { cancelApplier } from '../../functions/src/payments/cancel';
import { expireHolds, expiryUpdate } from '../../functions/src/payments/expiry';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { markApplier } from '../../functions/src/payments/marks';
import { deskKey, deskStatusWrites, parseDeskEntry } from '../../src/features/orders/deskIndex';
import { cancelPaths, cancelRequestRecord } from '../../src/features/orders/orderCancels';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, admin, read, trusted, order, cancelOnDesk } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: {
    ...SHOP_TAKING_EVERY_METHOD.users,
    other: { firstname: 'O', lastname: 'O', email: 'o@example.com', role: 'staff', created: 1 },
  },
  products: {
    gig: gigEvent({ stock: 10, price: 12.5, quotas: { venue: true }, typeName: 'Standard' }),
    mug: gigEvent({ date: null, title: 'Mug', stock: 5, price: 8 }),
  },
  quotas: { venue: { name: 'Venue', left: 20 } },
}));

/** Money staff take for order `id` of `uid`, applied by trusted code. */
async function pay(uid: string, id: string, amount: number, markId: string): Promise<void> {
  await connect('staff', 'staff')
    .ref(`paymentMarks/${markId}`)
    .set({ uid, order: id, amount, method: 'transfer', by: 'staff', at: ServerValue.TIMESTAMP });
  await markApplier(trusted())();
}

describe('staff cancel through trusted code', () => {
  it('puts the places back at once, voids the tickets, frees the slot and mails the buyer once', async () => {
    const id = await order('ann', { gig: 2, mug: 1 }, 'transfer');
    expect(await read('products/gig/stock')).toBe(8);
    expect(await read('quotas/venue/left')).toBe(18);
    expect(await read('products/mug/stock')).toBe(4);

    expect(await cancelOnDesk('ann', id)).toMatchObject({ kind: 'cancelled', refund: 0 });
    expect(await read('products/gig/stock')).toBe(10);
    expect(await read('quotas/venue/left')).toBe(20);
    expect(await read('products/mug/stock')).toBe(5);
    const stored = (await read(`orders/ann/${id}`)) as Record<string, unknown>;
    expect(stored).toMatchObject({ status: 'cancelled', cancelled: { by: 'staff' }, pay: { state: 'pending', v: 2 } });
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('void');
    expect(await read(`tickets/gig/${id}-1/status`)).toBe('void');
    expect(await read('openOrders/ann')).toBeNull();
    const entry = (await read(`deskOrders/${deskKey('ann', id)}`)) as Record<string, unknown>;
    expect(entry).toMatchObject({ status: 'cancelled', pay: 'pending' });
    // No hold left: neither the expiry job nor the transfer reminder finds it any more.
    expect(entry.hold).toBeUndefined();
    expect(await read(`deskEventOrders/gig/${deskKey('ann', id)}/status`)).toBe('cancelled');
    expect(await read(`mailOutbox/${id}-cancelled`)).toMatchObject({
      kind: 'status',
      status: 'cancelled',
      to: 'ann@example.com',
    });
    expect(await read('orderCancels')).toBeNull();

    // Asked again (a second desk, a double tap): answered, and nothing is given back or mailed twice.
    expect(await cancelOnDesk('ann', id, undefined, 'other')).toMatchObject({ kind: 'already' });
    expect(await read('products/gig/stock')).toBe(10);
    expect(await read(`orders/ann/${id}/cancelled/by`)).toBe('staff');
    // The confirmation and one status email.
    const mails = Object.keys((await read('mailOutbox')) as object).filter((key) => key.startsWith(id));
    expect(mails.sort()).toEqual([`${id}-cancelled`, `${id}-confirmation`]);
  });

  it('answers what a part-paid or paid order has had and not given back, for the desk to propose refunding', async () => {
    const part = await order('bo', { gig: 2 }, 'door');
    await pay('bo', part, 1000, 'mark-bo-00001');
    expect(await cancelOnDesk('bo', part)).toMatchObject({ kind: 'cancelled', refund: 1000 });
    const paid = await order('cy', { gig: 2 }, 'transfer');
    await pay('cy', paid, 2500, 'mark-cy-00001');
    expect(await read(`orders/cy/${paid}/pay/state`)).toBe('paid');
    expect(await cancelOnDesk('cy', paid)).toMatchObject({ kind: 'cancelled', refund: 2500 });
    // A paid order's places come back too, and its valid tickets stop admitting anyone.
    expect(await read('products/gig/stock')).toBe(10);
    expect(await read(`tickets/gig/${paid}-0/status`)).toBe('void');
    // Money that comes in afterwards is recorded, owed back, and buys nothing: no places, no "paid" email.
    await pay('bo', part, 1500, 'mark-bo-00002');
    expect(await read('paymentMarkAnswers/mark-bo-00002')).toMatchObject({ kind: 'cancelled', refund: 2500 });
    expect(await read(`orders/bo/${part}`)).toMatchObject({ status: 'cancelled', pay: { paid: 2500 } });
    expect(await read('products/gig/stock')).toBe(10);
    expect(await read(`mailOutbox/${part}-paid`)).toBeNull();
  });

  it('leaves a lapsed order as it is: its places went back when it lapsed, and are never given back twice', async () => {
    const id = await order('di', { gig: 2 }, 'transfer');
    const until = Date.now() - 60_000;
    await admin()
      .ref()
      .update({ [`orders/di/${id}/pay/until`]: until, [`deskOrders/${deskKey('di', id)}/hold`]: until });
    await expireHolds(trusted(), Date.now());
    expect(await read('products/gig/stock')).toBe(10);
    expect(await cancelOnDesk('di', id)).toMatchObject({ kind: 'already' });
    expect(await read('products/gig/stock')).toBe(10);
    expect(await read(`mailOutbox/${id}-cancelled`)).toBeNull();
  });

  it('cancels an order paid late after it lapsed, which had taken its places again', async () => {
    const id = await order('ed', { gig: 2 }, 'transfer');
    const until = Date.now() - 60_000;
    await admin()
      .ref()
      .update({ [`orders/ed/${id}/pay/until`]: until, [`deskOrders/${deskKey('ed', id)}/hold`]: until });
    await expireHolds(trusted(), Date.now());
    await pay('ed', id, 2500, 'mark-ed-00001');
    expect(await read(`orders/ed/${id}`)).toMatchObject({ status: 'pending', pay: { state: 'paid' } });
    expect(await read('products/gig/stock')).toBe(8);
    expect(await cancelOnDesk('ed', id)).toMatchObject({ kind: 'cancelled', refund: 2500 });
    expect(await read('products/gig/stock')).toBe(10);
  });

  it('is never lapsed afterwards, and a request left queued is applied by the minute job', async () => {
    const id = await order('fay', { gig: 1 }, 'transfer');
    // Queued by a desk that closed before trusted code was asked.
    await connect('staff', 'staff')
      .ref(cancelPaths.request('cancel-left-0001'))
      .set(cancelRequestRecord({ uid: 'fay', order: id, by: 'staff' }, ServerValue.TIMESTAMP));
    const report = await runHoldsJob(trusted(), Date.now());
    expect(report).toMatchObject({ cancelled: 1, expired: 0 });
    expect(await read(cancelPaths.answer('cancel-left-0001'))).toMatchObject({ kind: 'cancelled' });
    expect(await read('products/gig/stock')).toBe(10);
    // Even an index entry that still had a hold (written before this) lapses nothing and mails nothing.
    const entry = parseDeskEntry(await read(`deskOrders/${deskKey('fay', id)}`))!;
    const update = expiryUpdate(
      deskKey('fay', id),
      entry,
      await read(`orders/fay/${id}`),
      new Map(),
      Date.now() + 1e10,
    );
    expect(update).toEqual({ [`deskOrders/${deskKey('fay', id)}/hold`]: null });
  });

  it('answers a request for an order that is gone, and one that is not a request', async () => {
    await connect('staff', 'staff')
      .ref(cancelPaths.request('cancel-gone-0001'))
      .set(cancelRequestRecord({ uid: 'gus', order: 'nope', by: 'staff' }, ServerValue.TIMESTAMP));
    await admin().ref(cancelPaths.request('cancel-junk-0001')).set({ at: 1, junk: true });
    expect(await cancelApplier(trusted())()).toEqual({ applied: { 'not-found': 1, invalid: 1 }, deferred: 0 });
    expect(await read('orderCancels')).toBeNull();
  });
});

describe('what nobody but trusted code may do', () => {
  it('staff can no longer cancel by writing the status, nor reopen a cancelled order', async () => {
    const id = await order('hal', { gig: 1 }, 'door');
    const staff = connect('staff', 'staff');
    const key = deskKey('hal', id);
    const entry = parseDeskEntry(await read(`deskOrders/${key}`))!;
    // What the desk wrote before cancelling went through trusted code.
    await expect(
      staff.ref().update({
        [`orders/hal/${id}/status`]: 'cancelled',
        ...deskStatusWrites(key, entry, 'cancelled'),
        'openOrders/hal/a': null,
      }),
    ).rejects.toThrow(/permission/i);
    // Confirming still works as before.
    await staff
      .ref()
      .update({ [`orders/hal/${id}/status`]: 'confirmed', ...deskStatusWrites(key, entry, 'confirmed') });

    await cancelOnDesk('hal', id);
    for (const status of ['pending', 'confirmed', 'fulfilled'] as const) {
      await expect(
        staff.ref().update({ [`orders/hal/${id}/status`]: status, ...deskStatusWrites(key, entry, status) }),
      ).rejects.toThrow(/permission/i);
    }
    await expect(staff.ref(`orders/hal/${id}/cancelled`).remove()).rejects.toThrow(/permission/i);
    await expect(staff.ref(`orders/hal/${id}/cancelled/by`).set('other')).rejects.toThrow(/permission/i);
  });

  it('trusted code cancels only with the record of who asked, and writes that record only with the cancel', async () => {
    const id = await order('ivy', { gig: 1 }, 'door');
    const key = deskKey('ivy', id);
    const entry = parseDeskEntry(await read(`deskOrders/${key}`))!;
    const allocator = trusted();
    await expect(
      allocator.update({ [`orders/ivy/${id}/status`]: 'cancelled', ...deskStatusWrites(key, entry, 'cancelled') }),
    ).rejects.toThrow(/permission/i);
    await expect(
      allocator.update({ [`orders/ivy/${id}/cancelled`]: { by: 'staff', at: ServerValue.TIMESTAMP } }),
    ).rejects.toThrow(/permission/i);
  });

  it('only staff queue a cancel, only as themselves, and only once per request', async () => {
    const id = await order('jo', { gig: 1 }, 'door');
    const record = (by: string) => cancelRequestRecord({ uid: 'jo', order: id, by }, ServerValue.TIMESTAMP);
    await expect(connect('jo', 'jo').ref(cancelPaths.request('cancel-jo-00001')).set(record('jo'))).rejects.toThrow(
      /permission/i,
    );
    const staff = connect('staff', 'staff');
    await expect(staff.ref(cancelPaths.request('cancel-jo-00002')).set(record('other'))).rejects.toThrow(/permission/i);
    await staff.ref(cancelPaths.request('cancel-jo-00003')).set(record('staff'));
    await expect(staff.ref(cancelPaths.request('cancel-jo-00003')).remove()).rejects.toThrow(/permission/i);
    await cancelApplier(trusted())();
    // Answered: the same request cannot be queued again, and nobody but trusted code writes an answer.
    await expect(staff.ref(cancelPaths.request('cancel-jo-00003')).set(record('staff'))).rejects.toThrow(/permission/i);
    await expect(staff.ref(cancelPaths.answer('cancel-jo-00004')).set({ kind: 'cancelled', at: 1 })).rejects.toThrow(
      /permission/i,
    );
  });
});
