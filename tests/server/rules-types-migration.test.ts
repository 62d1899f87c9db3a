/**
 * The rules of the migration of records from before types (docs/data-model.md#records-from-before-types) on the rules
 * engine: only the allocator adds an old item's `event` and `first` and an old ticket's `line`, only where they are
 * missing, only with the values the migration computes (the item's own id and 0 for an item whose first ticket is
 * its owner's; its event's id for a ticket inside that item's numbers), and writes the migration's marker; nobody
 * rewrites the fields once they are there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { check } from './rules-helpers';
import { gigEvent } from './support/gigEvent';

const RULES = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const NOW = 1_760_000_000_000;
const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';

const who = (uid: string): RulesAuth => ({ uid, provider: 'password', token: {} });
const buyer = who('buyer');
const other = who('other');
const staff = who('staff');
const allocator = who('storefront-order-allocator');

const ticket = (n: number, extra: Record<string, unknown> = {}) => ({
  ...{ uid: 'buyer', order: 'old', n, code: CODE, holder: 'Bo', status: 'valid', created: 1 },
  ...extra,
});
/** An order placed before types: its items carry no event, first or type, its tickets no line. */
const oldOrder = (items: Record<string, unknown> = {}) => ({
  items: {
    jazz: { title: 'Jazz', price: 18, quantity: 2 },
    mug: { title: 'Mug', price: 10, quantity: 1 },
    ...items,
  },
  total: 46,
  status: 'confirmed',
  created: 1,
  contact: { name: 'Bo', email: 'bo@example.com' },
});
const data = (orderItems: Record<string, unknown> = {}, tickets: Record<string, unknown> = {}) => ({
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  products: { jazz: gigEvent({ title: 'Jazz', price: 18 }), mug: gigEvent({ title: 'Mug', date: null }) },
  orders: { buyer: { old: oldOrder(orderItems) } },
  tickets: { jazz: { 'old-0': ticket(0), 'old-1': ticket(1), ...tickets } },
});

const path = (text: string) => text.split('/').filter(Boolean);
const set = (target: string, value: unknown): JsonWrite => ({ path: path(target), value });
const allowed = (writes: JsonWrite[], auth: RulesAuth | null, base: unknown = data()) =>
  check(RULES, base, writes, auth, NOW).allowed;

const ITEM = 'orders/buyer/old/items/jazz';
const itemFields = (event: unknown = 'jazz', first: unknown = 0, item = ITEM) => [
  set(`${item}/event`, event),
  set(`${item}/first`, first),
];
const lines = (line: unknown = 'jazz', ids = ['old-0', 'old-1']) =>
  ids.map((id) => set(`tickets/jazz/${id}/line`, line));
/** What the migration writes for the old order: its ticketed item's fields and its tickets' lines, in one update. */
const migration = () => [...itemFields(), ...lines()];

describe('the allocator adds what an old record lacks, as the migration computes it', () => {
  it("an item's event and first together, its tickets' lines with them or after them", () => {
    expect(allowed(migration(), allocator)).toBe(true);
    expect(allowed(itemFields(), allocator)).toBe(true);
    const explicitItem = data({ jazz: { title: 'Jazz', price: 18, quantity: 2, event: 'jazz', first: 0 } });
    expect(allowed(lines(), allocator, explicitItem)).toBe(true);
    expect(allowed(lines('jazz', ['old-1']), allocator, explicitItem)).toBe(true);
  });

  it('its marker, a whole version', () => {
    expect(allowed([set('migrations/types', 1)], allocator)).toBe(true);
    expect(allowed([set('migrations/types', 0)], allocator)).toBe(false);
    expect(allowed([set('migrations/types', 1.5)], allocator)).toBe(false);
    expect(allowed([set('migrations/types', 'done')], allocator)).toBe(false);
    expect(allowed([set('migrations/other', 1)], allocator)).toBe(false);
  });
});

