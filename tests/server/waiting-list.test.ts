/**
 * The waiting list (docs/waiting-list.md) against the real local database with the shop's rules, the real allocator
 * and the real minute job: joining a sold-out product through trusted code, the places people wait for kept from the
 * public, offers made in turn as vouchers that hold the places, bought, passed on when they expire, and left.
 */
import { describe, expect, it } from 'vitest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import type { ComposedMail } from '../../functions/src/mail/compose';
import {
  joinWaitingList,
  leaveWaitingList,
  waitingListLimits,
  waitingListRequest,
} from '../../functions/src/waitinglist/join';
import { callerDirect } from '../../functions/src/mail/caller';
import { sendWaitingMail } from '../../functions/src/waitinglist/mail';
import { deskKey } from '../../src/features/orders/deskIndex';
import { parseVoucher, voucherPaths } from '../../src/features/vouchers/model/voucher';
import {
  entryWrites,
  parseWaitingLists,
  waitingListPaths,
  type WaitingEntry,
} from '../../src/features/waitinglist/model/waitingList';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import type { ShopLanguage } from '../../src/i18n/languages';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';

const BUYERS = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];

const { connect, read, queueOrder, trusted, admin } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  properties: { ...SHOP_TAKING_EVERY_METHOD.properties, name: 'Lantern Rooms', timezone: 'Europe/London' },
  users: usersWithBuyers(BUYERS),
  quotas: { hall: { name: 'Hall', left: 4 } },
  // Four places in a hall of four; a mug with no limit.
  products: {
    gig: gigEvent({ stock: 4, price: 12.5, quotas: { hall: true } }),
    mug: gigEvent({ title: 'Mug', price: 9.99, date: null, category: 'Shop' }),
  },
}));

const settle = () => createAllocator(trusted()).settle();
const job = () => runHoldsJob(trusted(), Date.now());
const join = (email: string, quantity = 1, product = 'gig', language: ShopLanguage = 'en-GB') =>
  joinWaitingList(trusted(), { product, email, quantity, language }, Date.now());
const answerOf = async (uid: string) => read(`orderAnswers/${uid}/request-${uid}`);
const lineOf = async (product = 'gig'): Promise<WaitingEntry[]> =>
  parseWaitingLists(await read(waitingListPaths.all)).get(product) ?? [];
const publicPlaces = async () => [await read('products/gig/stock'), await read('quotas/hall/left')];
const demand = async () => read(waitingListPaths.demand);
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);

/** The gig sold out: `uid` holds all four places, unpaid by transfer. Returns the order's id. */
async function soldOut(uid = 'dan'): Promise<string> {
  const id = await queueOrder(uid, { gig: 4 }, 'transfer');
  await settle();
  expect(await publicPlaces()).toEqual([0, 0]);
  return id;
}

/** The hold of order `id` of `uid` ended a minute ago. */
async function lapse(uid: string, id: string): Promise<void> {
  const until = Date.now() - 60_000;
  await admin()
    .ref()
    .update({ [`orders/${uid}/${id}/pay/until`]: until, [`deskOrders/${deskKey(uid, id)}/hold`]: until });
}

