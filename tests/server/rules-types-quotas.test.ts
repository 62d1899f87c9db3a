/**
 * The rules of types and quotas (docs/data-model.md#types-and-quotas) on the rules engine: a type names an existing
 * product of its own as its group; quotas are public, set by staff and taken only by the allocator, never below 0;
 * a new order's typed item carries its product's type, group and quotas; the types of an event share its tickets,
 * each ticket numbered within its own line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { compileRules, JsonRulesData } from '../../server/rules';
import { check, orderDelivery } from './rules-helpers';
import { gigEvent } from './support/gigEvent';

const RULES = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const compiled = compileRules(RULES);
const NOW = 1_760_000_000_000;

const who = (uid: string): RulesAuth => ({ uid, provider: 'password', token: {} });
const buyer = who('buyer');
const staff = who('staff');
const allocator = who('storefront-order-allocator');
const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';

const jazz = (extra: Record<string, unknown> = {}) =>
  gigEvent({ title: 'Jazz', price: 18, typeName: 'Standard', quotas: { venue: true }, ...extra });
const data = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  quotas: { venue: { name: 'Venue', left: 10 }, concessions: { name: 'Concessions', left: 3 } },
  products: {
    jazz: jazz(),
    'jazz-c': jazz({ price: 12, typeName: 'Concession', group: 'jazz', quotas: { venue: true, concessions: true } }),
    mug: gigEvent({ title: 'Mug', date: null }),
  },
};

const path = (text: string) => text.split('/').filter(Boolean);
const set = (target: string, value: unknown): JsonWrite => ({ path: path(target), value });
const allowed = (writes: JsonWrite[], auth: RulesAuth | null, base: unknown = data) =>
  check(RULES, base, writes, auth, NOW).allowed;

describe('types: a product names the product it is a type of', () => {
  const type = (extra: Record<string, unknown>) => [set('products/jazz-v', jazz({ typeName: 'VIP', ...extra }))];

  it('staff add a type of a product of its own, drawing on existing quotas', () => {
    expect(allowed(type({ group: 'jazz' }), staff)).toBe(true);
    expect(allowed(type({ group: 'jazz' }), buyer)).toBe(false);
    // The group's first product and its first type in one update.
    const both = [set('products/new', gigEvent({ typeName: 'A' })), set('products/new-b', gigEvent({ group: 'new' }))];
    expect(allowed(both, staff)).toBe(true);
  });

  it('refuses a group that is missing, itself, or a type; a type name empty or too long; a quota not there', () => {
    expect(allowed(type({ group: 'nope' }), staff)).toBe(false);
    expect(allowed(type({ group: 'jazz-v' }), staff)).toBe(false);
    expect(allowed(type({ group: 'jazz-c' }), staff)).toBe(false);
    expect(allowed(type({ group: 7 }), staff)).toBe(false);
    expect(allowed(type({ group: 'jazz', typeName: '' }), staff)).toBe(false);
    expect(allowed(type({ group: 'jazz', typeName: 'x'.repeat(101) }), staff)).toBe(false);
    expect(allowed(type({ group: 'jazz', quotas: { gone: true } }), staff)).toBe(false);
    expect(allowed(type({ group: 'jazz', quotas: { venue: false } }), staff)).toBe(false);
  });
});

describe('quotas', () => {
  it('everyone reads them', () => {
    for (const auth of [null, buyer, staff]) {
      expect(compiled.canRead(['quotas'], auth, new JsonRulesData(data), NOW)).toBe(true);
    }
  });

  it('staff create, rename and set them; nobody else does', () => {
    for (const writes of [
      [set('quotas/seats', { name: 'Seats', left: 50 })],
      [set('quotas/venue/name', 'Room')],
      [set('quotas/venue/left', 200)],
    ]) {
      expect(allowed(writes, staff)).toBe(true);
      expect(allowed(writes, buyer)).toBe(false);
      expect(allowed(writes, null)).toBe(false);
    }
  });

  it('refuses a malformed quota', () => {
    for (const value of [
      { name: 'Seats', left: -1 },
      { name: 'Seats', left: 1.5 },
      { name: 'Seats', left: 1_000_001 },
      { name: '', left: 5 },
      { name: 'Seats' },
      { name: 'Seats', left: 5, colour: 'red' },
    ]) {
      expect(allowed([set('quotas/seats', value)], staff), JSON.stringify(value)).toBe(false);
    }
    expect(allowed([set('quotas/Bad Id', { name: 'Seats', left: 5 })], staff)).toBe(false);
  });

  it('the allocator takes places (the increment as the server resolves it), never below 0, and nothing else', () => {
    const take = (by: number) => [set('quotas/venue/left', 10 + by)];
    expect(allowed(take(-10), allocator)).toBe(true);
    expect(allowed(take(-11), allocator)).toBe(false);
    expect(allowed(take(4), allocator)).toBe(true);
    expect(allowed([set('quotas/venue/name', 'Mine')], allocator)).toBe(false);
    expect(allowed(take(-1), buyer)).toBe(false);
  });
});

describe('orders of types, and their tickets', () => {
  const item = (id: 'jazz' | 'jazz-c', quantity: number, first: number, extra: Record<string, unknown> = {}) => ({
    title: 'Jazz',
    price: id === 'jazz' ? 18 : 12,
    quantity,
    type: id === 'jazz' ? 'Standard' : 'Concession',
    event: 'jazz',
    first,
    quotas: id === 'jazz' ? { venue: true } : { venue: true, concessions: true },
    ...extra,
  });
  const ticket = (n: number, line: string, type: string, extra: Record<string, unknown> = {}) => ({
    ...{ uid: 'buyer', order: 'o2', n, code: CODE, holder: 'Bo', status: 'valid', created: NOW, line, type },
    ...extra,
  });
  /** The allocator's update of a new order o2 with `items` and `tickets` under tickets/jazz. */
  const place = (items: Record<string, unknown>, tickets: Record<string, unknown> = {}): JsonWrite[] => [
    set('orders/buyer/o2', {
      items,
      total: 0,
      status: 'pending',
      created: NOW,
      contact: { name: 'Bo', email: 'bo@example.com' },
      ...orderDelivery('buyer', 'o2').fields,
    }),
    ...Object.entries(orderDelivery('buyer', 'o2').writes).map(([target, value]) => set(target, value)),
    set('openOrders/buyer/a', 'o2'),
    ...Object.entries(tickets).map(([id, value]) => set(`tickets/jazz/${id}`, value)),
  ];
  const both = { jazz: item('jazz', 2, 0), 'jazz-c': item('jazz-c', 1, 2) };
  const bothTickets = {
    'o2-0': ticket(0, 'jazz', 'Standard'),
    'o2-1': ticket(1, 'jazz', 'Standard'),
    'o2-2': ticket(2, 'jazz-c', 'Concession'),
  };

  it('two types of one event in one order share its tickets, numbered line after line', () => {
    expect(allowed(place(both, bothTickets), allocator)).toBe(true);
    expect(allowed(place(both, bothTickets), staff)).toBe(false);
  });

  it("an item must carry its product's type name and group, and only quotas the product draws on", () => {
    expect(allowed(place({ 'jazz-c': item('jazz-c', 1, 0, { type: 'Standard' }) }), allocator)).toBe(false);
    expect(allowed(place({ 'jazz-c': item('jazz-c', 1, 0, { type: null }) }), allocator)).toBe(false);
    expect(allowed(place({ 'jazz-c': item('jazz-c', 1, 0, { event: 'jazz-c' }) }), allocator)).toBe(false);
    expect(allowed(place({ 'jazz-c': item('jazz-c', 1, 0, { event: null }) }), allocator)).toBe(false);
    expect(allowed(place({ jazz: item('jazz', 1, 0, { event: 'mug' }) }), allocator)).toBe(false);
    expect(allowed(place({ jazz: item('jazz', 1, 0, { quotas: { concessions: true } }) }), allocator)).toBe(false);
    expect(allowed(place({ jazz: item('jazz', 1, 0, { first: 1000 }) }), allocator)).toBe(false);
    expect(allowed(place({ 'jazz-c': item('jazz-c', 1, 0) }), allocator)).toBe(true);
  });

  it("a ticket outside its line's numbers, of another event, or under another type's name is refused", () => {
    const refused: [string, Record<string, unknown>][] = [
      ['o2-2', ticket(2, 'jazz', 'Standard')],
      ['o2-1', ticket(1, 'jazz-c', 'Concession')],
      ['o2-3', ticket(3, 'jazz-c', 'Concession')],
      ['o2-2', ticket(2, 'jazz-c', 'Standard')],
      ['o2-2', ticket(2, 'jazz-c', 'Concession', { type: null })],
      ['o2-2', ticket(2, 'nope', 'Concession')],
      ['o2-2', ticket(2, 'jazz-c', 'Concession', { line: null })],
    ];
    for (const [id, value] of refused) {
      expect(allowed(place(both, { [id]: value }), allocator), JSON.stringify(value)).toBe(false);
    }
    // Under another event's tickets.
    const elsewhere = [...place(both), set('tickets/mug/o2-0', ticket(0, 'jazz', 'Standard'))];
    expect(allowed(elsewhere, allocator)).toBe(false);
  });

  it("staff never change a ticket's line or type", () => {
    const issued = {
      ...data,
      orders: { buyer: { o2: { items: both } } },
      tickets: { jazz: { 'o2-2': ticket(2, 'jazz-c', 'Concession') } },
    };
    expect(allowed([set('tickets/jazz/o2-2/status', 'void')], staff, issued)).toBe(true);
    expect(allowed([set('tickets/jazz/o2-2/type', 'VIP')], staff, issued)).toBe(false);
    expect(allowed([set('tickets/jazz/o2-2/line', 'jazz')], staff, issued)).toBe(false);
  });
});
