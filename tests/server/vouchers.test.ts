/**
 * Vouchers (docs/vouchers.md) against the real local database with the shop's rules and the real allocator: staff
 * write what a voucher is, only trusted code counts its uses, never past them, however many buyers race for it;
 * an order placed with one is at the lowered prices, and gives its use back when it lapses or is cancelled.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { expireHolds } from '../../functions/src/payments/expiry';
import { markApplier } from '../../functions/src/payments/marks';
import { deskKey } from '../../src/features/orders/deskIndex';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { parseOrderPayment } from '../../src/features/payments/model/orderPayment';
import {
  newVoucherRecord,
  parseVoucher,
  voucherPaths,
  type VoucherTerms,
} from '../../src/features/vouchers/model/voucher';
import { giftCardPaths, newGiftCardCode, newGiftCardRecord } from '../../src/features/giftcards/model/giftCard';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const BUYERS = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];

const { connect, read, order, queueOrder, trusted, admin, cancelOnDesk } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(BUYERS),
  // £12.50 a ticket, twenty left; a £9.99 mug; a £25 gift card.
  products: {
    gig: gigEvent({ stock: 20, price: 12.5 }),
    mug: gigEvent({ title: 'Mug', price: 9.99, date: null, category: 'Shop' }),
    card25: gigEvent({ title: 'Gift Card £25', price: 25, date: null, giftCard: true }),
    // The gig's crew pass: a type of it, sold only with a voucher.
    crew: gigEvent({ title: 'Gig', typeName: 'Crew', group: 'gig', price: 5, voucherOnly: true }),
  },
}));

const NOW = ServerValue.TIMESTAMP;
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const staffDb = () => connect('staff', 'staff');
const settle = () => createAllocator(trusted()).settle();

const TERMS: VoucherTerms = {
  kind: 'percent',
  value: 20,
  currency: 'GBP',
  scope: 'shop',
  target: null,
  uses: 1,
  from: null,
  until: null,
  disabled: false,
  tag: 'spring',
  comment: null,
};

/** Voucher `code` with `terms` over TERMS, created by staff as the desk creates one. */
async function voucher(code: string, terms: Partial<VoucherTerms> = {}): Promise<void> {
  await staffDb()
    .ref(voucherPaths.voucher(code))
    .set(newVoucherRecord({ ...TERMS, ...terms }, NOW));
}

const voucherOf = async (code: string) => parseVoucher(code, await read(voucherPaths.voucher(code)))!;
const answerOf = async (uid: string) => read(`orderAnswers/${uid}/request-${uid}`);

