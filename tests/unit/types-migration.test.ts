/**
 * The migration of the records from before types, as pure logic (docs/data-model.md#records-from-before-types): an
 * order's item that issued tickets gets `event` (its own id) and `first` (0), each of its tickets its `line` (the
 * event's id), exactly what the allocator writes for the same purchase today; nothing in the new form is written;
 * what cannot be made explicit is left and named. And what reads those records reads them the same before and after:
 * the order page's tickets, the door's list, a lapsed hold's give-back, the buyer's tickets and the desk's figures.
 */
import { describe, expect, it } from 'vitest';
import { planBeforeTypes } from '../../functions/src/migrations/beforeTypes';
import { readOrderData } from '../../functions/src/mail/orderData';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { settleBatch } from '../../functions/src/orders/settle';
import { expiryUpdate } from '../../functions/src/payments/expiry';
import { listFromDatabase } from '../../src/features/checkin/doorStorage';
import { deskIndexWrites, parseDeskEntry, type IndexedOrder } from '../../src/features/orders/deskIndex';
import { heldLines } from '../../src/features/orders/order';
import { DEFAULT_PAYMENT_SETTINGS } from '../../src/features/payments/model/paymentSettings';
import { parseTaxSettings } from '../../src/features/taxes/model';
import { parseTicket } from '../../src/features/tickets/ticket';
import { isRecord } from '../../src/state/validation';
import { mailDatabase } from './mailDatabase';
import { catalogue, product } from './products';

const DATE = '2027-01-15T19:00:00Z';
const code = (n: number) => `ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-23${String(n).padStart(2, '0')}`;
const oldTicket = (uid: string, order: string, n: number, extra: Record<string, unknown> = {}) => ({
  ...{ uid, order, n, code: code(n), holder: 'Bo Buyer', status: 'valid', created: 1 },
  ...extra,
});
const oldOrder = (items: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  items,
  ...{ total: 44, status: 'confirmed', created: 1, contact: { name: 'Bo Buyer', email: 'bo@example.com' } },
  ...extra,
});
const JAZZ = { title: 'Jazz', price: 18, quantity: 2 };
const MUG = { title: 'Mug', price: 8, quantity: 1 };

/** One order placed before types: two jazz tickets and a mug, as the allocator wrote them then. */
const beforeTypes = () => ({
  orders: { bo: { old: oldOrder({ jazz: JAZZ, mug: MUG }) } },
  tickets: { jazz: { 'old-0': oldTicket('bo', 'old', 0), 'old-1': oldTicket('bo', 'old', 1) } },
});

/** `data` with the update paths of `groups` applied, as the database applies a multi-path update. */
function applied<T>(data: T, groups: readonly Record<string, unknown>[]): T {
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const [path, value] of groups.flatMap((group) => Object.entries(group))) {
    const keys = path.split('/');
    const parent = keys.slice(0, -1).reduce<Record<string, unknown>>((node, key) => {
      if (!isRecord(node[key])) node[key] = {};
      return node[key] as Record<string, unknown>;
    }, copy);
    parent[keys.at(-1)!] = value;
  }
  return copy as T;
}
const migrated = <T extends { orders: unknown; tickets: unknown }>(data: T): T =>
  applied(data, planBeforeTypes(data.orders, data.tickets).groups);

