/**
 * Staff making a voucher that holds places on the desk (docs/vouchers.md#staff-holding-places), against the real
 * local database with the shop's rules: a request staff queue as themselves, applied by trusted code in one update
 * (the voucher with its hold, the places taken from the stock and the quota, the answer, the request gone); never
 * more than the public could buy, never places sold meanwhile or wanted by the people waiting; nobody else queues
 * one, and staff still never write a hold themselves.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { voucherDeskApplier } from '../../functions/src/vouchers/deskRequests';
import { joinWaitingList } from '../../functions/src/waitinglist/join';
import {
  voucherDeskPaths,
  voucherHoldRequestRecord,
  type VoucherHoldRequest,
} from '../../src/features/vouchers/model/deskRequests';
import {
  newVoucherRecord,
  parseVoucher,
  voucherPaths,
  type VoucherTerms,
} from '../../src/features/vouchers/model/voucher';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const { connect, read, queueOrder, trusted, admin, url, closeAfter } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(['ann', 'bob', 'dan']),
  // Offers go out by hand only: nothing but staff's holds takes the places in these tests.
  waitingListSettings: { auto: false, hours: 2 },
  quotas: { hall: { name: 'Hall', left: 4 } },
  products: {
    // Four places at £12.50 a ticket, in a hall of four.
    gig: gigEvent({ stock: 4, price: 12.5, quotas: { hall: true } }),
    card: gigEvent({ title: 'Gift card', date: null, price: 25, giftCard: true }),
  },
}));

const NOW = ServerValue.TIMESTAMP;
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const settle = () => createAllocator(trusted()).settle();
const publicPlaces = async () => [await read('products/gig/stock'), await read('quotas/hall/left')];
const voucherOf = async (code: string) => parseVoucher(code, await read(voucherPaths.voucher(code)));
let requests = 0;

/** A sponsor's voucher: nothing off, two uses, of the gig. */
const TERMS: VoucherTerms = {
  kind: 'none',
  value: 0,
  currency: 'GBP',
  scope: 'product',
  target: 'gig',
  uses: 2,
  from: null,
  until: null,
  disabled: false,
  tag: 'sponsors',
  comment: 'Held for the sponsor',
};

/** What the desk writes when `by` asks for voucher `code` holding `places` (judged by the rules as `as`). */
async function queue(code: string, places: number, extra: Partial<VoucherTerms> = {}, by = 'staff', as = by) {
  const id = `request-${++requests}-hold`;
  const request: VoucherHoldRequest = { kind: 'hold', code, terms: { ...TERMS, ...extra }, places, by };
  await connect(as, as).ref(voucherDeskPaths.request(id)).set(voucherHoldRequestRecord(request, NOW));
  return id;
}

/** Applies the queue as trusted code; the answer to request `id`, the request gone. */
async function apply(id: string, db = trusted()): Promise<unknown> {
  await voucherDeskApplier(db)();
  expect(await read(voucherDeskPaths.request(id))).toBeNull();
  return read(voucherDeskPaths.answer(id));
}

