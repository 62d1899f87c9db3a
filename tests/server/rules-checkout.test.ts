import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { check, orderDelivery } from './rules-helpers';

const rules = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const NOW = 2_000_000_000_000;
const buyer: RulesAuth = { uid: 'buyer', provider: 'anonymous', token: {} };
const other: RulesAuth = { uid: 'other', provider: 'password', token: {} };
const staff: RulesAuth = { uid: 'staff', provider: 'password', token: {} };
const allocator: RulesAuth = { uid: 'storefront-order-allocator', provider: 'custom', token: {} };

const data = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  products: {
    ticket: { title: 'Ticket', price: 10, description: '', image: '', category: 'Events', active: true, stock: 2 },
    fair: {
      title: 'Fair',
      price: 4,
      description: '',
      image: '',
      category: 'Events',
      active: true,
      stock: 180,
      maxPerOrder: 6,
    },
    mug: { title: 'Mug', price: 8, description: '', image: '', category: 'Goods', active: true },
    old: { title: 'Old', price: 5, description: '', image: '', category: 'Goods', active: false, stock: 9 },
  },
};
type Data = typeof data & { orders?: unknown; openOrders?: unknown };

const path = (text: string) => text.split('/').filter(Boolean);
const TITLES: Record<string, string> = { ticket: 'Ticket', fair: 'Fair', mug: 'Mug', old: 'Old' };
const PRICES: Record<string, number> = { ticket: 10, fair: 4, mug: 8, old: 5 };
const STOCK: Record<string, number | undefined> = { ticket: 2, fair: 180, old: 9 };

type Items = Record<string, { title: string; price: number; quantity: number }>;
const items = (quantities: Record<string, number>): Items =>
  Object.fromEntries(
    Object.entries(quantities).map(([id, quantity]) => [id, { title: TITLES[id]!, price: PRICES[id]!, quantity }]),
  );
const total = (lines: Items) => Object.values(lines).reduce((sum, line) => sum + line.price * line.quantity, 0);
const order = (lines: Items, extra: Record<string, unknown> = {}) => ({
  items: lines,
  total: total(lines),
  status: 'pending',
  created: NOW,
  contact: { name: 'Bo', email: 'bo@example.com' },
  ...extra,
});

/**
 * The batch the allocator writes for one order: the order, the open-order slot it takes, for every counted
 * product the stock it leaves (as the server resolves the increment), the answer, and the request taken off.
 */
interface CheckoutOptions {
  uid?: string;
  slot?: string;
  stock?: Record<string, number>;
  extra?: Record<string, unknown>;
  /** Without the reference and page link the allocator gives an order (staff writing one by hand). */
  byHand?: boolean;
}

function checkout(orderId: string, quantities: Record<string, number>, options: CheckoutOptions = {}): JsonWrite[] {
  const { uid = 'buyer', slot = 'a', stock = STOCK, extra = {}, byHand = false } = options;
  const delivery = byHand ? { fields: {}, writes: {} } : orderDelivery(uid, orderId);
  const writes: JsonWrite[] = [
    { path: path(`orders/${uid}/${orderId}`), value: order(items(quantities), { ...delivery.fields, ...extra }) },
    { path: path(`openOrders/${uid}/${slot}`), value: orderId },
    ...Object.entries(delivery.writes).map(([target, value]) => ({ path: path(target), value })),
  ];
  for (const [id, quantity] of Object.entries(quantities)) {
    const before = stock[id];
    if (before !== undefined) writes.push({ path: path(`products/${id}/stock`), value: before - quantity });
  }
  return writes;
}

const allowed = (writes: JsonWrite[], who: RulesAuth | null = allocator, from: Data = data) =>
  check(rules, from, writes, who, NOW).allowed;
const put = (target: string, value: unknown): JsonWrite => ({ path: path(target), value });
const without = (writes: JsonWrite[], target: string) => writes.filter((w) => w.path.join('/') !== target);
const replace = (writes: JsonWrite[], target: string, value: unknown) =>
  writes.map((w) => (w.path.join('/') === target ? { path: w.path, value } : w));
const withOrders = (orders: unknown, openOrders: unknown = {}): Data => ({ ...data, orders, openOrders });

