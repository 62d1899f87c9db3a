/**
 * Settling a batch of the order queue (functions/src/orders/settle.ts) as pure logic: the order of decisions, the
 * stock each leaves for the next, the answers, and the one update that records them. The allocator's run against
 * the real database, with the rules, is tests/server/order-allocator.test.ts.
 */
import { STORED_REFERENCE } from '../../src/features/orders/orderReference';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/features/catalogue/product';
import { catalogue, product } from './products';
import { parseAnswer } from '../../src/features/orders/orderRequest';
import { refusal } from '../../src/features/checkout/placeOrder';
import { giveUp, queueOrder, settleBatch, type QueuedRequest, type ShopTerms } from '../../functions/src/orders/settle';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { DEFAULT_PAYMENT_SETTINGS } from '../../src/features/payments/model/paymentSettings';
import { parseTaxSettings } from '../../src/features/taxes/model';
import { newGiftCardRecord, parseGiftCard } from '../../src/features/giftcards/model/giftCard';

const request = (
  uid: string,
  at: number,
  lines: Record<string, number>,
  id = `request-${uid}-${at}`,
): QueuedRequest => ({
  uid,
  raw: { id, at, lines, contact: { name: `Buyer ${uid}`, email: `${uid}@example.com` } },
});
const INCREMENT = (by: number) => ({ '.sv': { increment: by } });
/** The shop as it was before payments: pay at the door, in pounds. */
const TERMS: ShopTerms = {
  payments: DEFAULT_PAYMENT_SETTINGS,
  currency: 'GBP',
  tax: parseTaxSettings(undefined),
  now: Date.UTC(2026, 10, 26),
};
const kinds = (batch: ReturnType<typeof settleBatch>) => batch.decisions.map((d) => `${d.uid}:${d.answer?.kind}`);