describe('joining the waiting list', () => {
  it('is for what the public cannot buy now: a sold-out product, while the list is open', async () => {
    expect(await join('ann@example.com')).toEqual({ ok: false, reason: 'on-sale' });
    expect(await join('ann@example.com', 1, 'mug')).toEqual({ ok: false, reason: 'on-sale' });
    expect(await join('ann@example.com', 1, 'nothing')).toEqual({ ok: false, reason: 'unavailable' });
    expect(await join('ann@example.com', 11)).toEqual({ ok: false, reason: 'too-many' });
    await admin().ref(waitingListPaths.settings).set({ on: false });
    expect(await join('ann@example.com', 5)).toEqual({ ok: false, reason: 'closed' });
    expect(await read(waitingListPaths.all)).toBeNull();
    // Asking for more than is left is waiting too.
    await admin().ref(waitingListPaths.settings).set({ on: true });
    expect(await join('ann@example.com', 5)).toEqual({ ok: true, position: 1 });
  });

  it('puts each in line in the order they came, counts the places they want, and keeps one place per address', async () => {
    await soldOut();
    expect(await join('ann@example.com', 2)).toEqual({ ok: true, position: 1 });
    expect(await join('bob@example.com')).toEqual({ ok: true, position: 2 });
    expect(await join('ANN@example.com', 3)).toEqual({ ok: true, position: 1 });
    const line = await lineOf();
    expect(line.map((entry) => [entry.email, entry.quantity, entry.state, entry.mail])).toEqual([
      ['ann@example.com', 2, 'waiting', 'joined'],
      ['bob@example.com', 1, 'waiting', 'joined'],
    ]);
    expect(line[0]!.quotas).toEqual(['hall']);
    expect(await demand()).toEqual({ products: { gig: 3 }, quotas: { hall: 3 } });
  });

  it('is written by trusted code alone; everyone reads the places wanted, only staff the list', async () => {
    await soldOut();
    await join('ann@example.com');
    const [entry] = await lineOf();
    const path = waitingListPaths.entry('gig', entry!.id);
    for (const who of ['ann', 'staff']) {
      await refused(connect(who, who).ref(`${path}/state`).set('offered'));
      await refused(connect(who, who).ref(waitingListPaths.productDemand('gig')).set(0));
      await refused(
        connect(who, who)
          .ref(waitingListPaths.entry('gig', '00000000a-ABCDEF'))
          .set({ email: 'x@example.com', quantity: 1, at: 1, state: 'waiting', key: 'A'.repeat(16) }),
      );
    }
    await refused(connect('ann', 'ann').ref(waitingListPaths.all).get());
    expect((await connect('staff', 'staff').ref(waitingListPaths.all).get()).exists()).toBe(true);
    expect((await connect('visitor').ref(waitingListPaths.demand).get()).val()).toEqual({
      products: { gig: 1 },
      quotas: { hall: 1 },
    });
  });
});

describe('an entry', () => {
  it('is changed only from a fresh reading: a second change from the same reading, or one without its version, is refused', async () => {
    await soldOut();
    await join('ann@example.com');
    const [read] = await lineOf();
    const trustedDb = connect('trusted', ALLOCATOR_UID);
    const path = waitingListPaths.entry('gig', read!.id);
    await trustedDb.ref().update(entryWrites(read!, { mail: null }));
    // The mail sender's clear, decided before an offer marked the entry again, does not erase the new mark.
    await refused(trustedDb.ref().update(entryWrites(read!, { mail: null })));
    await refused(trustedDb.ref(`${path}/state`).set('offered'));
    expect((await lineOf())[0]).toMatchObject({ v: 1, mail: null, state: 'waiting' });
  });
});