describe('database.rules.json: only the allocator places orders and takes stock', () => {
  it("the allocator's order that takes stock is accepted; the same update from any buyer is refused", () => {
    expect(allowed(checkout('order-1', { ticket: 2 }))).toBe(true);
    expect(allowed(checkout('order-1', { ticket: 2 }), buyer)).toBe(false);
    expect(allowed(checkout('order-1', { ticket: 2 }, { uid: 'other' }), other)).toBe(false);
    expect(allowed(checkout('order-1', { mug: 1 }), buyer)).toBe(false);
    expect(allowed(checkout('order-1', { ticket: 1 }), null)).toBe(false);
  });

  it('a batch may take the stock of several orders at once, never below zero; only the allocator gives any back', () => {
    const two = [
      ...checkout('order-1', { ticket: 1 }),
      ...without(checkout('order-2', { ticket: 1 }, { uid: 'other' }), 'products/ticket/stock'),
    ];
    expect(allowed(replace(two, 'products/ticket/stock', 0))).toBe(true);
    expect(allowed(checkout('order-1', { ticket: 3 }))).toBe(false);
    // An order whose hold expired unpaid gives its stock back (docs/payments.md#the-hold); buyers never can (below).
    expect(allowed([put('products/ticket/stock', 3)])).toBe(true);
    expect(allowed([put('products/ticket/stock', 1.5)])).toBe(false);
    expect(allowed([put('products/ticket/stock', null)])).toBe(false);
    expect(allowed([put('products/mug/stock', 5)])).toBe(false);
  });

  it('a buyer never writes stock, an order, a slot or a ticket, alone or together', () => {
    expect(allowed([put('products/ticket/stock', 1)], buyer)).toBe(false);
    expect(allowed([put('orders/buyer/order-1', order(items({ mug: 1 })))], buyer)).toBe(false);
    expect(allowed([put('openOrders/buyer/a', 'order-1')], buyer)).toBe(false);
    const ticket = {
      uid: 'buyer',
      order: 'order-1',
      n: 0,
      code: 'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
      holder: 'Bo',
      status: 'valid',
      created: NOW,
    };
    expect(allowed([...checkout('order-1', { ticket: 1 }), put('tickets/ticket/order-1-0', ticket)], buyer)).toBe(
      false,
    );
  });

  it('staff still set stock freely', () => {
    expect(allowed([put('products/ticket/stock', 50)], staff)).toBe(true);
  });

  it('staff set a per-order minimum no higher than the maximum, and an on-sale window that closes after it opens', () => {
    const set = (field: string, value: unknown, from: Data = data) =>
      allowed([put(`products/fair/${field}`, value)], staff, from);
    expect(set('minPerOrder', 6)).toBe(true);
    expect(set('minPerOrder', 7)).toBe(false);
    expect(allowed([put('products/mug/minPerOrder', 10)], staff)).toBe(true);
    expect(allowed([put('products/mug/minPerOrder', 11)], staff)).toBe(false);
    for (const bad of [0, 1.5, '2', true]) expect(set('minPerOrder', bad), String(bad)).toBe(false);
    const opens = Date.UTC(2026, 11, 4, 10);
    expect(set('onSaleFrom', opens)).toBe(true);
    expect(set('onSaleUntil', opens)).toBe(true);
    for (const bad of [opens + 0.5, '2026-12-04T10:00', 1, 4133980800000]) {
      expect(set('onSaleFrom', bad), String(bad)).toBe(false);
    }
    const opening = { ...data, products: { ...data.products, fair: { ...data.products.fair, onSaleFrom: opens } } };
    expect(set('onSaleUntil', opens + 1, opening)).toBe(true);
    expect(set('onSaleUntil', opens, opening)).toBe(false);
    expect(allowed([put('products/fair/onSaleFrom', opens)], buyer)).toBe(false);
    expect(set('attendeeNames', true)).toBe(true);
    expect(set('attendeeNames', 'yes')).toBe(false);
  });

  it('an existing order cannot be placed again, nor used to take a second slot', () => {
    const placed = withOrders({ buyer: { 'order-1': order(items({ ticket: 1 })) } }, { buyer: { a: 'order-1' } });
    expect(allowed(checkout('order-1', { ticket: 1 }, { slot: 'b' }), allocator, placed)).toBe(false);
    expect(allowed([put('openOrders/buyer/b', 'order-1')], allocator, placed)).toBe(false);
  });

  it('an order for a product that is not on sale is refused', () => {
    expect(allowed(checkout('order-1', { old: 1 }))).toBe(false);
  });

  it('reservedFor is gone: nobody but staff writes anything else on a product', () => {
    expect(allowed([{ path: path('products/ticket/reservedFor'), value: 'o1' }], buyer)).toBe(false);
    expect(allowed([{ path: path('products/ticket/reservedFor'), value: 'o1' }])).toBe(false);
    expect(allowed([{ path: path('products/ticket/reservedFor'), value: 'o1' }], staff)).toBe(false);
  });
});