describe('settling a batch of the order queue', () => {
  it('decides first come first served, by arrival time and then account, whatever order they were read in', () => {
    const queued = [request('c', 30, { gig: 1 }), request('b', 20, { gig: 1 }), request('a', 20, { gig: 1 })];
    const batch = settleBatch(queued, catalogue(product('gig', { stock: 2 })), new Map(), TERMS);
    expect(kinds(batch)).toEqual(['a:ordered', 'b:ordered', 'c:short']);
    expect([...queued].map((q) => ({ uid: q.uid, at: (q.raw as { at: number }).at })).sort(queueOrder)[0]?.uid).toBe(
      'a',
    );
  });

  it('takes the stock of a whole batch as one server increment per product, never below what was read', () => {
    const queued = [request('a', 1, { gig: 2, mug: 1 }), request('b', 2, { gig: 3 }), request('c', 3, { gig: 1 })];
    const batch = settleBatch(queued, catalogue(product('gig', { stock: 5 }), product('mug')), new Map(), TERMS);
    expect(kinds(batch)).toEqual(['a:ordered', 'b:ordered', 'c:short']);
    expect(batch.update['products/gig/stock']).toEqual(INCREMENT(-5));
    // Uncounted stock is not written at all.
    expect('products/mug/stock' in batch.update).toBe(false);
  });

  it('says how many are left, and sells them to a later buyer who asks for no more than that', () => {
    const queued = [request('a', 1, { gig: 3 }), request('b', 2, { gig: 4 }), request('c', 3, { gig: 2 })];
    const batch = settleBatch(queued, catalogue(product('gig', { stock: 5 })), new Map(), TERMS);
    expect(kinds(batch)).toEqual(['a:ordered', 'b:short', 'c:ordered']);
    expect(parseAnswer(batch.update['orderAnswers/b/request-b-2'])).toEqual({ kind: 'short', left: { gig: 2 } });
    expect(batch.update['products/gig/stock']).toEqual(INCREMENT(-5));
  });

  it('refuses a request whole: one short line leaves the others for the buyers after it', () => {
    const queued = [request('a', 1, { gig: 1, mug: 2 }), request('b', 2, { gig: 1 })];
    const batch = settleBatch(
      queued,
      catalogue(product('gig', { stock: 1 }), product('mug', { stock: 1 })),
      new Map(),
      TERMS,
    );
    expect(kinds(batch)).toEqual(['a:short', 'b:ordered']);
    expect(parseAnswer(batch.update['orderAnswers/a/request-a-1'])).toEqual({ kind: 'short', left: { mug: 1 } });
    expect('products/mug/stock' in batch.update).toBe(false);
  });

  it('answers the per-order limit, the open-order limit and products no longer on sale', () => {
    const queued = [
      request('over', 1, { gig: 7 }),
      request('full', 2, { gig: 1 }),
      request('gone', 3, { old: 1, gig: 1 }),
      request('hidden', 4, { draft: 1 }),
    ];
    const products = new Map<string, Product | null>([
      ...catalogue(product('gig', { stock: 50, maxPerOrder: 6 }), product('draft', { active: false })),
      ['old', null],
    ]);
    const batch = settleBatch(queued, products, new Map([['full', { a: 'x', b: 'y', c: 'z' }]]), TERMS);
    expect(kinds(batch)).toEqual([
      'over:per-order-limit',
      'full:open-orders-limit',
      'gone:unavailable',
      'hidden:unavailable',
    ]);
    expect(parseAnswer(batch.update['orderAnswers/over/request-over-1'])).toEqual({
      kind: 'per-order-limit',
      limits: { gig: 6 },
    });
    expect(parseAnswer(batch.update['orderAnswers/gone/request-gone-3'])).toEqual({
      kind: 'unavailable',
      products: ['old'],
    });
    expect('products/gig/stock' in batch.update).toBe(false);
  });

  it("judges the on-sale window at each request's arrival, and refuses below the per-order minimum", () => {
    const opens = 1_000;
    const closes = 2_000;
    const workshop = product('workshop', { stock: 10, onSaleFrom: opens, onSaleUntil: closes, minPerOrder: 2 });
    const queued = [
      request('early', opens - 1, { workshop: 2 }),
      request('first', opens, { workshop: 2 }),
      request('single', opens + 1, { workshop: 1 }),
      request('mixed', opens + 2, { workshop: 2, late: 1 }),
      request('last', closes - 1, { workshop: 3 }),
      request('late', closes, { workshop: 2 }),
    ];
    const late = product('late', { onSaleUntil: opens });
    const batch = settleBatch(queued, catalogue(workshop, late), new Map(), TERMS);
    expect(kinds(batch)).toEqual([
      'early:not-on-sale',
      'first:ordered',
      'single:per-order-minimum',
      'mixed:not-on-sale',
      'last:ordered',
      'late:not-on-sale',
    ]);
    const answer = (uid: string, at: number) => parseAnswer(batch.update[`orderAnswers/${uid}/request-${uid}-${at}`]);
    expect(answer('early', opens - 1)).toEqual({ kind: 'not-on-sale', opens: { workshop: opens } });
    expect(answer('late', closes)).toEqual({ kind: 'not-on-sale', opens: { workshop: 0 } });
    expect(answer('mixed', opens + 2)).toEqual({ kind: 'not-on-sale', opens: { late: 0 } });
    expect(answer('single', opens + 1)).toEqual({ kind: 'per-order-minimum', minimums: { workshop: 2 } });
    expect(batch.update['products/workshop/stock']).toEqual(INCREMENT(-5));
    const lines = [
      { productId: 'workshop', quantity: 1, title: 'Workshop' },
      { productId: 'late', quantity: 1, title: 'Late show' },
    ];
    expect(refusal({ kind: 'per-order-minimum', minimums: { workshop: 2 } }, lines).message).toBe(
      'One order must hold at least 2 of Workshop. Raise the quantity in your wishlist and try again.',
    );
    expect(refusal({ kind: 'not-on-sale', opens: { workshop: opens, late: 0 } }, lines).message).toBe(
      'Nothing was reserved: Workshop is not on sale yet and sales of Late show have closed. Your wishlist is unchanged.',
    );
  });

  it('names each ticket after the attendee the buyer gave for it, and after the buyer where none was given', () => {
    const gig = product('gig', { date: '2027-01-15T19:00:00Z', attendeeNames: true });
    const queued = request('a', 1, { gig: 3 }, 'order-one');
    // As the database hands it back: the names by ticket number as a list with a hole, one only spaces.
    (queued.raw as Record<string, unknown>).names = { gig: ['Ann Lee', undefined, '  '] };
    const batch = settleBatch([queued], catalogue(gig), new Map(), TERMS);
    const id = orderIdFor('a', 'order-one');
    const holders = [0, 1, 2].map((n) => (batch.update[`tickets/gig/${id}-${n}`] as { holder: string }).holder);
    expect(holders).toEqual(['Ann Lee', 'Buyer a', 'Buyer a']);
  });

  it('writes the order at catalogue prices in a free slot, its tickets, the answer, and takes the request off', () => {
    const gig = product('gig', { stock: 10, price: 12.5, date: '2027-01-15T19:00:00Z' });
    const batch = settleBatch(
      [request('a', 1, { gig: 3, mug: 1 }, 'order-one')],
      catalogue(gig, product('mug')),
      new Map([['a', { a: 'old' }]]),
      TERMS,
    );
    const update = batch.update;
    // The order's id is derived from the account and the request (orderId.ts), never the request's own.
    const id = orderIdFor('a', 'order-one');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(update['orderQueue/a']).toBeNull();
    expect(update['openOrders/a/b']).toBe(id);
    const order = update[`orders/a/${id}`] as { ref: string; link: string };
    expect(order).toEqual({
      items: {
        // An event's item says where its tickets are, and the first one's number (docs/data-model.md#types-and-quotas).
        gig: { title: 'GIG', price: 12.5, quantity: 3, event: 'gig', first: 0 },
        mug: { title: 'MUG', price: 10, quantity: 1 },
      },
      total: 47.5,
      status: 'pending',
      created: { '.sv': 'timestamp' },
      contact: { name: 'Buyer a', email: 'a@example.com' },
      ref: expect.stringMatching(STORED_REFERENCE),
      link: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      mail: { [`${id}-confirmation`]: { kind: 'confirmation', state: 'queued', at: { '.sv': 'timestamp' } } },
      // A request from before payments is one to pay at the door: held until a day after the event starts.
      pay: {
        method: 'door',
        currency: 'GBP',
        due: 4750,
        paid: 0,
        refunded: 0,
        state: 'pending',
        until: Date.parse('2027-01-16T19:00:00Z'),
        v: 1,
      },
    });
    // The reference and the secret name the order, and the confirmation's job is queued, in the same update.
    expect(update[`orderRefs/${order.ref}`]).toEqual({ uid: 'a', order: id });
    expect(update[`orderLinks/${order.link}`]).toEqual({ uid: 'a', order: id });
    expect(update[`mailOutbox/${id}-confirmation`]).toMatchObject({
      uid: 'a',
      order: id,
      kind: 'confirmation',
      to: 'a@example.com',
      state: 'queued',
      attempts: 0,
    });
    const tickets = Object.keys(update).filter((path) => path.startsWith('tickets/'));
    expect(tickets.sort()).toEqual([0, 1, 2].map((n) => `tickets/gig/${id}-${n}`));
    const codes = new Set(tickets.map((path) => (update[path] as { code: string }).code));
    expect(codes.size).toBe(3);
    expect(update[`tickets/gig/${id}-0`]).toMatchObject({ uid: 'a', order: id, n: 0, status: 'valid' });
    expect(parseAnswer(update['orderAnswers/a/order-one'])).toEqual({ kind: 'ordered', order: id });
  });

  it('takes a malformed entry off the queue without an answer, and decides the rest', () => {
    const queued: QueuedRequest[] = [{ uid: 'junk', raw: { at: 1, lines: 'all of it' } }, request('b', 2, { gig: 1 })];
    const batch = settleBatch(queued, catalogue(product('gig', { stock: 1 })), new Map(), TERMS);
    expect(kinds(batch)).toEqual(['junk:undefined', 'b:ordered']);
    expect(batch.update['orderQueue/junk']).toBeNull();
    expect(Object.keys(batch.update).some((path) => path.startsWith('orderAnswers/junk'))).toBe(false);
  });
});