describe('places that come back', () => {
  it('are never sold to the public while people wait; the minute job offers them in turn, and the holder buys them', async () => {
    const dan = await soldOut();
    await join('ann@example.com', 2);
    await join('bob@example.com', 1);
    await lapse('dan', dan);
    // The job lets Dan's order lapse and offers its places in the same run: Ann's two, then Bob's one.
    const report = await job();
    expect(report).toMatchObject({ expired: 1, offered: 2 });
    const [ann, bob] = await lineOf();
    expect([ann!.state, bob!.state]).toEqual(['offered', 'offered']);
    expect(ann!.mail).toBe('offer');
    const voucher = parseVoucher(ann!.voucher!, await read(voucherPaths.voucher(ann!.voucher!)));
    expect(voucher).toMatchObject({ kind: 'none', scope: 'product', target: 'gig', uses: 1, held: 2 });
    expect(voucher!.until).toBe(ann!.until);
    // One place is left over and nobody waits for it: the public may buy it, and no more.
    expect(await publicPlaces()).toEqual([1, 1]);
    expect(await demand()).toEqual({ products: { gig: 0 }, quotas: { hall: 0 } });
    await queueOrder('eve', { gig: 2 }, 'door');
    await queueOrder('ann', { gig: 2 }, 'door', { voucher: ann!.voucher! });
    await settle();
    expect(await answerOf('eve')).toMatchObject({ kind: 'short', left: { gig: 1 } });
    expect(await answerOf('ann')).toMatchObject({ kind: 'ordered' });
    await job();
    expect((await lineOf()).map((entry) => entry.state)).toEqual(['bought', 'offered']);
  });

  it('a place a buyer gives back while people wait goes to the next in line, not to the public', async () => {
    const dan = await soldOut();
    await join('ann@example.com');
    await lapse('dan', dan);
    await runHoldsJob(trusted(), Date.now());
    const [ann] = await lineOf();
    expect(ann!.state).toBe('offered');
    // Three places are free and nobody else waits: the public buy them, and Cat joins once they are gone.
    await queueOrder('eve', { gig: 3 }, 'door');
    await settle();
    expect(await answerOf('eve')).toMatchObject({ kind: 'ordered' });
    expect(await join('cat@example.com')).toEqual({ ok: true, position: 1 });
    // Ann lets her offer pass: it ends, and at the next run its place goes to Cat, never to the public.
    expect(await leaveWaitingList(trusted(), 'gig', ann!.id, ann!.key)).toEqual({ ok: true });
    await queueOrder('bob', { gig: 1 }, 'door');
    await settle();
    expect(await answerOf('bob')).toMatchObject({ kind: 'short' });
    await job();
    const [left, cat] = await lineOf();
    expect([left!.state, cat!.state]).toEqual(['left', 'offered']);
    expect(await read(`${voucherPaths.voucher(ann!.voucher!)}/held`)).toBe(0);
    expect(parseVoucher(cat!.voucher!, await read(voucherPaths.voucher(cat!.voucher!)))).toMatchObject({ held: 1 });
    expect(await publicPlaces()).toEqual([0, 0]);
  });

  it('an offer not used in time expires, and its places go to the next in line', async () => {
    await admin().ref(waitingListPaths.settings).set({ hours: 1 });
    const dan = await soldOut();
    await join('ann@example.com');
    await join('bob@example.com');
    await lapse('dan', dan);
    await queueOrder('eve', { gig: 3 }, 'door');
    await job();
    await settle();
    // Two wait for one place each: both are offered; the other two places go to Eve.
    expect((await lineOf()).map((entry) => entry.state)).toEqual(['offered', 'offered']);
    expect(await answerOf('eve')).toMatchObject({ kind: 'short', left: { gig: 2 } });
    await queueOrder('fay', { gig: 2 }, 'door');
    await settle();
    expect(await join('cat@example.com')).toEqual({ ok: true, position: 1 });
    const [ann] = await lineOf();
    await admin()
      .ref(`${voucherPaths.voucher(ann!.voucher!)}/until`)
      .set(Date.now() - 1000);
    await job();
    const states = (await lineOf()).map((entry) => [entry.email, entry.state]);
    expect(states).toEqual([
      ['ann@example.com', 'expired'],
      ['bob@example.com', 'offered'],
      ['cat@example.com', 'offered'],
    ]);
  });

  it('that staff add while people wait are theirs: the public are told none are left until the job offers them', async () => {
    await soldOut();
    await join('ann@example.com');
    await connect('staff', 'staff').ref().update({ 'products/gig/stock': 1, 'quotas/hall/left': 1 });
    await queueOrder('eve', { gig: 1 }, 'door');
    await settle();
    expect(await answerOf('eve')).toMatchObject({ kind: 'short', left: { gig: 0 } });
    await job();
    expect((await lineOf())[0]!.state).toBe('offered');
  });

  it('are left alone while offers are made by hand (automatic offers off), still kept from the public', async () => {
    await admin().ref(waitingListPaths.settings).set({ auto: false });
    const dan = await soldOut();
    await join('ann@example.com');
    await lapse('dan', dan);
    await job();
    expect((await lineOf())[0]!.state).toBe('waiting');
    await queueOrder('eve', { gig: 4 }, 'door');
    await settle();
    expect(await answerOf('eve')).toMatchObject({ kind: 'short', left: { gig: 3 } });
  });
});