describe('a voucher as the rules keep it', () => {
  it('is written by staff with no use counted, and read by staff only', async () => {
    await voucher('SPRING20');
    expect(await voucherOf('SPRING20')).toMatchObject({ kind: 'percent', value: 20, uses: 1, used: 0 });
    await expect(connect('ann', 'ann').ref(voucherPaths.voucher('SPRING20')).get()).rejects.toThrow(/permission/i);
    await expect(connect('ann', 'ann').ref(voucherPaths.vouchers).get()).rejects.toThrow(/permission/i);
    await refused(connect('ann', 'ann').ref(voucherPaths.voucher('MINE')).set(newVoucherRecord(TERMS, NOW)));
  });

  it('never has its uses counted by staff, nor deleted, nor its creation moved', async () => {
    await voucher('SPRING20', { uses: 5 });
    const path = voucherPaths.voucher('SPRING20');
    await refused(staffDb().ref(`${path}/used`).set(1));
    await refused(staffDb().ref(`${path}/used`).remove());
    await refused(staffDb().ref(path).remove());
    await refused(
      staffDb()
        .ref('vouchers/FRESH')
        .set({ ...newVoucherRecord(TERMS, NOW), used: 3 }),
    );
    await refused(staffDb().ref(`${path}/created`).set(1));
    // Its terms, yes: more uses, a window, disabled.
    await staffDb()
      .ref()
      .update({ [`${path}/uses`]: 10, [`${path}/until`]: Date.UTC(2030, 0, 1), [`${path}/disabled`]: true });
    expect(await voucherOf('SPRING20')).toMatchObject({ uses: 10, disabled: true, used: 0 });
  });

  it('keeps what it does and applies to once an order has used it; its uses, window and state staff may still change', async () => {
    await voucher('USED', { uses: 5 });
    await admin().ref(voucherPaths.used('USED')).set(1);
    const path = voucherPaths.voucher('USED');
    await refused(staffDb().ref(`${path}/value`).set(50));
    await refused(staffDb().ref(`${path}/kind`).set('amount'));
    await refused(
      staffDb()
        .ref()
        .update({ [`${path}/scope`]: 'product', [`${path}/target`]: 'mug' }),
    );
    await staffDb()
      .ref()
      .update({ [`${path}/uses`]: 8, [`${path}/disabled`]: true, [`${path}/comment`]: 'paused' });
    expect(await voucherOf('USED')).toMatchObject({ value: 20, uses: 8, disabled: true, comment: 'paused' });
    // Unused, it may still be changed whole.
    await voucher('FRESH');
    await staffDb()
      .ref(`${voucherPaths.voucher('FRESH')}/value`)
      .set(50);
    expect(await voucherOf('FRESH')).toMatchObject({ value: 50 });
  });

  it('refuses what no voucher can be: a percentage over 100, a scope without its target, a code in small letters', async () => {
    await refused(
      staffDb()
        .ref('vouchers/BIG')
        .set(newVoucherRecord({ ...TERMS, value: 150 }, NOW)),
    );
    await refused(
      staffDb()
        .ref('vouchers/PROD')
        .set(newVoucherRecord({ ...TERMS, scope: 'product' }, NOW)),
    );
    await refused(staffDb().ref('vouchers/lower').set(newVoucherRecord(TERMS, NOW)));
    await refused(
      staffDb()
        .ref('vouchers/WIN')
        .set(newVoucherRecord({ ...TERMS, from: Date.UTC(2030, 0, 2), until: Date.UTC(2030, 0, 1) }, NOW)),
    );
  });

  it('has its uses counted by trusted code alone, never past them; nobody else lists an order among its uses', async () => {
    await voucher('ONCE', { uses: 1 });
    const trustedDb = connect('trusted', ALLOCATOR_UID);
    await refused(trustedDb.ref(voucherPaths.used('ONCE')).set(2));
    await trustedDb.ref(voucherPaths.used('ONCE')).set(ServerValue.increment(1));
    await refused(trustedDb.ref(voucherPaths.used('ONCE')).set(ServerValue.increment(1)));
    await refused(staffDb().ref(voucherPaths.use('ONCE', 'ann~o1')).set({ total: 1, off: 1, at: NOW }));
    // Less than nothing is no count either.
    await trustedDb.ref(voucherPaths.used('ONCE')).set(ServerValue.increment(-1));
    await refused(trustedDb.ref(voucherPaths.used('ONCE')).set(ServerValue.increment(-1)));
  });
});