describe("nothing a batch writes for one account can be another account's (issue 30, break 1)", () => {
  /** Paths every order shares by design: the stock it takes, as a server increment. */
  const shared = (path: string) => /^products\/[^/]+\/stock$/.test(path);
  const gig = () => catalogue(product('gig', { stock: 100, date: '2027-01-15T19:00:00Z' }), product('mug'));
  // Accounts and request ids chosen to collide: the same ids, ids that are other accounts' uids, separators that
  // appear in keys built from both (uid~order, order-n, order-confirmation).
  const accounts = ['a', 'b', 'a~b', 'a-b', 'b-0', 'x'.repeat(128), 'a_b'];
  const ids = ['request-1', 'request-1-0', 'a-b-request', 'b-0-request', 'confirmation', 'x'.repeat(64)];

  it('every path but the stock is written for one account only, whatever ids the accounts choose', () => {
    const owner = new Map<string, string>();
    const ordersSeen = new Set<string>();
    for (const uid of accounts) {
      for (const id of ids) {
        const batch = settleBatch([request(uid, 1, { gig: 2, mug: 1 }, id)], gig(), new Map(), TERMS);
        expect(kinds(batch)).toEqual([`${uid}:ordered`]);
        const order = orderIdFor(uid, id);
        expect(ordersSeen.has(order)).toBe(false);
        ordersSeen.add(order);
        for (const path of Object.keys(batch.update)) {
          if (shared(path) || path.startsWith('orderRefs/') || path.startsWith('orderLinks/')) continue;
          // Any other path one account's order writes, no other account's ever does.
          const before = owner.get(path);
          expect(before === undefined || before === uid, `${path}: ${before} and ${uid}`).toBe(true);
          owner.set(path, uid);
        }
      }
    }
  });

  it('references and secret links are trusted code’s random draws, different for the same request twice', () => {
    const twice = [0, 1].map(
      (n) => settleBatch([request(`twin${n}`, 1, { gig: 1 }, 'same-id-1')], gig(), new Map(), TERMS).update,
    );
    const drawn = (update: Record<string, unknown>) =>
      Object.keys(update).filter((path) => path.startsWith('orderRefs/') || path.startsWith('orderLinks/'));
    expect(drawn(twice[0]!)).toHaveLength(2);
    expect(drawn(twice[0]!).filter((path) => drawn(twice[1]!).includes(path))).toEqual([]);
  });

  it('a request given up on is taken off with the answer "failed", and a malformed entry without one', () => {
    expect(giveUp(request('a', 1, { gig: 1 }, 'request-1'))).toEqual({
      'orderQueue/a': null,
      'orderAnswers/a/request-1': { kind: 'failed', at: { '.sv': 'timestamp' } },
    });
    expect(giveUp({ uid: 'junk', raw: 'nothing' })).toEqual({ 'orderQueue/junk': null });
  });
});

