/**
 * Gift cards (docs/gift-cards.md) against the real local database with the shop's rules: only trusted code writes a
 * card, every write is one movement of its money, and the balance stays the sum of the movements whatever a writer
 * tries; staff read cards, nobody else does.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import {
  balanceAddsUp,
  giftCardPaths,
  movementWrites,
  newGiftCardCode,
  newGiftCardRecord,
  parseGiftCard,
} from '../../src/features/giftcards/model/giftCard';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';
import { gigEvent } from './support/gigEvent';
import { createAllocator } from '../../functions/src/orders/allocator';
import { deskKey } from '../../src/features/orders/deskIndex';
import { markApplier } from '../../functions/src/payments/marks';
import { issuedCardsPath, monthsAfter } from '../../functions/src/giftcards/issue';
import { expireHolds } from '../../functions/src/payments/expiry';
import {
  parseRefunds,
  owedBack,
  refundPaths,
  refundRequestRecord,
  type RefundWay,
} from '../../src/features/payments/model/refundRecords';
import { refundApplier } from '../../functions/src/payments/refunds';
import { parseOrderPayment } from '../../src/features/payments/model/orderPayment';

const { connect, read, order, queueOrder, trusted, admin, cancelOnDesk } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: {
    ...SHOP_TAKING_EVERY_METHOD.users,
    ann: { firstname: 'A', lastname: 'A', email: 'ann@example.com', role: 'customer', created: 1 },
  },
  // £12.50 a ticket, ten left; gift cards of £25 that never expire, and of £10 valid 12 months.
  products: {
    gig: gigEvent({ stock: 10, price: 12.5 }),
    card25: gigEvent({ title: 'Gift Card £25', price: 25, date: null, category: 'Gift cards', giftCard: true }),
    card10: gigEvent({ title: 'Gift Card £10', price: 10, date: null, giftCard: true, giftCardMonths: 12 }),
  },
}));

const NOW = ServerValue.TIMESTAMP;
const trustedDb = () => connect('trusted', ALLOCATOR_UID);
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);

/** A £25 card, issued by trusted code as an order's first gift card unit; its code. */
async function issued(value = 2500): Promise<string> {
  const code = newGiftCardCode();
  await trustedDb()
    .ref(giftCardPaths.card(code))
    .set(
      newGiftCardRecord(
        { currency: 'GBP', value, expires: null, from: { uid: 'ann', order: 'o1', line: 'g', n: 0 } },
        NOW,
      ),
    );
  return code;
}

const cardOf = async (code: string) => parseGiftCard(code, await read(giftCardPaths.card(code)))!;

