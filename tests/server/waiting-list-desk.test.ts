/**
 * Staff's waiting list requests (docs/waiting-list.md#on-the-desk) against the real local database with the shop's
 * rules: an entry offered its places by hand, or taken off the list, each queued by staff as themselves and applied
 * by trusted code in one update with its answer; nobody else queues one, and nobody but trusted code answers.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { joinWaitingList } from '../../functions/src/waitinglist/join';
import { waitingDeskApplier } from '../../functions/src/waitinglist/deskRequests';
import { parseVoucher, voucherPaths } from '../../src/features/vouchers/model/voucher';
import {
  waitingDeskRequestRecord,
  waitingListDeskPaths,
  type WaitingDeskRequest,
} from '../../src/features/waitinglist/model/deskRequests';
import {
  parseWaitingLists,
  waitingListPaths,
  type WaitingEntry,
} from '../../src/features/waitinglist/model/waitingList';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, read, queueOrder, trusted } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: {
    ...SHOP_TAKING_EVERY_METHOD.users,
    dan: { firstname: 'Dan', lastname: 'B', email: 'dan@example.com', role: 'customer', created: 1 },
  },
  // Offers go out by hand only: nothing but the desk offers a place in these tests.
  waitingListSettings: { auto: false, hours: 2 },
  quotas: { hall: { name: 'Hall', left: 4 } },
  products: { gig: gigEvent({ stock: 4, price: 12.5, quotas: { hall: true } }) },
}));

const NOW = ServerValue.TIMESTAMP;
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
let requests = 0;

const join = (email: string, quantity = 1) =>
  joinWaitingList(trusted(), { product: 'gig', email, quantity, language: 'en-GB' }, Date.now());
const lineOf = async (): Promise<WaitingEntry[]> =>
  parseWaitingLists(await read(waitingListPaths.all)).get('gig') ?? [];
const demand = async () => read(waitingListPaths.demand);
const publicPlaces = async () => [await read('products/gig/stock'), await read('quotas/hall/left')];

/** The gig sold out to Dan, then Ann (2 places) and Bob (1) join its list. Returns their entries. */
async function twoWaiting(): Promise<[WaitingEntry, WaitingEntry]> {
  await queueOrder('dan', { gig: 4 }, 'transfer');
  await createAllocator(trusted()).settle();
  expect(await join('ann@example.com', 2)).toEqual({ ok: true, position: 1 });
  expect(await join('bob@example.com')).toEqual({ ok: true, position: 2 });
  const [ann, bob] = await lineOf();
  return [ann!, bob!];
}

/** Staff raise the capacity by `places`, which the people waiting are kept (docs/waiting-list.md#offers). */
const addPlaces = (places: number) =>
  connect('staff', 'staff').ref().update({ 'products/gig/stock': places, 'quotas/hall/left': places });

/** Staff member `by` queues `kind` of `entry` (judged by the rules); returns the request's id. */
async function queue(kind: WaitingDeskRequest['kind'], entry: WaitingEntry, by = 'staff'): Promise<string> {
  const id = `request-${++requests}-waiting`;
  const request: WaitingDeskRequest = { kind, product: entry.product, entry: entry.id, by };
  await connect(by, by).ref(waitingListDeskPaths.request(id)).set(waitingDeskRequestRecord(request, NOW));
  return id;
}

/** Applies the queue as trusted code; the answer to request `id`, the request gone. */
async function apply(id: string): Promise<unknown> {
  await waitingDeskApplier(trusted())();
  expect(await read(waitingListDeskPaths.request(id))).toBeNull();
  return read(waitingListDeskPaths.answer(id));
}