describe('what a refused buyer is told', () => {
  const lines = [
    { productId: 'gig', quantity: 3, title: 'Summer Gig' },
    { productId: 'mug', quantity: 1, title: 'Mug' },
  ];

  it('names how many are left, or that a product sold out', () => {
    expect(refusal({ kind: 'short', left: { gig: 2 } }, lines).message).toBe(
      'Not enough left: only 2 of Summer Gig left. Your wishlist is unchanged.',
    );
    expect(refusal({ kind: 'short', left: { gig: 0, mug: 0 } }, lines).message).toMatch(
      /Summer Gig is sold out and Mug is sold out/,
    );
    expect(refusal({ kind: 'short', left: { gig: 2 } }, lines).productIds).toEqual(['gig']);
  });

  it('names the limits', () => {
    expect(refusal({ kind: 'per-order-limit', limits: { gig: 2 } }, lines).message).toMatch(/at most 2 of Summer Gig/);
    expect(refusal({ kind: 'open-orders-limit' }, lines).message).toMatch(/already have 3 orders waiting/);
    expect(refusal({ kind: 'unavailable', products: ['mug'] }, lines).productIds).toEqual(['mug']);
  });

  it('says plainly when the shop gave up on a request, and that nothing was reserved', () => {
    expect(parseAnswer({ kind: 'failed', at: 1 })).toEqual({ kind: 'failed' });
    const problem = refusal({ kind: 'failed' }, lines);
    expect(problem.message).toMatch(/could not place this order, so nothing was reserved/);
    expect(problem.message).toMatch(/wishlist is unchanged/);
  });

  it('reads only answers it can vouch for', () => {
    expect(parseAnswer({ kind: 'ordered', order: 'o1', at: 1 })).toEqual({ kind: 'ordered', order: 'o1' });
    for (const bad of [null, 'ordered', { kind: 'ordered' }, { kind: 'short', left: { gig: -1 } }, { kind: 'busy' }]) {
      expect(parseAnswer(bad)).toBeNull();
    }
  });
});

