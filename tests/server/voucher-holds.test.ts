/**
 * Vouchers that hold places apart from public sale (docs/vouchers.md#holding-places), against the real local
 * database with the shop's rules and the real allocator, expiry and minute job: only trusted code makes and moves a
 * hold; its holder is sold its places when the public are told none are left; a lapse gives them back to the voucher
 * while it holds, and the minute job gives what an ended voucher holds back to public sale.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { expireHolds } from '../../functions/src/payments/expiry';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { markApplier } from '../../functions/src/payments/marks';
import { heldProduct, newHoldWrites, releaseHolds } from '../../functions/src/vouchers/heldPlaces';
import { deskKey } from '../../src/features/orders/deskIndex';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { parseOrderPayment } from '../../src/features/payments/model/orderPayment';
import {
  newVoucherRecord,
  parseVoucher,
  voucherPaths,
  type VoucherTerms,
} from '../../src/features/vouchers/model/voucher';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const BUYERS = ['ann', 'bob', 'cat', 'dan'];

const { connect, read, queueOrder, trusted, admin, cancelOnDesk } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(BUYERS),
  quotas: { hall: { name: 'Hall', left: 4 } },
  // Four places at £12.50 a ticket, in a hall of four.
  products: { gig: gigEvent({ stock: 4, price: 12.5, quotas: { hall: true } }) },
}));

const NOW = ServerValue.TIMESTAMP;
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const staffDb = () => connect('staff', 'staff');
const settle = () => createAllocator(trusted()).settle();
const HOUR = 3_600_000;

/** A waiting-list offer's terms: nothing off, one use, of the gig, for an hour. */
const OFFER: VoucherTerms = {
  kind: 'none',
  value: 0,
  currency: 'GBP',
  scope: 'product',
  target: 'gig',
  uses: 1,
  from: null,
  until: null,
  disabled: false,
  tag: null,
  comment: null,
};

/** Trusted code makes voucher `code` hold `places` of the gig. */
async function hold(code: string, places: number, terms: Partial<VoucherTerms> = {}): Promise<void> {
  const record = newVoucherRecord({ ...OFFER, until: Date.now() + HOUR, ...terms }, NOW);
  const gig = heldProduct('gig', await read('products/gig'))!;
  await connect('trusted', ALLOCATOR_UID)
    .ref()
    .update(newHoldWrites(code, record, gig, places));
}

const voucherOf = async (code: string) => parseVoucher(code, await read(voucherPaths.voucher(code)))!;
const answerOf = async (uid: string) => read(`orderAnswers/${uid}/request-${uid}`);
const publicPlaces = async () => [await read('products/gig/stock'), await read('quotas/hall/left')];

/** The hold of order `id` of `uid` ended a minute ago. */
async function lapse(uid: string, id: string): Promise<void> {
  const until = Date.now() - 60_000;
  await admin()
    .ref()
    .update({ [`orders/${uid}/${id}/pay/until`]: until, [`deskOrders/${deskKey(uid, id)}/hold`]: until });
}

describe('a hold as the rules keep it', () => {
  it('is made by trusted code alone, taking its places from the stock and the quota in the same update', async () => {
    await hold('WAIT-ANN', 2);
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 2, used: 0 });
    expect(await publicPlaces()).toEqual([2, 2]);
    // Staff make vouchers, but none that holds: that takes places, which only trusted code moves.
    const record = newVoucherRecord(OFFER, NOW);
    await refused(
      staffDb()
        .ref('vouchers/MINE')
        .set({ ...record, held: 2 }),
    );
    await refused(staffDb().ref(voucherPaths.held('WAIT-ANN')).set(4));
    await refused(staffDb().ref(voucherPaths.held('WAIT-ANN')).remove());
    await refused(connect('ann', 'ann').ref(voucherPaths.held('WAIT-ANN')).set(0));
    // Staff may still disable it (the minute job then gives its places back).
    await staffDb()
      .ref(`${voucherPaths.voucher('WAIT-ANN')}/disabled`)
      .set(true);
  });

  it('never holds more than is left, nor of anything but one product, nor below nothing', async () => {
    await expect(hold('TOO-MANY', 5)).rejects.toThrow(/permission/i);
    expect(await read('vouchers/TOO-MANY')).toBeNull();
    expect(await publicPlaces()).toEqual([4, 4]);
    const record = newVoucherRecord({ ...OFFER, scope: 'event', target: 'gig' }, NOW);
    await refused(
      connect('trusted', ALLOCATOR_UID)
        .ref('vouchers/EVENT')
        .set({ ...record, held: 1 }),
    );
    await hold('WAIT-ANN', 1);
    await refused(connect('trusted', ALLOCATOR_UID).ref(voucherPaths.held('WAIT-ANN')).set(ServerValue.increment(-2)));
  });
});