describe('an offer made by hand', () => {
  it('holds the entry’s places with a voucher while automatic offers are off, and passes over those it cannot serve', async () => {
    const [ann, bob] = await twoWaiting();
    await addPlaces(1);
    // The minute job leaves the place alone: offers are made by hand.
    await runHoldsJob(trusted(), Date.now());
    expect((await lineOf()).map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
    // Ann wants two places and one is free: no offer, and nothing changes.
    expect(await apply(await queue('offer', ann))).toMatchObject({ kind: 'no-places' });
    expect((await lineOf())[0]).toMatchObject({ state: 'waiting', voucher: null });
    expect(await publicPlaces()).toEqual([1, 1]);
    // Bob, behind her, fits: the desk may offer him first.
    const before = Date.now();
    expect(await apply(await queue('offer', bob))).toMatchObject({ kind: 'offered' });
    const offered = (await lineOf())[1]!;
    expect(offered).toMatchObject({ state: 'offered', mail: 'offer' });
    expect(offered.until).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    const voucher = parseVoucher(offered.voucher!, await read(voucherPaths.voucher(offered.voucher!)));
    expect(voucher).toMatchObject({ kind: 'none', scope: 'product', target: 'gig', uses: 1, held: 1 });
    expect(voucher!.until).toBe(offered.until);
    // Its place left public sale with the offer, and Bob's place is no longer wanted; Ann's two still are.
    expect(await publicPlaces()).toEqual([0, 0]);
    expect(await demand()).toEqual({ products: { gig: 2 }, quotas: { hall: 2 } });
  });

  it('is made only of an entry still waiting, and answered so otherwise', async () => {
    const [ann] = await twoWaiting();
    await addPlaces(4);
    expect(await apply(await queue('offer', ann))).toMatchObject({ kind: 'offered' });
    // Offered once: a second ask changes nothing.
    expect(await apply(await queue('offer', ann))).toMatchObject({ kind: 'not-waiting' });
    expect(await apply(await queue('skip', ann))).toMatchObject({ kind: 'not-waiting' });
    expect((await lineOf())[0]!.state).toBe('offered');
    expect(await publicPlaces()).toEqual([2, 2]);
    const gone = { ...ann, id: '00000000a-ABCDEF' };
    expect(await apply(await queue('offer', gone))).toMatchObject({ kind: 'not-found' });
    expect(await read(waitingListPaths.entry('gig', gone.id))).toBeNull();
  });
});

describe('taking someone off the list by hand', () => {
  it('ends their place in line, gives back the places they wanted and sends no email they were owed', async () => {
    const [ann, bob] = await twoWaiting();
    expect((await lineOf())[0]!.mail).toBe('joined');
    expect(await demand()).toEqual({ products: { gig: 3 }, quotas: { hall: 3 } });
    expect(await apply(await queue('skip', ann))).toMatchObject({ kind: 'skipped' });
    expect((await lineOf())[0]).toMatchObject({ state: 'left', mail: null });
    expect(await demand()).toEqual({ products: { gig: 1 }, quotas: { hall: 1 } });
    // Skipped twice, nothing is given back twice.
    expect(await apply(await queue('skip', ann))).toMatchObject({ kind: 'not-waiting' });
    expect(await demand()).toEqual({ products: { gig: 1 }, quotas: { hall: 1 } });
    expect((await lineOf())[1]).toMatchObject({ id: bob.id, state: 'waiting' });
  });

  it('is applied by the minute job when no desk had it applied', async () => {
    const [ann] = await twoWaiting();
    const id = await queue('skip', ann);
    await runHoldsJob(trusted(), Date.now(), undefined, undefined, undefined, waitingDeskApplier(trusted()));
    expect(await read(waitingListDeskPaths.request(id))).toBeNull();
    expect(await read(waitingListDeskPaths.answer(id))).toMatchObject({ kind: 'skipped' });
    expect((await lineOf())[0]!.state).toBe('left');
  });
});

describe('the desk’s queue', () => {
  it('takes requests from staff only, as themselves, of a kind it knows', async () => {
    const [ann] = await twoWaiting();
    await refused(queue('skip', ann, 'dan'));
    await refused(queue('skip', ann, 'mallory'));
    const staff = connect('staff', 'staff');
    const record = (fields: Record<string, unknown>) => ({
      ...waitingDeskRequestRecord({ kind: 'skip', product: 'gig', entry: ann.id, by: 'staff' }, NOW),
      ...fields,
    });
    await refused(staff.ref(waitingListDeskPaths.request('request-as-other')).set(record({ by: 'dan' })));
    await refused(staff.ref(waitingListDeskPaths.request('request-unknown')).set(record({ kind: 'delete' })));
    await refused(staff.ref(waitingListDeskPaths.request('request-bad-entry')).set(record({ entry: '../x' })));
    await refused(staff.ref(waitingListDeskPaths.request('request-extra')).set(record({ quantity: 5 })));
    expect(await read(waitingListDeskPaths.requests)).toBeNull();
    // Buyers read neither the queue nor the list.
    await refused(connect('dan', 'dan').ref(waitingListDeskPaths.requests).get());
    await refused(connect('dan', 'dan').ref(waitingListPaths.all).get());
  });

  it('is answered by trusted code alone: staff and buyers can neither answer nor take a request off', async () => {
    const [ann] = await twoWaiting();
    const id = await queue('skip', ann);
    for (const who of ['staff', 'dan']) {
      await refused(
        connect(who, who)
          .ref()
          .update({
            [waitingListDeskPaths.request(id)]: null,
            [waitingListDeskPaths.answer(id)]: { kind: 'skipped', at: NOW },
          }),
      );
      await refused(connect(who, who).ref(waitingListDeskPaths.request(id)).remove());
      await refused(
        connect(who, who).ref(waitingListDeskPaths.answer('request-never')).set({ kind: 'offered', at: NOW }),
      );
    }
    // Trusted code neither answers a request that was never queued, nor one it leaves queued.
    await refused(trustedAnswer('request-never'));
    await refused(trustedAnswer(id));
    expect(await apply(id)).toMatchObject({ kind: 'skipped' });
    // Once answered, the same request cannot be queued again.
    await refused(
      connect('staff', 'staff')
        .ref(waitingListDeskPaths.request(id))
        .set(waitingDeskRequestRecord({ kind: 'skip', product: 'gig', entry: ann.id, by: 'staff' }, NOW)),
    );
  });
});

/** Trusted code writing an answer to `id` without taking the request off the queue. */
const trustedAnswer = (id: string) =>
  trusted().update({ [waitingListDeskPaths.answer(id)]: { kind: 'skipped', at: NOW } });