describe('a batch paying with gift cards', () => {
  const CODE = 'K7M4QXPR2D9FTB3W';
  const card = parseGiftCard(CODE, {
    ...newGiftCardRecord({ currency: 'GBP', value: 3000, expires: null, from: { by: 'staff' } }, 1),
    tx: { issued: { amount: 3000, kind: 'issued', at: 1 } },
  })!;
  const withCard = (uid: string, at: number, code = CODE): QueuedRequest => {
    const queued = request(uid, at, { gig: 1 });
    return { uid, raw: { ...(queued.raw as object), giftCard: code } };
  };

  it('ends before a second request naming a card it has moved, leaving it and those after it on the queue', () => {
    const queued = [withCard('a', 1), request('b', 2, { gig: 1 }), withCard('c', 3), request('d', 4, { gig: 1 })];
    const batch = settleBatch(queued, catalogue(product('gig')), new Map(), TERMS, new Map(), new Map([[CODE, card]]));
    expect(kinds(batch)).toEqual(['a:ordered', 'b:ordered']);
    expect(batch.rest).toBe(2);
    expect(Object.keys(batch.update).filter((path) => path.startsWith('orderQueue/'))).toEqual([
      'orderQueue/a',
      'orderQueue/b',
    ]);
    expect(batch.update[`giftCards/${CODE}/balance`]).toBe(2000);
  });

  it('settles a whole batch whose requests name different cards, or none', () => {
    const other = 'AAAABBBBCCCCDDDD';
    const queued = [withCard('a', 1), request('b', 2, { gig: 1 }), withCard('c', 3, other)];
    const cards = new Map([
      [CODE, card],
      [other, null],
    ]);
    const batch = settleBatch(queued, catalogue(product('gig')), new Map(), TERMS, new Map(), cards);
    expect(kinds(batch)).toEqual(['a:ordered', 'b:ordered', 'c:gift-card']);
    expect(batch.rest).toBe(0);
  });

  it('asks the way chosen only for what the card leaves: none when it pays all', () => {
    const cardOnly = { ...TERMS, payments: { ...DEFAULT_PAYMENT_SETTINGS, door: { on: false } } };
    const queued = [{ uid: 'a', raw: { ...(withCard('a', 1).raw as object), method: 'transfer' } }];
    const batch = settleBatch(
      queued,
      catalogue(product('gig')),
      new Map(),
      cardOnly,
      new Map(),
      new Map([[CODE, card]]),
    );
    expect(kinds(batch)).toEqual(['a:ordered']);
    const expensive = catalogue(product('gig', { price: 40 }));
    expect(kinds(settleBatch(queued, expensive, new Map(), cardOnly, new Map(), new Map([[CODE, card]])))).toEqual([
      'a:method-unavailable',
    ]);
  });
});