describe('an order placed with a voucher that holds places', () => {
  it('is sold its places when the public are told none are left, and the public never get them', async () => {
    await hold('WAIT-ANN', 2);
    await queueOrder('bob', { gig: 2 }, 'door');
    await queueOrder('cat', { gig: 1 }, 'door');
    await queueOrder('ann', { gig: 2 }, 'transfer', { voucher: 'WAIT-ANN' });
    await settle();
    expect(await answerOf('bob')).toMatchObject({ kind: 'ordered' });
    expect(await answerOf('cat')).toMatchObject({ kind: 'short', left: { gig: 0 } });
    expect(await answerOf('ann')).toMatchObject({ kind: 'ordered' });
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 0, used: 1 });
    expect(await publicPlaces()).toEqual([0, 0]);
    const ann = (await read('orderAnswers/ann/request-ann')) as { order: string };
    expect(await read(`orders/ann/${ann.order}/voucher`)).toEqual({ code: 'WAIT-ANN', off: 0, held: 2 });
    expect(await read(`orders/ann/${ann.order}/items/gig`)).toMatchObject({ price: 12.5, quantity: 2 });
  });

  it('takes what it asks beyond the hold from public sale, while any is left', async () => {
    await hold('WAIT-ANN', 1);
    await queueOrder('ann', { gig: 3 }, 'door', { voucher: 'WAIT-ANN' });
    await settle();
    expect(await answerOf('ann')).toMatchObject({ kind: 'ordered' });
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 0 });
    expect(await publicPlaces()).toEqual([1, 1]);
  });

  it('holds nothing once it has ended: its holder is served from public sale, as anyone', async () => {
    await hold('WAIT-ANN', 2, { until: Date.now() + 1000 });
    await staffDb()
      .ref(`${voucherPaths.voucher('WAIT-ANN')}/disabled`)
      .set(true);
    await queueOrder('ann', { gig: 1 }, 'door', { voucher: 'WAIT-ANN' });
    await settle();
    expect(await answerOf('ann')).toMatchObject({ kind: 'voucher', reason: 'disabled' });
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 2, used: 0 });
  });
});

describe('places held by a voucher coming back', () => {
  it('an order that lapses gives its places back to the voucher while it holds, not to the public', async () => {
    await hold('WAIT-ANN', 2);
    const ann = await queueOrder('ann', { gig: 2 }, 'transfer', { voucher: 'WAIT-ANN' });
    await settle();
    await lapse('ann', ann);
    await expireHolds(trusted(), Date.now());
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 2, used: 0 });
    expect(await publicPlaces()).toEqual([2, 2]);
    // Paid late, it takes them again from the voucher.
    await staffDb()
      .ref('paymentMarks/mark-ann')
      .set({ uid: 'ann', order: ann, amount: 2500, method: 'transfer', by: 'staff', at: NOW });
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-ann')).toMatchObject({ kind: 'paid' });
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 0, used: 1 });
    expect(await publicPlaces()).toEqual([2, 2]);
    expect(parseOrderPayment(await read(`orders/ann/${ann}/pay`))).toMatchObject({ state: 'paid' });
  });

  it('an order cancelled once its voucher has ended gives its places to public sale', async () => {
    await hold('WAIT-ANN', 2);
    const ann = await queueOrder('ann', { gig: 2 }, 'door', { voucher: 'WAIT-ANN' });
    await settle();
    await staffDb()
      .ref(`${voucherPaths.voucher('WAIT-ANN')}/disabled`)
      .set(true);
    expect(await cancelOnDesk('ann', ann)).toMatchObject({ kind: 'cancelled' });
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 0, used: 0 });
    expect(await publicPlaces()).toEqual([4, 4]);
  });

  it('the minute job gives what an ended voucher holds back to public sale, once, and leaves a holding one', async () => {
    await hold('OVER', 1, { until: Date.now() + 50 });
    await hold('OFF', 1);
    await hold('STILL', 1);
    await staffDb()
      .ref(`${voucherPaths.voucher('OFF')}/disabled`)
      .set(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await publicPlaces()).toEqual([1, 1]);
    const report = await runHoldsJob(trusted(), Date.now());
    expect(report.released).toBe(2);
    expect(await publicPlaces()).toEqual([3, 3]);
    expect(await voucherOf('OVER')).toMatchObject({ held: 0 });
    expect(await voucherOf('OFF')).toMatchObject({ held: 0 });
    expect(await voucherOf('STILL')).toMatchObject({ held: 1 });
    expect(await releaseHolds(trusted(), Date.now())).toEqual({ released: 0, places: 0 });
    expect(await publicPlaces()).toEqual([3, 3]);
  });

  it('a voucher used up gives back what its order did not take: an offer of two bought with one', async () => {
    await hold('WAIT-ANN', 2);
    await queueOrder('ann', { gig: 1 }, 'door', { voucher: 'WAIT-ANN' });
    await settle();
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 1, used: 1 });
    expect(await releaseHolds(trusted(), Date.now())).toEqual({ released: 1, places: 1 });
    expect(await voucherOf('WAIT-ANN')).toMatchObject({ held: 0 });
    expect(await publicPlaces()).toEqual([3, 3]);
  });
});
