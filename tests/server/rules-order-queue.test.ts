/**
 * The order queue's rules (database.rules.json, orderQueue / orderRate / orderAnswers): what a buyer may ask,
 * how often, and that the allocator settles each request exactly once (docs/security.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { check } from './rules-helpers';

const rules = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const NOW = 2_000_000_000_000;
const buyer: RulesAuth = { uid: 'buyer', provider: 'anonymous', token: {} };
const other: RulesAuth = { uid: 'other', provider: 'password', token: {} };
const staff: RulesAuth = { uid: 'staff', provider: 'password', token: {} };
const allocator: RulesAuth = { uid: 'storefront-order-allocator', provider: 'custom', token: {} };

const product = { title: 'Gig', price: 10, description: '', image: '', category: 'Events', active: true, stock: 5 };
const data = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  products: { gig: product },
};

const put = (target: string, value: unknown): JsonWrite => ({ path: target.split('/'), value });
const request = (extra: Record<string, unknown> = {}) => ({
  id: 'request-1',
  at: NOW,
  lines: { gig: 2 },
  contact: { name: 'Bo', email: 'bo@example.com' },
  ...extra,
});
const ask = (value: unknown = request(), uid = 'buyer', rate: unknown = NOW): JsonWrite[] => [
  put(`orderQueue/${uid}`, value),
  put(`orderRate/${uid}`, rate),
];
const allowed = (writes: JsonWrite[], who: RulesAuth | null = buyer, from: unknown = data) =>
  check(rules, from, writes, who, NOW).allowed;

describe('database.rules.json: a buyer asks for an order', () => {
  it('one request, stamped with the server time together with the rate stamp, is accepted', () => {
    expect(allowed(ask())).toBe(true);
    expect(
      allowed(
        ask(request({ notes: 'Aisle seat', contact: { name: 'Bo', email: 'bo@example.com', telephone: '07700' } })),
      ),
    ).toBe(true);
  });

  it('signed out, or for someone else, it is refused', () => {
    expect(allowed(ask(), null)).toBe(false);
    expect(allowed(ask(), other)).toBe(false);
  });

  it('without the rate stamp, or with a time other than the server’s, it is refused', () => {
    expect(allowed([put('orderQueue/buyer', request())])).toBe(false);
    expect(allowed(ask(request({ at: NOW - 1 })))).toBe(false);
    expect(allowed(ask(request(), 'buyer', NOW - 1))).toBe(false);
    expect(allowed([put('orderRate/buyer', NOW)])).toBe(false);
  });

  it('at most one request every 2 seconds per account', () => {
    const earlier = (at: number) => ({ ...data, orderRate: { buyer: at } });
    expect(allowed(ask(), buyer, earlier(NOW - 1999))).toBe(false);
    expect(allowed(ask(), buyer, earlier(NOW - 2000))).toBe(true);
  });

  it('one waiting request per account: it cannot be replaced, changed or withdrawn', () => {
    const waiting = { ...data, orderQueue: { buyer: request() }, orderRate: { buyer: NOW - 5000 } };
    expect(allowed(ask(request({ id: 'request-2' })), buyer, waiting)).toBe(false);
    expect(allowed([put('orderQueue/buyer/lines/gig', 1)], buyer, waiting)).toBe(false);
    expect(allowed([put('orderQueue/buyer/at', 0)], buyer, waiting)).toBe(false);
    expect(allowed([put('orderQueue/buyer', null)], buyer, waiting)).toBe(false);
    expect(allowed([put('orderQueue/buyer', null)], staff, waiting)).toBe(false);
  });

  it('a request id that was answered, or is an order already, cannot be asked again', () => {
    const answered = { ...data, orderAnswers: { buyer: { 'request-1': { kind: 'short', left: { gig: 0 }, at: 1 } } } };
    expect(allowed(ask(), buyer, answered)).toBe(false);
    expect(allowed(ask(), buyer, { ...data, orders: { buyer: { 'request-1': { status: 'pending' } } } })).toBe(false);
  });

  it('refuses malformed requests: ids, products, quantities, contact details, sizes, extra fields', () => {
    const bad = [
      request({ id: 'short' }),
      request({ id: 'a/b/c/d/e/f' }),
      request({ id: 'x'.repeat(65) }),
      request({ lines: {} }),
      request({ lines: { nothing: 1 } }),
      request({ lines: { gig: 0 } }),
      request({ lines: { gig: 1.5 } }),
      request({ lines: { gig: 1001 } }),
      request({ lines: { gig: '2' } }),
      request({ contact: { name: '', email: 'bo@example.com' } }),
      request({ contact: { name: 'Bo', email: 'not an address' } }),
      request({ contact: { name: 'Bo', email: 'bo@example.com', role: 'staff' } }),
      request({ contact: { name: 'x'.repeat(201), email: 'bo@example.com' } }),
      request({ notes: 'x'.repeat(2001) }),
      request({ status: 'confirmed' }),
      { id: 'request-1', at: NOW, lines: { gig: 1 } },
    ];
    for (const value of bad) expect(allowed(ask(value)), JSON.stringify(value).slice(0, 120)).toBe(false);
  });
});

describe('database.rules.json: attendee names in a request', () => {
  it('one name per ticket number of a line the request holds, 1–200 characters', () => {
    expect(allowed(ask(request({ names: { gig: { '0': 'Ann Lee', '1': 'Bo' } } })))).toBe(true);
    expect(allowed(ask(request({ names: { gig: ['Ann Lee', 'Bo'] } })))).toBe(true);
    expect(allowed(ask(request({ names: { gig: { '1': 'Bo' } } })))).toBe(true);
    expect(allowed(ask(request({ names: { mug: { '0': 'Ann' } } })))).toBe(false);
    expect(allowed(ask(request({ names: { gig: { '0': '' } } })))).toBe(false);
    expect(allowed(ask(request({ names: { gig: { '0': 'x'.repeat(201) } } })))).toBe(false);
    expect(allowed(ask(request({ names: { gig: { '0': 7 } } })))).toBe(false);
    expect(allowed(ask(request({ names: { gig: { first: 'Ann' } } })))).toBe(false);
    expect(allowed(ask(request({ names: { gig: { '1000': 'Ann' } } })))).toBe(false);
  });
});

describe("database.rules.json: a request only inside its products' on-sale windows", () => {
  const windowed = (window: Record<string, number>) => ({ ...data, products: { gig: { ...product, ...window } } });

  it("is refused before sales open and from the moment they close, on the server's clock", () => {
    expect(allowed(ask(), buyer, windowed({ onSaleFrom: NOW + 1 }))).toBe(false);
    expect(allowed(ask(), buyer, windowed({ onSaleFrom: NOW }))).toBe(true);
    expect(allowed(ask(), buyer, windowed({ onSaleUntil: NOW + 1 }))).toBe(true);
    expect(allowed(ask(), buyer, windowed({ onSaleUntil: NOW }))).toBe(false);
    expect(allowed(ask(), buyer, windowed({ onSaleFrom: NOW - 10, onSaleUntil: NOW + 10 }))).toBe(true);
  });

  it('one line outside its window refuses the whole request', () => {
    const two = { ...data, products: { gig: product, talk: { ...product, title: 'Talk', onSaleFrom: NOW + 60_000 } } };
    expect(allowed(ask(request({ lines: { gig: 1 } })), buyer, two)).toBe(true);
    expect(allowed(ask(request({ lines: { gig: 1, talk: 1 } })), buyer, two)).toBe(false);
  });

  it('the answers saying so have a known shape', () => {
    const waiting = { ...data, orderQueue: { buyer: request() }, orderRate: { buyer: NOW } };
    const answerWith = (answer: Record<string, unknown>) =>
      allowed(
        [put('orderQueue/buyer', null), put('orderAnswers/buyer/request-1', { ...answer, at: NOW })],
        allocator,
        waiting,
      );
    expect(answerWith({ kind: 'not-on-sale', opens: { gig: NOW + 5 } })).toBe(true);
    expect(answerWith({ kind: 'not-on-sale', opens: { gig: 0 } })).toBe(true);
    expect(answerWith({ kind: 'not-on-sale', opens: { gig: -1 } })).toBe(false);
    expect(answerWith({ kind: 'not-on-sale', opens: { gig: 'soon' } })).toBe(false);
    expect(answerWith({ kind: 'per-order-minimum', minimums: { gig: 2 } })).toBe(true);
    expect(answerWith({ kind: 'per-order-minimum', minimums: { gig: 0 } })).toBe(false);
  });
});

describe('database.rules.json: the allocator settles each request once', () => {
  const waiting = { ...data, orderQueue: { buyer: request() }, orderRate: { buyer: NOW } };
  const answer = { kind: 'short', left: { gig: 1 }, at: NOW };

  it('answers and takes the request off in one update', () => {
    expect(
      allowed([put('orderQueue/buyer', null), put('orderAnswers/buyer/request-1', answer)], allocator, waiting),
    ).toBe(true);
  });

  it('a request already taken off (another allocator, a repeated delivery) refuses the whole batch', () => {
    const writes = [put('orderQueue/buyer', null), put('orderAnswers/buyer/request-1', answer)];
    expect(allowed(writes, allocator, data)).toBe(false);
  });

  it('an answer is written once, by the allocator only, in a known shape', () => {
    const answered = { ...waiting, orderAnswers: { buyer: { 'request-1': answer } } };
    expect(allowed([put('orderAnswers/buyer/request-1', answer)], allocator, answered)).toBe(false);
    expect(allowed([put('orderAnswers/buyer/request-1', answer)], buyer, waiting)).toBe(false);
    expect(allowed([put('orderAnswers/buyer/request-1', answer)], staff, waiting)).toBe(false);
    expect(allowed([put('orderAnswers/buyer/request-1', { kind: 'busy', at: NOW })], allocator, waiting)).toBe(false);
    expect(allowed([put('orderAnswers/buyer/request-1', { kind: 'short', at: 0 })], allocator, waiting)).toBe(false);
    // "ordered" only for an order that exists under that id.
    const ordered = { kind: 'ordered', order: 'request-1', at: NOW };
    expect(allowed([put('orderAnswers/buyer/request-1', ordered)], allocator, waiting)).toBe(false);
  });

  it('a request it gives up on leaves with the answer "failed", and nothing else with it', () => {
    const failed = { kind: 'failed', at: NOW };
    expect(
      allowed([put('orderQueue/buyer', null), put('orderAnswers/buyer/request-1', failed)], allocator, waiting),
    ).toBe(true);
    expect(
      allowed(
        [put('orderQueue/buyer', null), put('orderAnswers/buyer/request-1', { ...failed, order: 'x' })],
        allocator,
        waiting,
      ),
    ).toBe(false);
  });

  it('"ordered" names an order of this account created in the same update, never one that was there before', () => {
    const order = {
      items: { gig: { title: 'Gig', price: 10, quantity: 2 } },
      total: 20,
      status: 'pending',
      created: 1,
      contact: { name: 'Bo', email: 'bo@example.com' },
    };
    const ordered = { kind: 'ordered', order: 'derived-order-id', at: NOW };
    const takeOff = [put('orderQueue/buyer', null), put('orderAnswers/buyer/request-1', ordered)];
    // An order that existed before (of this account, or another's under that id) is not this request's.
    const before = { ...waiting, orders: { buyer: { 'derived-order-id': order } } };
    expect(allowed(takeOff, allocator, before)).toBe(false);
    const elsewhere = { ...waiting, orders: { other: { 'derived-order-id': order } } };
    expect(allowed(takeOff, allocator, elsewhere)).toBe(false);
  });
});