describe('the endpoints', () => {
  it('refuse what cannot be asked with 400 and a clear error, and a caller over their limit with 429', async () => {
    await soldOut();
    const deps = { db: trusted(), limit: waitingListLimits() };
    const ask = (body: unknown, leaving = false, who = '192.0.2.1') =>
      waitingListRequest(deps, leaving, 'POST', body, callerDirect(who));
    const good = { product: 'gig', email: 'ann@example.com', quantity: 1, language: 'en-GB' };
    for (const [body, error] of [
      [null, /send \{product, email, quantity, language\}/],
      [{ ...good, product: '../orders' }, /no such product/],
      [{ ...good, email: 'ann' }, /email address/],
      [{ ...good, quantity: 0 }, /from 1 to 10/],
      [{ ...good, quantity: 1.5 }, /from 1 to 10/],
      [{ ...good, language: 'fr-FR' }, /language/],
    ] as const) {
      const answer = await ask(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(answer.body).error).toMatch(error);
    }
    expect((await ask({ product: 'gig' }, true)).status).toBe(400);
    const joined = await ask(good);
    expect(joined.status).toBe(200);
    expect(JSON.parse(joined.body)).toEqual({ ok: true, position: 1 });
    // Ten a person in ten minutes; another person on the same network still may.
    for (let n = 0; n < 9; n++) expect((await ask(good)).status).toBe(200);
    expect((await ask(good)).status).toBe(429);
    expect((await ask({ product: 'gig', entry: 'x', key: 'y' }, true)).status).toBe(429);
    expect((await ask(good, false, '192.0.2.2')).status).toBe(200);
  });
});

describe('leaving', () => {
  it('takes a waiting entry out of line and its places out of the count, by the link’s key only', async () => {
    await soldOut();
    await join('ann@example.com', 2);
    const [ann] = await lineOf();
    expect(await leaveWaitingList(trusted(), 'gig', ann!.id, 'WRONGKEY00000000')).toEqual({ ok: false });
    expect(await leaveWaitingList(trusted(), 'gig', '../x', ann!.key)).toEqual({ ok: false });
    expect(await leaveWaitingList(trusted(), 'gig', ann!.id, ann!.key)).toEqual({ ok: true });
    expect(await leaveWaitingList(trusted(), 'gig', ann!.id, ann!.key)).toEqual({ ok: true });
    expect((await lineOf())[0]).toMatchObject({ state: 'left', mail: null });
    expect(await demand()).toEqual({ products: { gig: 0 }, quotas: { hall: 0 } });
  });
});

describe('the waiting list’s emails', () => {
  it('tell each their place in line and, offered, until when and the link that buys; once, in their language', async () => {
    const dan = await soldOut();
    await join('ann@example.com', 2, 'gig', 'de-DE');
    await join('bob@example.com');
    const sent: ComposedMail[] = [];
    const transport = { send: async (mail: ComposedMail) => void sent.push(mail) };
    const options = { shopUrl: 'https://shop.example', from: 'tickets@shop.example' };
    expect(await sendWaitingMail(trusted(), transport, options)).toEqual({ sent: 2, failed: 0 });
    expect(await sendWaitingMail(trusted(), transport, options)).toEqual({ sent: 0, failed: 0 });
    const [ann, bob] = sent;
    expect(ann!.to).toBe('ann@example.com');
    expect(ann!.text).toContain('Warteliste');
    expect(bob!.subject).toContain('You are on the waiting list for Gig');
    expect(bob!.text).toContain('You are number 2 on the waiting list for one place of Gig');
    expect(bob!.text).toMatch(/https:\/\/shop\.example\/waitinglist\?product=gig&entry=[^&]+&key=[0-9A-Z]{16}/);
    await lapse('dan', dan);
    await job();
    sent.length = 0;
    await sendWaitingMail(trusted(), transport, options);
    const offer = sent.find((mail) => mail.to === 'bob@example.com')!;
    const code = (await lineOf())[1]!.voucher!;
    expect(offer.subject).toContain('A place of Gig held for you');
    expect(offer.text).toContain(`https://shop.example/products?voucher=${code}`);
    expect(offer.messageId).toMatch(/^<waiting-gig-.+-offer@shop\.example>$/);
  });
});