describe('a voucher that holds places, asked for on the desk', () => {
  it('is made with its hold, the places taken from the stock and the quota, in one update with its answer', async () => {
    expect(await apply(await queue('SPONSOR', 4))).toMatchObject({ kind: 'held', code: 'SPONSOR', places: 4 });
    const voucher = await voucherOf('SPONSOR');
    expect(voucher).toMatchObject({ ...TERMS, code: 'SPONSOR', held: 4, used: 0 });
    expect(voucher!.created).toBeGreaterThan(Date.now() - 60_000);
    expect(await publicPlaces()).toEqual([0, 0]);
    // The public are told none are left; the voucher's holder is sold its places.
    await queueOrder('bob', { gig: 1 }, 'door');
    await queueOrder('ann', { gig: 3 }, 'door', { voucher: 'SPONSOR' });
    await settle();
    expect(await read('orderAnswers/bob/request-bob')).toMatchObject({ kind: 'short', left: { gig: 0 } });
    expect(await read('orderAnswers/ann/request-ann')).toMatchObject({ kind: 'ordered' });
    expect(await voucherOf('SPONSOR')).toMatchObject({ held: 1, used: 1 });
    expect(await publicPlaces()).toEqual([0, 0]);
  });

  it('takes nothing when fewer places are left than asked, and says how many are', async () => {
    await admin().ref('quotas/hall/left').set(3);
    expect(await apply(await queue('SPONSOR', 4))).toMatchObject({ kind: 'not-enough', left: 3 });
    expect(await read(voucherPaths.voucher('SPONSOR'))).toBeNull();
    expect(await publicPlaces()).toEqual([4, 3]);
  });

  it('never takes places sold meanwhile: the rules refuse the hold, and it is decided again', async () => {
    const db = trusted();
    let sold = false;
    // Three places are sold between trusted code's reading and its update.
    const racing = {
      ...db,
      update: async (update: Record<string, unknown>) => {
        if (!sold) {
          sold = true;
          await admin().ref().update({ 'products/gig/stock': 1, 'quotas/hall/left': 1 });
        }
        return db.update(update);
      },
    };
    expect(await apply(await queue('SPONSOR', 2), racing)).toMatchObject({ kind: 'not-enough', left: 1 });
    expect(sold).toBe(true);
    expect(await read(voucherPaths.voucher('SPONSOR'))).toBeNull();
    expect(await publicPlaces()).toEqual([1, 1]);
  });

  it('makes nothing of a code that exists, nor of a product that is gone or is a gift card', async () => {
    await connect('staff', 'staff')
      .ref('vouchers/TAKEN')
      .set(newVoucherRecord({ ...TERMS, tag: null }, NOW));
    expect(await apply(await queue('TAKEN', 2))).toMatchObject({ kind: 'taken', code: 'TAKEN' });
    expect(await voucherOf('TAKEN')).toMatchObject({ held: null, tag: null });
    expect(await apply(await queue('GONE', 2, { target: 'gone' }))).toMatchObject({ kind: 'not-found' });
    expect(await apply(await queue('CARD', 2, { target: 'card' }))).toMatchObject({ kind: 'not-found' });
    expect(await read(voucherPaths.voucher('GONE'))).toBeNull();
    expect(await read(voucherPaths.voucher('CARD'))).toBeNull();
    expect(await publicPlaces()).toEqual([4, 4]);
  });

  it('never takes the places people on the waiting list want: only what the public could buy', async () => {
    await queueOrder('dan', { gig: 4 }, 'transfer');
    await settle();
    const join = { product: 'gig', email: 'wait@example.com', quantity: 2, language: 'en-GB' } as const;
    expect(await joinWaitingList(trusted(), join, Date.now())).toEqual({ ok: true, position: 1 });
    // Staff add three places: two are the waiting person's, one is the public's.
    await connect('staff', 'staff').ref().update({ 'products/gig/stock': 3, 'quotas/hall/left': 3 });
    expect(await apply(await queue('SPONSOR', 2))).toMatchObject({ kind: 'not-enough', left: 1 });
    expect(await apply(await queue('SPONSOR', 1))).toMatchObject({ kind: 'held', places: 1 });
    expect(await publicPlaces()).toEqual([2, 2]);
    expect(await read('waitingDemand')).toEqual({ products: { gig: 2 }, quotas: { hall: 2 } });
  });

  it('is made by the minute job when no desk had it applied', async () => {
    const id = await queue('SPONSOR', 2);
    const job = voucherDeskApplier(trusted());
    await runHoldsJob(trusted(), Date.now(), undefined, undefined, undefined, undefined, job);
    expect(await read(voucherDeskPaths.request(id))).toBeNull();
    expect(await read(voucherDeskPaths.answer(id))).toMatchObject({ kind: 'held', code: 'SPONSOR' });
    expect(await voucherOf('SPONSOR')).toMatchObject({ held: 2 });
    expect(await publicPlaces()).toEqual([2, 2]);
  });
});