describe('database.rules.json: an order holds what the catalogue says, at most maxPerOrder of each', () => {
  it("titles must be the catalogue's", () => {
    const forged = { ticket: { title: 'FREE <script>', price: 10, quantity: 1 } };
    expect(allowed(replace(checkout('o1', { ticket: 1 }), 'orders/buyer/o1', order(forged)))).toBe(false);
  });

  it("prices must be the catalogue's", () => {
    const cheap = { ticket: { title: 'Ticket', price: 0.01, quantity: 1 } };
    expect(allowed(replace(checkout('o1', { ticket: 1 }), 'orders/buyer/o1', order(cheap)))).toBe(false);
  });

  it('at most maxPerOrder of a product, 10 when the product sets none', () => {
    expect(allowed(checkout('o1', { fair: 6 }))).toBe(true);
    expect(allowed(checkout('o1', { fair: 7 }))).toBe(false);
    expect(allowed(checkout('o1', { mug: 10 }))).toBe(true);
    expect(allowed(checkout('o1', { mug: 11 }))).toBe(false);
  });

  it('at least minPerOrder of a product that sets one', () => {
    const withMinimum = { ...data, products: { ...data.products, fair: { ...data.products.fair, minPerOrder: 2 } } };
    expect(allowed(checkout('o1', { fair: 2 }), allocator, withMinimum)).toBe(true);
    expect(allowed(checkout('o1', { fair: 1 }), allocator, withMinimum)).toBe(false);
  });

  it('sales open now, and not closed when the request joined the queue (which it leaves in the same update)', () => {
    const windowed = (
      window: Record<string, number>,
      at: number | null = NOW - 5,
    ): Data & { orderQueue?: unknown } => ({
      ...data,
      products: { ...data.products, fair: { ...data.products.fair, ...window } },
      ...(at === null ? {} : { orderQueue: { buyer: { at } } }),
    });
    const settle = [...checkout('o1', { fair: 1 }), put('orderQueue/buyer', null)];
    expect(allowed(settle, allocator, windowed({ onSaleFrom: NOW }))).toBe(true);
    expect(allowed(settle, allocator, windowed({ onSaleFrom: NOW + 1 }))).toBe(false);
    // In line before the close, settled after it: the buyer keeps their place.
    expect(allowed(settle, allocator, windowed({ onSaleUntil: NOW - 4 }))).toBe(true);
    expect(allowed(settle, allocator, windowed({ onSaleUntil: NOW - 5 }))).toBe(false);
    // With a close and no request to judge it by, nothing is placed.
    expect(allowed(checkout('o1', { fair: 1 }), allocator, windowed({ onSaleUntil: NOW + 60_000 }, null))).toBe(false);
  });

  it('the total is a plain sane amount: not negative, not huge (it is never trusted; screens add up the items)', () => {
    for (const bad of [-1, 1e308, 1e10, 'free', { '.sv': 'timestamp' }]) {
      expect(allowed(checkout('o1', { ticket: 1 }, { extra: { total: bad } })), JSON.stringify(bad)).toBe(false);
    }
  });

  it("created is the server's time of the write, nothing else", () => {
    expect(allowed(checkout('o1', { ticket: 1 }, { extra: { created: 0 } }))).toBe(false);
    expect(allowed(checkout('o1', { ticket: 1 }, { extra: { created: NOW - 1 } }))).toBe(false);
    expect(allowed(checkout('o1', { ticket: 1 }, { extra: { created: NOW + 1 } }))).toBe(false);
  });

  it('a new order is pending: not paid, confirmed or fulfilled', () => {
    for (const status of ['paid', 'confirmed', 'fulfilled', 'cancelled']) {
      expect(allowed(checkout('o1', { mug: 1 }, { extra: { status } })), status).toBe(false);
    }
  });
});