describe('the plan of the migration', () => {
  it('gives an item that issued tickets its event and first, its tickets their line, in one group, and the mug nothing', () => {
    const data = beforeTypes();
    expect(planBeforeTypes(data.orders, data.tickets)).toEqual({
      groups: [
        {
          'orders/bo/old/items/jazz/event': 'jazz',
          'orders/bo/old/items/jazz/first': 0,
          'tickets/jazz/old-0/line': 'jazz',
          'tickets/jazz/old-1/line': 'jazz',
        },
      ],
      items: 1,
      tickets: 2,
      skipped: [],
    });
  });

  it('makes them what the allocator writes now for the same purchase, and then has nothing left to add', () => {
    const products = catalogue(
      product('jazz', { title: 'Jazz', price: 18, date: DATE }),
      product('mug', { title: 'Mug', price: 8 }),
    );
    const request = {
      id: 'request-0001',
      at: 1,
      lines: { jazz: 2, mug: 1 },
      contact: { name: 'Bo', email: 'bo@example.com' },
    };
    const terms = { payments: DEFAULT_PAYMENT_SETTINGS, currency: 'GBP', tax: parseTaxSettings(undefined), now: 1 };
    const { update } = settleBatch([{ uid: 'bo', raw: request }], products, new Map(), terms);
    const id = orderIdFor('bo', 'request-0001');
    const placed = update[`orders/bo/${id}`] as { items: unknown };
    const after = migrated(beforeTypes());
    expect(after.orders.bo.old.items).toEqual(placed.items);
    const issued = update[`tickets/jazz/${id}-1`] as Record<string, unknown>;
    const explicit = after.tickets.jazz['old-1'] as Record<string, unknown>;
    expect([explicit.line, explicit.type]).toEqual([issued.line, issued.type]);
    expect(planBeforeTypes(after.orders, after.tickets)).toEqual({ groups: [], items: 0, tickets: 0, skipped: [] });
    // Nor anything to add to the order placed now.
    const now = applied({ orders: {}, tickets: {} }, [update]);
    expect(planBeforeTypes(now.orders, now.tickets).groups).toEqual([]);
  });

  it('leaves an item that issued no tickets, or whose first ticket is another account’s, as it is', () => {
    const data = {
      orders: {
        bo: { early: oldOrder({ jazz: JAZZ }) },
        al: { old: oldOrder({ jazz: JAZZ }) },
      },
      // bo's order "old" is not there; al's order of the same id has no ticket of its own.
      tickets: { jazz: { 'old-0': oldTicket('bo', 'old', 0) } },
    };
    const plan = planBeforeTypes(data.orders, data.tickets);
    expect(plan.groups).toEqual([]);
    expect(plan.skipped).toEqual(['tickets/jazz/old-0']);
  });

  it('names every record it cannot make explicit and still plans the rest', () => {
    const data = beforeTypes();
    const orders = {
      ...data.orders,
      al: {
        // No contact: the rules refuse any write below it.
        bare: { items: { jazz: JAZZ }, total: 18, status: 'pending', created: 1 },
        'bad id!': oldOrder({ jazz: JAZZ }),
        half: oldOrder({ jazz: { ...JAZZ, event: 'jazz' } }),
        count: oldOrder({ jazz: { ...JAZZ, quantity: 2.5 } }),
        typed: oldOrder({ jazz: { ...JAZZ, event: 'jazz', first: 0, type: 'Standard' } }),
      },
      cy: 'not an order list',
    };
    const tickets = {
      jazz: {
        ...data.tickets.jazz,
        'old-2': oldTicket('bo', 'old', 2),
        'gone-0': oldTicket('bo', 'gone', 0),
        'old-9': oldTicket('bo', 'old', 0),
        'nocode-0': oldTicket('bo', 'nocode', 0, { code: null }),
        'count-0': oldTicket('al', 'count', 0),
        'half-0': oldTicket('al', 'half', 0),
        'typed-0': oldTicket('al', 'typed', 0),
      },
    };
    const plan = planBeforeTypes(orders, tickets);
    expect(plan.groups).toEqual(planBeforeTypes(data.orders, data.tickets).groups);
    expect(plan.skipped.sort()).toEqual(
      [
        'orders/al/bare',
        'orders/al/bad id!',
        'orders/al/half/items/jazz',
        'orders/al/count/items/jazz',
        'orders/cy',
        'tickets/jazz/old-2',
        'tickets/jazz/gone-0',
        'tickets/jazz/old-9',
        'tickets/jazz/nocode-0',
        'tickets/jazz/count-0',
        'tickets/jazz/half-0',
        'tickets/jazz/typed-0',
      ].sort(),
    );
  });
});

describe('what reads them reads the same after the migration', () => {
  const before = beforeTypes();
  const after = migrated(before);

  it("an order's lines and tickets, as the buyer's tickets and every trusted reader find them", () => {
    expect(heldLines(after.orders.bo.old.items)).toEqual(heldLines(before.orders.bo.old.items));
    for (const id of ['old-0', 'old-1'] as const) {
      expect(parseTicket('jazz', id, after.tickets.jazz[id])).toEqual(parseTicket('jazz', id, before.tickets.jazz[id]));
    }
  });

  it("the order page's tickets", async () => {
    const shop = (data: typeof before) => ({
      ...data,
      properties: { name: 'Shop', tagline: '', email: 'shop@example.com' },
      products: {
        jazz: { title: 'Jazz', price: 18, description: '', image: '', category: 'Events', active: true, date: DATE },
        mug: { title: 'Mug', price: 8, description: '', image: '', category: 'Goods', active: true },
      },
    });
    const page = async (data: typeof before) => readOrderData(mailDatabase(shop(data)), 'bo', 'old');
    const read = await page(after);
    expect(read).toEqual(await page(before));
    expect(read?.tickets.map((ticket) => ticket.code)).toEqual([code(0), code(1)]);
  });

  it("the door's list and the desk's figures by type", () => {
    const list = (data: typeof before) => listFromDatabase('jazz', 'Jazz', data.tickets.jazz, 5, {});
    expect(list(after)).toEqual(list(before));
    const index = (data: typeof before) =>
      deskIndexWrites('bo', 'old', data.orders.bo.old as IndexedOrder, 1, ['jazz']);
    expect(index(after)).toEqual(index(before));
  });

  it("a lapsed hold's give-back: its stock back, its tickets void", () => {
    const pay = {
      method: 'transfer',
      currency: 'GBP',
      due: 4400,
      paid: 0,
      refunded: 0,
      state: 'pending',
      until: 10,
      v: 1,
    };
    const lapse = (data: typeof before) => {
      const order = { ...data.orders.bo.old, status: 'pending', pay };
      const writes = deskIndexWrites('bo', 'old', order as IndexedOrder, 1, ['jazz']);
      const entry = parseDeskEntry(writes['deskOrders/bo~old'])!;
      const reads = new Map<string, unknown>([
        ['openOrders/bo', { a: 'old' }],
        ['products/jazz/stock', 40],
        ['products/mug/stock', 9],
        ['tickets/jazz/old-0', data.tickets.jazz['old-0']],
      ]);
      return expiryUpdate('bo~old', entry, order, reads, 20);
    };
    expect(lapse(after)).toEqual(lapse(before));
    expect(lapse(after)).toMatchObject({
      'products/jazz/stock': { '.sv': { increment: 2 } },
      'tickets/jazz/old-0/status': 'void',
      'tickets/jazz/old-1/status': 'void',
    });
  });
});