describe('nothing else', () => {
  it("refuses an item's fields with another value, or one without the other", () => {
    expect(allowed(itemFields('mug'), allocator)).toBe(false);
    expect(allowed(itemFields('jazz-c'), allocator)).toBe(false);
    expect(allowed(itemFields('jazz', 1), allocator)).toBe(false);
    expect(allowed(itemFields('jazz', 2), allocator)).toBe(false);
    expect(allowed([set(`${ITEM}/event`, 'jazz')], allocator)).toBe(false);
    expect(allowed([set(`${ITEM}/first`, 0)], allocator)).toBe(false);
  });

  it('refuses them for an item that issued no tickets, or whose first ticket is another account’s', () => {
    expect(allowed(itemFields('mug', 0, 'orders/buyer/old/items/mug'), allocator)).toBe(false);
    const theirs = data({}, { 'old-0': ticket(0, { uid: 'other' }) });
    expect(allowed(itemFields(), allocator, theirs)).toBe(false);
    const none = { ...data(), tickets: {} };
    expect(allowed(itemFields(), allocator, none)).toBe(false);
    // Nor an item that is not there (it would be an item of its own), nor an order that is not.
    expect(allowed(itemFields('jazz', 0, 'orders/buyer/old/items/jazz-c'), allocator)).toBe(false);
    expect(allowed(itemFields('jazz', 0, 'orders/buyer/gone/items/jazz'), allocator)).toBe(false);
  });

  it('never rewrites a field that is there; writing it unchanged changes nothing and is accepted', () => {
    const explicit = data({ jazz: { title: 'Jazz', price: 18, quantity: 2, event: 'jazz', first: 0 } });
    expect(allowed(itemFields(), allocator, explicit)).toBe(true);
    expect(allowed(itemFields('mug'), allocator, explicit)).toBe(false);
    expect(allowed(itemFields('jazz', 1), allocator, explicit)).toBe(false);
    const lined = data(
      { jazz: { title: 'Jazz', price: 18, quantity: 2, event: 'jazz', first: 0 } },
      { 'old-0': ticket(0, { line: 'jazz' }) },
    );
    expect(allowed(lines('jazz', ['old-0']), allocator, lined)).toBe(true);
    expect(allowed(lines('mug', ['old-0']), allocator, lined)).toBe(false);
  });

  it("never removes an item's event or first once it is there, nor a ticket's line", () => {
    const explicit = data(
      { jazz: { title: 'Jazz', price: 18, quantity: 2, event: 'jazz', first: 0 } },
      { 'old-0': ticket(0, { line: 'jazz' }) },
    );
    for (const auth of [staff, allocator]) {
      const name = auth.uid;
      expect(allowed([set(`${ITEM}/event`, null)], auth, explicit), name).toBe(false);
      expect(allowed([set(`${ITEM}/first`, null)], auth, explicit), name).toBe(false);
      expect(allowed([set(`${ITEM}/event`, null), set(`${ITEM}/first`, null)], auth, explicit), name).toBe(false);
      expect(allowed([set('tickets/jazz/old-0/line', null)], auth, explicit), name).toBe(false);
    }
    // What staff may still change on such an item.
    expect(allowed([set(`${ITEM}/quantity`, 1)], staff, explicit)).toBe(true);
  });

  it("refuses a ticket's line before its item names the event, of another value, or outside the item's numbers", () => {
    expect(allowed(lines(), allocator)).toBe(false);
    expect(allowed([...itemFields(), ...lines('mug')], allocator)).toBe(false);
    const third = data({}, { 'old-2': ticket(2) });
    expect(allowed([...itemFields(), ...lines('jazz', ['old-2'])], allocator, third)).toBe(false);
    // An item of a type: its tickets name the type, which an old ticket does not.
    const typed = data({ jazz: { title: 'Jazz', price: 18, quantity: 2, event: 'jazz', first: 0, type: 'Standard' } });
    expect(allowed(lines(), allocator, typed)).toBe(false);
  });

  it('refuses all of it to staff, the buyer, another buyer and the signed out', () => {
    for (const auth of [staff, buyer, other, null]) {
      const name = auth?.uid ?? 'signed out';
      expect(allowed(migration(), auth), name).toBe(false);
      expect(allowed(itemFields(), auth), name).toBe(false);
      expect(allowed([set('migrations/types', 1)], auth), name).toBe(false);
    }
  });

  it('keeps what staff may do to an old order and its tickets', () => {
    expect(allowed([set('orders/buyer/old/status', 'fulfilled')], staff)).toBe(true);
    expect(allowed([set(`${ITEM}/quantity`, 1)], staff)).toBe(true);
    expect(allowed([set('tickets/jazz/old-0/status', 'void')], staff)).toBe(true);
  });
});