describe('database.rules.json: at most three open orders per account', () => {
  const placed = (ids: string[]) =>
    withOrders(
      { buyer: Object.fromEntries(ids.map((id) => [id, order(items({ mug: 1 }))])) },
      { buyer: Object.fromEntries(ids.map((id, index) => ['abc'[index]!, id])) },
    );

  it('a new order takes a free slot; with all three taken there is none left', () => {
    expect(allowed(checkout('o2', { mug: 1 }, { slot: 'b' }), allocator, placed(['o1']))).toBe(true);
    expect(allowed(checkout('o4', { mug: 1 }, { slot: 'a' }), allocator, placed(['o1', 'o2', 'o3']))).toBe(false);
    expect(allowed(checkout('o4', { mug: 1 }, { slot: 'd' }), allocator, placed(['o1', 'o2', 'o3']))).toBe(false);
  });

  it('an order without a slot, or in a slot already taken, is refused', () => {
    expect(allowed(without(checkout('o1', { mug: 1 }), 'openOrders/buyer/a'))).toBe(false);
    expect(allowed(checkout('o2', { mug: 1 }, { slot: 'a' }), allocator, placed(['o1']))).toBe(false);
  });

  it('a customer cannot empty, change or pre-fill a slot', () => {
    const full = placed(['o1', 'o2', 'o3']);
    expect(allowed(checkout('o4', { mug: 1 }, { slot: 'a' }), buyer, placed(['o1']))).toBe(false);
    expect(allowed([{ path: path('openOrders/buyer/a'), value: null }], buyer, full)).toBe(false);
    expect(allowed([{ path: path('openOrders/buyer'), value: null }], buyer, full)).toBe(false);
    expect(allowed([{ path: path('openOrders/buyer/a'), value: 'o9' }], buyer, full)).toBe(false);
    expect(allowed([{ path: path('openOrders/buyer/a'), value: 'o9' }], buyer)).toBe(false);
    expect(allowed([{ path: path('openOrders/buyer'), value: { a: 'o1' } }], buyer)).toBe(false);
  });

  it('a slot names a plain order id, never a path into the order', () => {
    const writes = replace(checkout('o1', { mug: 1 }), 'openOrders/buyer/a', 'o1/items');
    expect(allowed(writes)).toBe(false);
  });

  it('nobody but the allocator takes a slot', () => {
    expect(allowed(checkout('o1', { mug: 1 }, { uid: 'buyer' }), other)).toBe(false);
    expect(allowed(checkout('o1', { mug: 1 }, { uid: 'buyer', byHand: true }), staff)).toBe(true);
  });

  it('staff closing an order must free its slot in the same update', () => {
    const open = placed(['o1']);
    expect(allowed([{ path: path('orders/buyer/o1/status'), value: 'fulfilled' }], staff, open)).toBe(false);
    const close = (status: string): JsonWrite[] => [
      { path: path('orders/buyer/o1/status'), value: status },
      { path: path('openOrders/buyer/a'), value: null },
    ];
    expect(allowed(close('fulfilled'), staff, open)).toBe(true);
    // Cancelling is trusted code's, asked through orderCancels (tests/server/order-cancel.test.ts).
    expect(allowed(close('cancelled'), staff, open)).toBe(false);
    expect(allowed([{ path: path('orders/buyer/o1/status'), value: 'confirmed' }], staff, open)).toBe(true);
    expect(allowed(close('fulfilled'), buyer, open)).toBe(false);
  });

  it('a customer cannot cancel, alter or delete an order once placed', () => {
    const open = placed(['o1']);
    expect(allowed([put('orders/buyer/o1/status', 'cancelled'), put('openOrders/buyer/a', null)], buyer, open)).toBe(
      false,
    );
    expect(allowed([{ path: path('orders/buyer/o1/items/mug/quantity'), value: 5 }], buyer, open)).toBe(false);
    expect(allowed([{ path: path('orders/buyer/o1'), value: null }], buyer, open)).toBe(false);
  });
});