describe('the desk’s queue of holds', () => {
  it('takes a request from staff only, as themselves: not a customer, a forged token or staff writing as another', async () => {
    await refused(queue('SPONSOR', 2, {}, 'dan'));
    // An unsigned token claiming to be staff: claims give no rights, the rules read users/{uid}/role.
    const forged = initializeApp(
      {
        databaseURL: url(),
        databaseAuthVariableOverride: {
          uid: 'mallory',
          token: { sub: 'mallory', email: 's@example.com', role: 'staff', admin: true },
        },
      },
      `forged-${requests}`,
    );
    closeAfter(() => deleteApp(forged));
    const request: VoucherHoldRequest = { kind: 'hold', code: 'SPONSOR', terms: TERMS, places: 2, by: 'mallory' };
    await refused(
      getDatabase(forged).ref(voucherDeskPaths.request('request-forged')).set(voucherHoldRequestRecord(request, NOW)),
    );
    await refused(queue('SPONSOR', 2, {}, 'dan', 'staff'));
    expect(await read(voucherDeskPaths.requests)).toBeNull();
    // Buyers read neither the queue nor the answers.
    await refused(connect('dan', 'dan').ref(voucherDeskPaths.requests).get());
    await refused(connect('dan', 'dan').ref('voucherAnswers').get());
  });

  it('takes only a voucher of one product, with its own fields, that holds 1 to 1000 places', async () => {
    const staff = connect('staff', 'staff');
    const record = (change: (r: Record<string, unknown>) => void) => {
      const request: VoucherHoldRequest = { kind: 'hold', code: 'SPONSOR', terms: TERMS, places: 2, by: 'staff' };
      const written = structuredClone(voucherHoldRequestRecord(request, {})) as Record<string, unknown>;
      change(written);
      return { ...written, at: NOW };
    };
    const voucher = (r: Record<string, unknown>) => r.voucher as Record<string, unknown>;
    const bad = [
      record((r) => (r.places = 0)),
      record((r) => (r.places = 1001)),
      record((r) => (r.places = 1.5)),
      record((r) => (r.code = 'lower')),
      record((r) => (r.kind = 'release')),
      record((r) => (r.extra = true)),
      record((r) => Object.assign(voucher(r), { scope: 'event' })),
      record((r) => Object.assign(voucher(r), { held: 2 })),
      record((r) => Object.assign(voucher(r), { used: 1 })),
      record((r) => Object.assign(voucher(r), { kind: 'percent', value: 101 })),
      record((r) => Object.assign(voucher(r), { uses: 0 })),
      record((r) => Object.assign(voucher(r), { until: Date.UTC(2027, 0, 1), from: Date.UTC(2027, 1, 1) })),
      record((r) => delete voucher(r).target),
    ];
    for (const [n, request] of bad.entries())
      await refused(staff.ref(voucherDeskPaths.request(`request-bad-${n}`)).set(request));
    expect(await read(voucherDeskPaths.requests)).toBeNull();
    await staff.ref(voucherDeskPaths.request('request-good')).set(record(() => undefined));
  });

  it('is answered by trusted code alone, once', async () => {
    const id = await queue('SPONSOR', 2);
    for (const who of ['staff', 'dan']) {
      await refused(
        connect(who, who)
          .ref()
          .update({
            [voucherDeskPaths.request(id)]: null,
            [voucherDeskPaths.answer(id)]: { kind: 'held', code: 'SPONSOR', places: 2, at: NOW },
          }),
      );
      await refused(connect(who, who).ref(voucherDeskPaths.request(id)).remove());
    }
    // Trusted code never answers a request it leaves queued.
    await refused(trusted().update({ [voucherDeskPaths.answer(id)]: { kind: 'invalid', at: NOW } }));
    expect(await apply(id)).toMatchObject({ kind: 'held' });
    // Once answered, the same request cannot be queued again.
    const request: VoucherHoldRequest = { kind: 'hold', code: 'OTHER', terms: TERMS, places: 1, by: 'staff' };
    await refused(
      connect('staff', 'staff').ref(voucherDeskPaths.request(id)).set(voucherHoldRequestRecord(request, NOW)),
    );
  });

  it('leaves staff unable to write a hold themselves, or to move a holding voucher to another product', async () => {
    const staff = connect('staff', 'staff');
    await refused(staff.ref('vouchers/MINE').set({ ...newVoucherRecord(TERMS, NOW), held: 2 }));
    expect(await apply(await queue('SPONSOR', 2))).toMatchObject({ kind: 'held' });
    await refused(staff.ref(voucherPaths.held('SPONSOR')).set(4));
    await refused(staff.ref(voucherPaths.held('SPONSOR')).remove());
    await refused(staff.ref(`${voucherPaths.voucher('SPONSOR')}/target`).set('card'));
    // Its other terms are staff's: disabling it ends the hold (the minute job gives its places back).
    await staff.ref().update({ 'vouchers/SPONSOR/disabled': true, 'vouchers/SPONSOR/uses': 5 });
    await runHoldsJob(trusted(), Date.now());
    expect(await voucherOf('SPONSOR')).toMatchObject({ held: 0, uses: 5, disabled: true });
    expect(await publicPlaces()).toEqual([4, 4]);
  });
});