describe('a gift card as the rules keep it', () => {
  it('is issued by trusted code with its value as its balance and one movement, and read back whole', async () => {
    const code = await issued();
    const card = await cardOf(code);
    expect(card).toMatchObject({ currency: 'GBP', value: 2500, balance: 2500, v: 1, expires: null });
    expect(card.movements.map(({ kind, amount }) => [kind, amount])).toEqual([['issued', 2500]]);
    expect(balanceAddsUp(card)).toBe(true);
  });

  it('is not issued with a balance other than its value, nor without its issued movement', async () => {
    const code = newGiftCardCode();
    const record = newGiftCardRecord({ currency: 'GBP', value: 2500, expires: null, from: { by: 'staff' } }, NOW);
    await refused(
      trustedDb()
        .ref(giftCardPaths.card(code))
        .set({ ...record, balance: 5000 }),
    );
    await refused(
      trustedDb()
        .ref(giftCardPaths.card(code))
        .set({ ...record, tx: { issued: { amount: 5000, kind: 'issued', at: NOW } } }),
    );
    await refused(
      trustedDb()
        .ref(giftCardPaths.card(code))
        .set({ ...record, tx: { issued: { amount: 2500, kind: 'corrected', at: NOW } } }),
    );
    await refused(trustedDb().ref(giftCardPaths.card('not-a-code')).set(record));
  });

  it('moves its money only as one new movement, v bumped, the balance moved by exactly that amount', async () => {
    const code = await issued();
    const card = await cardOf(code);
    const spend = movementWrites(card, 'spent-ann~o2', { amount: -1000, kind: 'spent', order: 'ann~o2' }, NOW);
    await trustedDb().ref().update(spend);
    expect(await cardOf(code)).toMatchObject({ balance: 1500, v: 2 });

    const after = await cardOf(code);
    const path = giftCardPaths.card(code);
    // The balance alone, or with v, is no movement.
    await refused(
      trustedDb()
        .ref()
        .update({ [`${path}/balance`]: 2500 }),
    );
    await refused(
      trustedDb()
        .ref()
        .update({ [`${path}/balance`]: 2500, [`${path}/v`]: 3 }),
    );
    // A movement whose amount is not what the balance moved by.
    const wrong = movementWrites(after, 'corrected-1', { amount: 500, kind: 'corrected', note: 'x' }, NOW);
    await refused(
      trustedDb()
        .ref()
        .update({ ...wrong, [`${path}/balance`]: 9999 }),
    );
    // From an old reading: v is not one more than it is now.
    await refused(
      trustedDb()
        .ref()
        .update(movementWrites(card, 'spent-ann~o3', { amount: -100, kind: 'spent' }, NOW)),
    );
    // A movement already made, made again (named `last` again), or changed afterwards.
    await refused(
      trustedDb()
        .ref()
        .update(movementWrites(after, 'spent-ann~o2', { amount: -1000, kind: 'spent', order: 'ann~o2' }, NOW)),
    );
    await refused(
      trustedDb()
        .ref()
        .update({ [`${path}/tx/issued/amount`]: 99_999 }),
    );
    await refused(trustedDb().ref(`${path}/tx/issued`).remove());
    expect(await cardOf(code)).toMatchObject({ balance: 1500, v: 2 });
    expect(balanceAddsUp(await cardOf(code))).toBe(true);
  });

  it('never goes below nothing, even when trusted code asks', async () => {
    const code = await issued(1000);
    const card = await cardOf(code);
    const path = giftCardPaths.card(code);
    await refused(
      trustedDb()
        .ref()
        .update({
          [`${path}/balance`]: -500,
          [`${path}/v`]: 2,
          [`${path}/last`]: 'spent-x',
          [`${path}/tx/spent-x`]: { amount: -1500, kind: 'spent', at: NOW },
        }),
    );
    expect(() => movementWrites(card, 'spent-x', { amount: -1500, kind: 'spent' }, NOW)).toThrow(RangeError);
    expect(await cardOf(code)).toMatchObject({ balance: 1000, v: 1 });
  });

  it('is read by staff and trusted code only, and written by no client, staff included', async () => {
    const code = await issued();
    for (const [name, uid] of [
      ['ann', 'ann'],
      ['staff', 'staff'],
    ] as const) {
      const card = await cardOf(code);
      await refused(
        connect(name, uid)
          .ref()
          .update(movementWrites(card, `corrected-${name}`, { amount: 1, kind: 'corrected' }, NOW)),
      );
      await refused(
        connect(name, uid)
          .ref(giftCardPaths.card(newGiftCardCode()))
          .set(newGiftCardRecord({ currency: 'GBP', value: 100, expires: null, from: { by: uid } }, NOW)),
      );
    }
    await refused(connect('ann', 'ann').ref(giftCardPaths.card(code)).get());
    await refused(connect('ann', 'ann').ref(giftCardPaths.cards).get());
    expect((await connect('staff', 'staff').ref(giftCardPaths.card(code)).get()).val()).toMatchObject({
      balance: 2500,
    });
  });
});