describe('an order placed with a voucher', () => {
  it('is at the lowered prices, the catalogue’s beside them, its use counted and listed in the same update', async () => {
    await voucher('SPRING20');
    const id = await queueOrder('ann', { gig: 2, mug: 1 }, 'door', { voucher: 'SPRING20' });
    await settle();
    expect(await answerOf('ann')).toMatchObject({ kind: 'ordered' });
    const placed = (await read(`orders/ann/${id}`)) as Record<string, unknown>;
    // 20% off £12.50 is £10.00; off £9.99 it is £7.99 (199.8 pence rounded to 200).
    expect(placed.items).toMatchObject({
      gig: { price: 10, listPrice: 12.5, quantity: 2 },
      mug: { price: 7.99, listPrice: 9.99, quantity: 1 },
    });
    expect(placed.total).toBe(27.99);
    expect(placed.voucher).toEqual({ code: 'SPRING20', off: 700 });
    expect(parseOrderPayment(placed.pay)).toMatchObject({ due: 2799 });
    expect(await voucherOf('SPRING20')).toMatchObject({ used: 1 });
    expect(await read(voucherPaths.use('SPRING20', deskKey('ann', id)))).toMatchObject({ total: 2799, off: 700 });
  });

  it('lowers only what it applies to, and never a gift card', async () => {
    await voucher('MUGS', { scope: 'product', target: 'mug', kind: 'price', value: 500 });
    const id = await queueOrder('ann', { gig: 1, mug: 2, card25: 1 }, 'door', { voucher: 'MUGS' });
    await settle();
    expect(await read(`orders/ann/${id}/items`)).toMatchObject({
      gig: { price: 12.5 },
      mug: { price: 5, listPrice: 9.99 },
      card25: { price: 25 },
    });
    expect(await read(`orders/ann/${id}/items/gig/listPrice`)).toBeNull();
    expect(await read(`orders/ann/${id}/voucher`)).toEqual({ code: 'MUGS', off: 998 });
  });

  it('is refused, nothing taken, when the voucher cannot be used: each reason in the answer', async () => {
    await voucher('OFF', { disabled: true });
    await voucher('LATER', { from: Date.UTC(2030, 0, 1) });
    await voucher('OVER', { until: Date.UTC(2020, 0, 1) });
    await voucher('GIGS', { scope: 'event', target: 'gig' });
    await voucher('GONE', { uses: 1 });
    await admin().ref(voucherPaths.used('GONE')).set(1);
    const cases: [string, string, Record<string, number>][] = [
      ['ann', 'NONE', { gig: 1 }],
      ['bob', 'OFF', { gig: 1 }],
      ['cat', 'LATER', { gig: 1 }],
      ['dan', 'OVER', { gig: 1 }],
      ['eve', 'GIGS', { mug: 1, card25: 1 }],
      ['fay', 'GONE', { gig: 1 }],
    ];
    for (const [uid, code, lines] of cases) await queueOrder(uid, lines, 'door', { voucher: code });
    await settle();
    const reasons = await Promise.all(cases.map(async ([uid]) => ((await answerOf(uid)) as { reason: string }).reason));
    expect(reasons).toEqual(['not-found', 'disabled', 'not-yet', 'expired', 'not-for-these', 'used-up']);
    expect(await read('products/gig/stock')).toBe(20);
    expect(await read('voucherUses')).toBeNull();
  });

  it('is placed for as many buyers as it has uses, in the order they came, however many race for it', async () => {
    await voucher('THREE', { uses: 3 });
    for (const uid of BUYERS) await queueOrder(uid, { gig: 1 }, 'door', { voucher: 'THREE' });
    await settle();
    const answers = await Promise.all(BUYERS.map(async (uid) => (await answerOf(uid)) as Record<string, unknown>));
    expect(answers.filter((answer) => answer.kind === 'ordered')).toHaveLength(3);
    expect(answers.filter((answer) => answer.reason === 'used-up')).toHaveLength(5);
    expect(await voucherOf('THREE')).toMatchObject({ used: 3 });
    expect(Object.keys((await read(voucherPaths.uses('THREE'))) as object)).toHaveLength(3);
    expect(await read('products/gig/stock')).toBe(17);
  });

  it('is paid by a gift card for what is due after the voucher, and the card keeps the rest', async () => {
    await voucher('SPRING20');
    const code = newGiftCardCode();
    await connect('trusted', ALLOCATOR_UID)
      .ref(giftCardPaths.card(code))
      .set(newGiftCardRecord({ currency: 'GBP', value: 2500, expires: null, from: { by: 'staff' } }, NOW));
    const id = await queueOrder('ann', { gig: 2 }, 'door', { voucher: 'SPRING20', giftCard: code });
    await settle();
    expect(parseOrderPayment(await read(`orders/ann/${id}/pay`))).toMatchObject({ due: 2000, state: 'paid' });
    expect(await read(`${giftCardPaths.card(code)}/balance`)).toBe(500);
  });
});

describe('a type sold only with a voucher', () => {
  it('is sold to nobody without the voucher that names it, nor with one for the whole shop or event', async () => {
    await voucher('SPRING20');
    await voucher('GIGS', { scope: 'event', target: 'gig' });
    await queueOrder('ann', { crew: 1 }, 'door');
    await queueOrder('bob', { crew: 1 }, 'door', { voucher: 'SPRING20' });
    await queueOrder('cat', { crew: 1, gig: 1 }, 'door', { voucher: 'GIGS' });
    await settle();
    for (const uid of ['ann', 'bob', 'cat'])
      expect(await answerOf(uid), uid).toMatchObject({ kind: 'unavailable', products: { crew: true } });
    expect(await read('orders')).toBeNull();
  });

  it('is sold with a voucher that names it and takes nothing off, its use counted', async () => {
    await voucher('CREW-2027', { kind: 'none', value: 0, scope: 'product', target: 'crew', uses: 2 });
    const id = await queueOrder('ann', { crew: 1 }, 'door', { voucher: 'CREW-2027' });
    await settle();
    expect(await answerOf('ann')).toMatchObject({ kind: 'ordered' });
    expect(await read(`orders/ann/${id}/items/crew`)).toMatchObject({ price: 5, type: 'Crew', event: 'gig' });
    expect(await read(`orders/ann/${id}/voucher`)).toEqual({ code: 'CREW-2027', off: 0 });
    expect(await voucherOf('CREW-2027')).toMatchObject({ used: 1 });
  });

  it('is sold free with a voucher that names it and sets its price to nothing', async () => {
    await voucher('CREWFREE', { kind: 'price', value: 0, scope: 'product', target: 'crew' });
    const id = await queueOrder('ann', { crew: 2 }, 'door', { voucher: 'CREWFREE' });
    await settle();
    expect(await read(`orders/ann/${id}/items/crew`)).toMatchObject({ price: 0, listPrice: 5 });
    expect(await read(`orders/ann/${id}/voucher`)).toEqual({ code: 'CREWFREE', off: 1000 });
  });
});

describe('giving a voucher’s use back', () => {
  /** The hold of order `id` of `uid` ended a minute ago. */
  async function lapse(uid: string, id: string): Promise<void> {
    const until = Date.now() - 60_000;
    await admin()
      .ref()
      .update({ [`orders/${uid}/${id}/pay/until`]: until, [`deskOrders/${deskKey(uid, id)}/hold`]: until });
  }

  it('an order that lapses unpaid gives its use back, and another buyer can have it', async () => {
    await voucher('ONCE');
    const id = await order('ann', { gig: 2 }, 'transfer');
    expect(await read(`orders/ann/${id}/voucher`)).toBeNull();
    const withVoucher = await queueOrder('bob', { gig: 2 }, 'transfer', { voucher: 'ONCE' });
    await settle();
    expect(await voucherOf('ONCE')).toMatchObject({ used: 1 });
    await lapse('bob', withVoucher);
    await expireHolds(trusted(), Date.now());
    expect(await voucherOf('ONCE')).toMatchObject({ used: 0 });
    expect(await read(voucherPaths.uses('ONCE'))).toBeNull();
    await queueOrder('cat', { gig: 1 }, 'door', { voucher: 'ONCE' });
    await settle();
    expect(await answerOf('cat')).toMatchObject({ kind: 'ordered' });
  });

  it('an order staff cancel gives its use back', async () => {
    await voucher('ONCE');
    const id = await queueOrder('ann', { gig: 1 }, 'door', { voucher: 'ONCE' });
    await settle();
    expect(await cancelOnDesk('ann', id)).toMatchObject({ kind: 'cancelled' });
    expect(await voucherOf('ONCE')).toMatchObject({ used: 0 });
    expect(await read(voucherPaths.use('ONCE', deskKey('ann', id)))).toBeNull();
  });

  it('a lapsed order paid late takes its use again while one is left; once it is used up, the money is owed back', async () => {
    await voucher('ONCE');
    const late = async (uid: string, id: string, mark: string) => {
      await staffDb()
        .ref(`paymentMarks/${mark}`)
        .set({ uid, order: id, amount: 1000, method: 'transfer', by: 'staff', at: NOW });
      await markApplier(trusted())();
      return read(`paymentMarkAnswers/${mark}`);
    };
    const ann = await queueOrder('ann', { gig: 1 }, 'transfer', { voucher: 'ONCE' });
    await settle();
    await lapse('ann', ann);
    await expireHolds(trusted(), Date.now());
    expect(await late('ann', ann, 'mark-ann')).toMatchObject({ kind: 'paid' });
    expect(await voucherOf('ONCE')).toMatchObject({ used: 1 });
    expect(await read(voucherPaths.use('ONCE', deskKey('ann', ann)))).toMatchObject({ total: 1000, off: 250 });

    // Bob's lapses too, and Cat takes the use meanwhile: his money comes too late, and is owed back.
    await voucher('TWICE', { uses: 1 });
    const bob = await queueOrder('bob', { gig: 1 }, 'transfer', { voucher: 'TWICE' });
    await settle();
    await lapse('bob', bob);
    await expireHolds(trusted(), Date.now());
    await queueOrder('cat', { gig: 1 }, 'door', { voucher: 'TWICE' });
    await settle();
    expect(await late('bob', bob, 'mark-bob')).toMatchObject({ kind: 'late-no-stock', refund: 1000 });
    expect(await voucherOf('TWICE')).toMatchObject({ used: 1 });
    expect(await read(`orders/bob/${bob}/status`)).toBe('cancelled');
  });
});