describe('paying with a gift card as the order is placed', () => {
  it('a card worth more than the order pays all of it: the order paid at once, its tickets valid, the card moved', async () => {
    const code = await issued(5000);
    const id = await order('ann', { gig: 2 }, 'card', undefined, code);
    expect(await read(`orderAnswers/ann/request-ann`)).toMatchObject({ kind: 'ordered', order: id });
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({
      method: 'giftcard',
      due: 2500,
      paid: 2500,
      state: 'paid',
      v: 1,
    });
    expect(await read(`orders/ann/${id}/pay/until`)).toBeNull();
    expect(await read(`payments/${deskKey('ann', id)}/giftcard-1`)).toMatchObject({
      method: 'giftcard',
      amount: 2500,
      currency: 'GBP',
      state: 'confirmed',
      card: code,
    });
    const card = await cardOf(code);
    expect(card).toMatchObject({ balance: 2500, v: 2 });
    expect(card.movements.at(-1)).toMatchObject({ kind: 'spent', amount: -2500, order: deskKey('ann', id) });
    expect(balanceAddsUp(card)).toBe(true);
    const tickets = Object.values((await read('tickets/gig')) as Record<string, { status: string }>);
    expect(tickets.map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(await read(`deskOrders/${deskKey('ann', id)}`)).toMatchObject({ pay: 'paid' });
    expect(await read('products/gig/stock')).toBe(8);
  });

  it('a card worth less pays its part: all it has is taken, the rest is owed by the way chosen', async () => {
    const code = await issued(1000);
    const id = await order('ann', { gig: 2 }, 'transfer', undefined, code);
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({
      method: 'transfer',
      due: 2500,
      paid: 1000,
      state: 'pending',
    });
    expect(await read(`payments/${deskKey('ann', id)}/giftcard-1`)).toMatchObject({ amount: 1000, card: code });
    expect(await cardOf(code)).toMatchObject({ balance: 0, v: 2 });
    // Awaiting the rest by transfer: its tickets wait, as any transfer order's.
    const tickets = Object.values((await read('tickets/gig')) as Record<string, { status: string }>);
    expect(tickets.map((ticket) => ticket.status)).toEqual(['unpaid', 'unpaid']);
  });

  it('a card that cannot pay is answered why, and nothing is taken: none, empty, expired, another currency', async () => {
    const empty = await issued(100);
    await order('ann', { gig: 1 }, 'door', undefined, empty);
    const cases: [string, string][] = [
      [newGiftCardCode(), 'not-found'],
      [empty, 'empty'],
    ];
    const expired = newGiftCardCode();
    await trustedDb()
      .ref(giftCardPaths.card(expired))
      .set(newGiftCardRecord({ currency: 'GBP', value: 5000, expires: Date.now() - 1, from: { by: 'staff' } }, NOW));
    cases.push([expired, 'expired']);
    const euros = newGiftCardCode();
    await trustedDb()
      .ref(giftCardPaths.card(euros))
      .set(newGiftCardRecord({ currency: 'EUR', value: 5000, expires: null, from: { by: 'staff' } }, NOW));
    cases.push([euros, 'currency']);
    for (const [n, [code, reason]] of cases.entries()) {
      const uid = `buyer${n}`;
      await order(uid, { gig: 1 }, 'door', undefined, code);
      expect(await read(`orderAnswers/${uid}/request-${uid}`)).toMatchObject({ kind: 'gift-card', reason });
      expect(await read(`orders/${uid}`)).toBeNull();
    }
    expect(await read('products/gig/stock')).toBe(9);
    expect(await cardOf(expired)).toMatchObject({ balance: 5000, v: 1 });
    expect(await cardOf(euros)).toMatchObject({ balance: 5000, v: 1 });
  });

  it('two orders spending one card at once never overspend it: the second takes what the first left', async () => {
    const code = await issued(3000);
    const first = await queueOrder('ann', { gig: 2 }, 'door', { giftCard: code });
    const second = await queueOrder('bob', { gig: 2 }, 'door', { giftCard: code });
    await queueOrder('cat', { gig: 1 }, 'door', { giftCard: code });
    await createAllocator(trusted()).settle();
    expect(await read(`orders/ann/${first}/pay`)).toMatchObject({ method: 'giftcard', paid: 2500, state: 'paid' });
    expect(await read(`orders/bob/${second}/pay`)).toMatchObject({ method: 'door', paid: 500, state: 'pending' });
    expect(await read(`orderAnswers/cat/request-cat`)).toMatchObject({ kind: 'gift-card', reason: 'empty' });
    const card = await cardOf(code);
    expect(card).toMatchObject({ balance: 0, v: 3 });
    expect(balanceAddsUp(card)).toBe(true);
    expect(await read('orderQueue')).toBeNull();
  });

  it('a request that names a card in a form that is not a code is refused by the rules, and nothing is queued', async () => {
    await refused(
      connect('ann', 'ann')
        .ref()
        .update({
          'orderQueue/ann': {
            id: 'request-ann',
            at: NOW,
            lines: { gig: 1 },
            contact: { name: 'Ann', email: 'ann@example.com' },
            method: 'door',
            giftCard: 'K7M4-QXPR-2D9F-TB3W',
          },
          'orderRate/ann': NOW,
        }),
    );
  });
});

describe('issuing the gift cards an order bought', () => {
  /** Staff record the whole of order `id` of `uid` paid at the door, and trusted code applies it. */
  async function paidAtTheDoor(uid: string, id: string, amount: number): Promise<void> {
    await connect('staff', 'staff')
      .ref(`paymentMarks/mark-${uid}`)
      .set({ uid, order: id, amount, method: 'door', by: 'staff', at: NOW });
    expect(await markApplier(trusted())()).toEqual({ applied: { paid: 1 }, deferred: 0 });
  }
  const issuedOf = async (uid: string, id: string) =>
    ((await read(issuedCardsPath(uid, id))) ?? {}) as Record<string, { line: string; n: number; value: number }>;

  it('issues nothing while unpaid, then one card per unit once paid, worth its price, listed for the buyer', async () => {
    const id = await order('ann', { card25: 2, gig: 1 }, 'door');
    expect(await read(`orders/ann/${id}/items/card25`)).toMatchObject({ giftCard: true });
    expect(await read('giftCards')).toBeNull();
    expect(await issuedOf('ann', id)).toEqual({});
    const before = Date.now();
    await paidAtTheDoor('ann', id, 6250);
    const issued = await issuedOf('ann', id);
    expect(Object.values(issued).sort((a, b) => a.n - b.n)).toEqual([
      { line: 'card25', n: 0, value: 2500 },
      { line: 'card25', n: 1, value: 2500 },
    ]);
    for (const code of Object.keys(issued)) {
      const card = await cardOf(code);
      expect(card).toMatchObject({ currency: 'GBP', value: 2500, balance: 2500, v: 1, expires: null });
      expect(card.from).toEqual({ uid: 'ann', order: id, line: 'card25', n: issued[code]!.n });
      expect(card.issued).toBeGreaterThanOrEqual(before - 5_000);
    }
    // The buyer reads which cards their order issued; another buyer does not, and nobody writes it.
    expect((await connect('ann', 'ann').ref(issuedCardsPath('ann', id)).get()).val()).toEqual(issued);
    await refused(connect('bob', 'bob').ref(issuedCardsPath('ann', id)).get());
    await refused(
      connect('ann', 'ann')
        .ref(issuedCardsPath('ann', id))
        .set({ [newGiftCardCode()]: issued }),
    );
  });

  it('a card valid for months expires that many calendar months after its issue', async () => {
    const id = await order('ann', { card10: 1 }, 'door');
    const before = Date.now();
    await paidAtTheDoor('ann', id, 1000);
    const [code] = Object.keys(await issuedOf('ann', id));
    const { expires } = await cardOf(code!);
    expect(expires).toBeGreaterThanOrEqual(monthsAfter(before, 12));
    expect(expires).toBeLessThanOrEqual(monthsAfter(Date.now(), 12));
  });

  it('a card bought is spent over two orders; a card bought with a card is issued as it is placed', async () => {
    const id = await order('ann', { card25: 1 }, 'door');
    await paidAtTheDoor('ann', id, 2500);
    const [code] = Object.keys(await issuedOf('ann', id));
    const first = await order('bob', { gig: 1 }, 'door', undefined, code);
    expect(await read(`orders/bob/${first}/pay`)).toMatchObject({ method: 'giftcard', paid: 1250, state: 'paid' });
    const second = await order('cat', { card10: 1 }, 'door', undefined, code);
    expect(await read(`orders/cat/${second}/pay`)).toMatchObject({ method: 'giftcard', paid: 1000, state: 'paid' });
    const card = await cardOf(code!);
    expect(card).toMatchObject({ balance: 250, v: 3 });
    expect(card.movements.map(({ kind, amount }) => [kind, amount])).toEqual([
      ['issued', 2500],
      ['spent', -1250],
      ['spent', -1000],
    ]);
    const [bought] = Object.keys(await issuedOf('cat', second));
    expect(await cardOf(bought!)).toMatchObject({ value: 1000, balance: 1000 });
  });

  it('cancelling a paid order voids the cards it issued, unspent: all it paid is proposed for refund', async () => {
    const id = await order('ann', { card25: 2 }, 'door');
    await paidAtTheDoor('ann', id, 5000);
    const codes = Object.keys(await issuedOf('ann', id));
    expect(await cancelOnDesk('ann', id)).toMatchObject({ kind: 'cancelled', refund: 5000 });
    for (const code of codes) {
      const card = await cardOf(code);
      expect(card).toMatchObject({ balance: 0, v: 2 });
      expect(card.movements.map(({ kind, amount }) => [kind, amount])).toEqual([
        ['issued', 2500],
        ['voided', -2500],
      ]);
      expect(balanceAddsUp(card)).toBe(true);
    }
    expect(await read(`orders/ann/${id}/status`)).toBe('cancelled');
    // A voided card pays nothing.
    await order('bob', { gig: 1 }, 'door', undefined, codes[0]);
    expect(await read('orderAnswers/bob/request-bob')).toMatchObject({ kind: 'gift-card', reason: 'empty' });
    expect(await read('orders/bob')).toBeNull();
  });

  it('an order whose card has been spent, even in part, is not cancelled: nothing changes, and the desk is told why', async () => {
    const id = await order('ann', { card25: 2 }, 'door');
    await paidAtTheDoor('ann', id, 5000);
    const [unspent, spent] = Object.keys(await issuedOf('ann', id));
    await order('bob', { gig: 1 }, 'door', undefined, spent);
    const before = await read('giftCards');
    expect(await cancelOnDesk('ann', id)).toMatchObject({ kind: 'gift-card-spent' });
    expect(await read(`orders/ann/${id}/status`)).not.toBe('cancelled');
    expect(await read('giftCards')).toEqual(before);
    expect(await cardOf(unspent!)).toMatchObject({ balance: 2500 });
  });

  it('a voided movement takes all that is left, and only trusted code writes one', async () => {
    const code = await issued();
    const card = await cardOf(code);
    const part = movementWrites(card, 'voided-ann~o1', { amount: -1000, kind: 'voided', order: 'ann~o1' }, NOW);
    await refused(trustedDb().ref().update(part));
    const all = movementWrites(card, 'voided-ann~o1', { amount: -2500, kind: 'voided', order: 'ann~o1' }, NOW);
    await refused(connect('staff', 'staff').ref().update(all));
    await trustedDb().ref().update(all);
    expect(await cardOf(code)).toMatchObject({ balance: 0, v: 2 });
  });

  it('nobody issues a card for an order not paid, nor lists a card as issued by an order it was not', async () => {
    const id = await order('ann', { card25: 1 }, 'door');
    const code = newGiftCardCode();
    const record = newGiftCardRecord(
      { currency: 'GBP', value: 2500, expires: null, from: { uid: 'ann', order: id, line: 'card25', n: 0 } },
      NOW,
    );
    await refused(
      trustedDb()
        .ref()
        .update({
          [giftCardPaths.card(code)]: record,
          [issuedCardsPath('ann', id)]: { [code]: { line: 'card25', n: 0, value: 2500 } },
        }),
    );
    expect(await read('giftCards')).toBeNull();
  });
});

describe('months after a moment', () => {
  it('keeps the day of the month, or the month’s last day when it has fewer', () => {
    expect(new Date(monthsAfter(Date.UTC(2026, 0, 31, 12), 1)).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(new Date(monthsAfter(Date.UTC(2027, 11, 15), 12)).toISOString()).toBe('2028-12-15T00:00:00.000Z');
    expect(new Date(monthsAfter(Date.UTC(2028, 0, 31), 1)).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('giving a gift card its money back as its order closes', () => {
  /** The hold of order `id` of `uid` ended a minute ago. */
  async function lapse(uid: string, id: string): Promise<void> {
    const until = Date.now() - 60_000;
    await admin()
      .ref()
      .update({ [`orders/${uid}/${id}/pay/until`]: until, [`deskOrders/${deskKey(uid, id)}/hold`]: until });
  }
  const payOf = async (uid: string, id: string) => parseOrderPayment(await read(`orders/${uid}/${id}/pay`))!;
  const refundsOf = async (uid: string, id: string) => parseRefunds(await read(`refunds/${deskKey(uid, id)}`)).refunds;

  it('an order a card paid in part that lapses unpaid gives the card all it took; nothing is left owed', async () => {
    const code = await issued(1000);
    const id = await order('ann', { gig: 2 }, 'transfer', undefined, code);
    await lapse('ann', id);
    expect(await expireHolds(trusted(), Date.now())).toEqual({ expired: 1, tidied: 0, refused: 0 });
    const card = await cardOf(code);
    expect(card).toMatchObject({ balance: 1000, v: 3 });
    expect(card.movements.map(({ kind, amount }) => [kind, amount])).toEqual([
      ['issued', 1000],
      ['spent', -1000],
      ['returned', 1000],
    ]);
    expect(balanceAddsUp(card)).toBe(true);
    const pay = await payOf('ann', id);
    expect(pay).toMatchObject({ state: 'expired', paid: 1000, refunded: 1000 });
    expect(owedBack(pay, true)).toBe(0);
    expect(await refundsOf('ann', id)).toMatchObject([{ way: 'giftcard', amount: 1000, state: 'done' }]);
    expect(await read('products/gig/stock')).toBe(10);
  });

  it('the rest paid late by transfer does not bring the order back: what the card paid is no longer there', async () => {
    const code = await issued(1000);
    const id = await order('ann', { gig: 2 }, 'transfer', undefined, code);
    await lapse('ann', id);
    await expireHolds(trusted(), Date.now());
    await connect('staff', 'staff')
      .ref('paymentMarks/mark-late')
      .set({ uid: 'ann', order: id, amount: 1500, method: 'transfer', by: 'staff', at: NOW });
    await markApplier(trusted())();
    expect(await read('paymentMarkAnswers/mark-late')).toMatchObject({ kind: 'part-paid', due: 1000 });
    const pay = await payOf('ann', id);
    expect(pay).toMatchObject({ state: 'expired', paid: 2500, refunded: 1000 });
    // The transfer is owed back, and the card keeps its money.
    expect(owedBack(pay, true)).toBe(1500);
    expect(await cardOf(code)).toMatchObject({ balance: 1000 });
  });

  it('staff cancelling an order a card paid whole give the card its money back; nothing is left to refund', async () => {
    const code = await issued(5000);
    const id = await order('ann', { gig: 2 }, 'door', undefined, code);
    expect(await cancelOnDesk('ann', id)).toMatchObject({ kind: 'cancelled', refund: 0 });
    expect(await cardOf(code)).toMatchObject({ balance: 5000, v: 3 });
    expect(await payOf('ann', id)).toMatchObject({ state: 'paid', paid: 2500, refunded: 2500 });
    expect(await read('products/gig/stock')).toBe(10);
  });

  it('a cancelled order paid part by card and part at the door: the card gets its part, the door money is proposed', async () => {
    const code = await issued(1000);
    const id = await order('ann', { gig: 2 }, 'door', undefined, code);
    await connect('staff', 'staff')
      .ref('paymentMarks/mark-door')
      .set({ uid: 'ann', order: id, amount: 1500, method: 'door', by: 'staff', at: NOW });
    await markApplier(trusted())();
    expect(await cancelOnDesk('ann', id)).toMatchObject({ kind: 'cancelled', refund: 1500 });
    expect(await cardOf(code)).toMatchObject({ balance: 1000 });
    const pay = await payOf('ann', id);
    expect(pay).toMatchObject({ paid: 2500, refunded: 1000 });
    expect(owedBack(pay, true)).toBe(1500);
  });

  it('nobody but trusted code records money back to a card, and never without the card’s movement', async () => {
    const code = await issued(1000);
    const id = await order('ann', { gig: 2 }, 'transfer', undefined, code);
    const key = deskKey('ann', id);
    const refund = { way: 'giftcard', amount: 1000, currency: 'GBP', state: 'done', card: code, created: NOW };
    await refused(trustedDb().ref(`refunds/${key}/giftcard-1`).set(refund));
    await refused(connect('staff', 'staff').ref(`refunds/${key}/giftcard-1`).set(refund));
    expect(await read(`refunds/${key}`)).toBeNull();
  });
});

describe('refunds to a gift card, as staff choose', () => {
  /** Staff member `staff` asks to refund `amount` of order `id` of `uid` by `way`; trusted code applies it. */
  async function refundBy(uid: string, id: string, amount: number, way: string, refundId: string) {
    await connect('staff', 'staff')
      .ref(refundPaths.request(refundId))
      .set(refundRequestRecord({ uid, order: id, amount, way: way as RefundWay }, 'staff', NOW));
    await refundApplier(trusted(), null)();
    return read(refundPaths.answer(refundId));
  }
  async function paidAtTheDoor(uid: string, id: string, amount: number) {
    await connect('staff', 'staff')
      .ref(`paymentMarks/mark-${uid}-${id}`)
      .set({ uid, order: id, amount, method: 'door', by: 'staff', at: NOW });
    await markApplier(trusted())();
  }

  it('to a new card: a card worth the refund, from that refund of the order; the order refunded; the buyer emailed', async () => {
    const id = await order('ann', { gig: 2 }, 'door');
    await paidAtTheDoor('ann', id, 2500);
    expect(await refundBy('ann', id, 1000, 'new-giftcard', 'refund-new-0001')).toMatchObject({
      kind: 'done',
      amount: 1000,
      refunded: 1000,
    });
    const key = deskKey('ann', id);
    const record = (await read(refundPaths.refund(key, 'refund-new-0001'))) as { card: string };
    expect(record).toMatchObject({ way: 'new-giftcard', amount: 1000, state: 'done' });
    const card = await cardOf(record.card);
    expect(card).toMatchObject({ value: 1000, balance: 1000, currency: 'GBP', expires: null });
    expect(card.from).toEqual({ uid: 'ann', order: id, line: 'refund-refund-new-0001', n: 0 });
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({ paid: 2500, refunded: 1000 });
    const mail = (await read('mailOutbox')) as Record<string, { kind: string }>;
    expect(Object.entries(mail).filter(([jobId, job]) => job.kind === 'refund' && jobId.includes(id))).toHaveLength(1);
  });

  it('back to the card that paid: a returned movement named by the refund; an order no card paid is told so', async () => {
    const code = await issued(1000);
    const id = await order('ann', { gig: 2 }, 'door', undefined, code);
    await paidAtTheDoor('ann', id, 1500);
    expect(await refundBy('ann', id, 400, 'giftcard', 'refund-back-0001')).toMatchObject({ kind: 'done' });
    const card = await cardOf(code);
    expect(card).toMatchObject({ balance: 400 });
    expect(card.movements.at(-1)).toMatchObject({ id: 'returned-refund-back-0001', kind: 'returned', amount: 400 });
    expect(balanceAddsUp(card)).toBe(true);

    const unpaidByCard = await order('bob', { gig: 1 }, 'door');
    await paidAtTheDoor('bob', unpaidByCard, 1250);
    expect(await refundBy('bob', unpaidByCard, 500, 'giftcard', 'refund-back-0002')).toMatchObject({
      kind: 'no-gift-card',
    });
    expect(await read(`orders/bob/${unpaidByCard}/pay/refunded`)).toBe(0);
  });

  it('is never recorded without the card it names: not a new card that already existed, nor one of another amount', async () => {
    const id = await order('ann', { gig: 2 }, 'door');
    await paidAtTheDoor('ann', id, 2500);
    const key = deskKey('ann', id);
    const existing = await issued(1000);
    const record = { way: 'new-giftcard', amount: 1000, currency: 'GBP', state: 'done', card: existing, created: NOW };
    await refused(trustedDb().ref(refundPaths.refund(key, 'refund-forged-01')).set(record));
    const fresh = newGiftCardCode();
    const from = { uid: 'ann', order: id, line: 'refund-refund-forged-02', n: 0 };
    await refused(
      trustedDb()
        .ref()
        .update({
          [giftCardPaths.card(fresh)]: newGiftCardRecord({ currency: 'GBP', value: 999, expires: null, from }, NOW),
          [refundPaths.refund(key, 'refund-forged-02')]: { ...record, card: fresh },
        }),
    );
    expect(await read(`refunds/${key}`)).toBeNull();
  });
});

describe('gift cards for someone the buyer names', () => {
  const gift = { name: 'Robin Ash', email: 'robin@example.com', message: 'Happy birthday!\nSee you there.' };

  it('keeps the recipient on an order that buys cards, and queues their email with the cards once it is paid', async () => {
    const id = await queueOrder('ann', { card25: 1 }, 'door', { gift });
    await createAllocator(trusted()).settle();
    expect(await read(`orders/ann/${id}/gift`)).toEqual(gift);
    const jobs = () => read(`mailOutbox/${id}-giftcards`);
    expect(await jobs()).toBeNull();
    await connect('staff', 'staff')
      .ref('paymentMarks/mark-gift')
      .set({ uid: 'ann', order: id, amount: 2500, method: 'door', by: 'staff', at: NOW });
    await markApplier(trusted())();
    expect(await jobs()).toMatchObject({ kind: 'giftcards', to: 'robin@example.com', uid: 'ann', order: id });
    // The buyer is told too, with the same cards.
    expect(await read(`mailOutbox/${id}-paid`)).toMatchObject({ kind: 'paid', to: 'ann@example.com' });
  });

  it('sends the cards of an order a gift card paid whole as it is placed; an order without cards keeps no recipient', async () => {
    const code = await issued(5000);
    const id = await queueOrder('ann', { card10: 1 }, 'door', { gift, giftCard: code });
    await createAllocator(trusted()).settle();
    expect(await read(`mailOutbox/${id}-giftcards`)).toMatchObject({ kind: 'giftcards', to: 'robin@example.com' });

    const tickets = await queueOrder('bob', { gig: 1 }, 'door', { gift });
    await createAllocator(trusted()).settle();
    expect(await read(`orders/bob/${tickets}`)).not.toBeNull();
    expect(await read(`orders/bob/${tickets}/gift`)).toBeNull();
  });

  it('takes a recipient only with a name and a plain address, and nobody but trusted code writes it on an order', async () => {
    await refused(queueOrder('ann', { card25: 1 }, 'door', { gift: { ...gift, email: 'robin@' } }));
    await refused(queueOrder('bob', { card25: 1 }, 'door', { gift: { ...gift, name: '' } }));
    await refused(queueOrder('cat', { card25: 1 }, 'door', { gift: { ...gift, message: 'x'.repeat(501) } }));
    const id = await order('dan', { card25: 1 }, 'door');
    await refused(connect('dan', 'dan').ref(`orders/dan/${id}/gift`).set(gift));
    await refused(connect('staff', 'staff').ref(`orders/dan/${id}/gift`).set(gift));
  });
});
