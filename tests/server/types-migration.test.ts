/**
 * The migration of the records from before types (docs/data-model.md#records-from-before-types) against the real
 * local database with the shop's rules, through firebase-admin acting as the allocator, as trusted code runs it: old
 * items and tickets are given exactly the fields the allocator writes now, once; an order settled while it runs is
 * not touched; a run stopped half-way leaves no mark and the next completes it; malformed records are named and left.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateBeforeTypes, BEFORE_TYPES_MIGRATION } from '../../functions/src/migrations/migrateBeforeTypes';
import { updateStoredRecords } from '../../functions/src/migrations/atStart';
import { INDEX_VERSION } from '../../src/features/orders/deskIndex';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase } from './support/paymentsHarness';

const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
const ticket = (uid: string, order: string, n: number) => ({
  ...{ uid, order, n, code: CODE, holder: `Buyer ${uid}`, status: 'valid', created: 1_759_000_000_000 },
});
/** An order placed before types of two gigs and a mug: its items name no event, first or type. */
const oldOrder = (uid: string) => ({
  items: { gig: { title: 'Gig', price: 10, quantity: 2 }, mug: { title: 'Mug', price: 8, quantity: 1 } },
  total: 28,
  status: 'confirmed',
  created: 1_759_000_000_000,
  contact: { name: `Buyer ${uid}`, email: `${uid}@example.com` },
});
const db = paymentsDatabase(() => ({
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  products: {
    gig: gigEvent({ stock: 100 }),
    'gig-c': gigEvent({ price: 6, typeName: 'Concession', group: 'gig' }),
    mug: gigEvent({ title: 'Mug', price: 8, date: null }),
  },
}));

/** Writes for each of `uids` an order `old-{uid}` and its two tickets with admin rights, as they were left before types. */
async function storeBeforeTypes(...uids: string[]): Promise<void> {
  const writes: Record<string, unknown> = {};
  for (const uid of uids) {
    writes[`orders/${uid}/old-${uid}`] = oldOrder(uid);
    for (const n of [0, 1]) writes[`tickets/gig/old-${uid}-${n}`] = ticket(uid, `old-${uid}`, n);
  }
  await db.admin().ref().update(writes);
}

/** What the migration must leave of `uid`'s old order and tickets. */
const explicitOrder = (uid: string) => ({
  ...oldOrder(uid),
  items: { gig: { title: 'Gig', price: 10, quantity: 2, event: 'gig', first: 0 }, mug: oldOrder(uid).items.mug },
});
const explicitTicket = (uid: string, n: number) => ({ ...ticket(uid, `old-${uid}`, n), line: 'gig' });

/** Trusted code's connection, with every read and update it makes recorded, and `hooks` run around them. */
function watched(
  hooks: { afterRead?: (path: string) => Promise<void>; beforeUpdate?: (n: number) => Promise<void> } = {},
) {
  const inner = db.trusted();
  const reads: string[] = [];
  const updates: Record<string, unknown>[] = [];
  return {
    reads,
    updates,
    readAll: async (paths: readonly string[]) => {
      const values = await inner.readAll(paths);
      reads.push(...paths);
      for (const path of paths) await hooks.afterRead?.(path);
      return values;
    },
    update: async (update: Record<string, unknown>) => {
      await hooks.beforeUpdate?.(updates.length);
      updates.push(update);
      await inner.update(update);
    },
  };
}

describe('old records become explicit, once', () => {
  it('gives old items and tickets exactly the fields the allocator writes now, and marks the migration done', async () => {
    await storeBeforeTypes('b1');
    const report = await migrateBeforeTypes(watched());
    expect(report).toEqual({ items: 1, tickets: 2, skipped: [] });
    expect(await db.read('orders/b1/old-b1')).toEqual(explicitOrder('b1'));
    expect(await db.read('tickets/gig')).toEqual({
      'old-b1-0': explicitTicket('b1', 0),
      'old-b1-1': explicitTicket('b1', 1),
    });
    expect(await db.read(BEFORE_TYPES_MIGRATION.path)).toBe(BEFORE_TYPES_MIGRATION.version);
    // And exactly what an order placed now holds, but for its own fields (reference, payment…).
    const id = await db.order('b2', { gig: 2, mug: 1 });
    const placed = (await db.read(`orders/b2/${id}`)) as { items: unknown };
    expect(placed.items).toEqual(explicitOrder('b1').items);
    expect(await db.read(`tickets/gig/${id}-1/line`)).toBe('gig');
  });

  it('a second run reads the mark alone and writes nothing', async () => {
    await storeBeforeTypes('b1');
    await migrateBeforeTypes(watched());
    // Records written in the old form since (by hand, with admin rights) are not looked for again.
    await storeBeforeTypes('b3');
    const before = { orders: await db.read('orders'), tickets: await db.read('tickets') };
    const again = watched();
    expect(await migrateBeforeTypes(again)).toEqual({ items: 0, tickets: 0, skipped: [] });
    expect(again.reads).toEqual([BEFORE_TYPES_MIGRATION.path]);
    expect(again.updates).toEqual([]);
    expect({ orders: await db.read('orders'), tickets: await db.read('tickets') }).toEqual(before);
  });

  it('does not touch an order the allocator settles while it runs', async () => {
    await storeBeforeTypes('b1');
    const placed = new Map<string, unknown>();
    /**
     * Settles an order of `uid` with a type, whose records an old record's reading would get wrong (its concession's
     * event is not its own id, its ticket's line not its event's), and keeps what the allocator wrote of it.
     */
    const settleOne = async (uid: string) => {
      const id = await db.order(uid, { gig: 2, 'gig-c': 1, mug: 1 });
      for (const path of [`orders/${uid}/${id}`, ...[0, 1, 2].map((n) => `tickets/gig/${id}-${n}`)]) {
        placed.set(path, await db.read(path));
      }
    };
    // One between its read of the orders and its read of the tickets, one before its first update.
    const during = watched({
      afterRead: (path) => (path === 'orders' ? settleOne('b4') : Promise.resolve()),
      beforeUpdate: (n) => (n === 0 ? settleOne('b5') : Promise.resolve()),
    });
    expect(await migrateBeforeTypes(during)).toEqual({ items: 1, tickets: 2, skipped: [] });
    expect(placed.size).toBe(8);
    expect([...placed.values()].every(Boolean)).toBe(true);
    for (const [path, value] of placed) expect(await db.read(path), path).toEqual(value);
    expect(await db.read('orders/b1/old-b1')).toEqual(explicitOrder('b1'));
  });
});

describe("the demo shop's seed", () => {
  it('keeps its jazz order in the old form, so that a first npm start shows the migration; nothing in it is malformed', async () => {
    const seed = JSON.parse(readFileSync(new URL('../../seed/database.json', import.meta.url), 'utf8')) as object;
    await db.admin().ref().set(seed);
    expect(await migrateBeforeTypes(watched())).toEqual({ items: 1, tickets: 2, skipped: [] });
    const order = 'orders/demo-customer/-Nx2demoOrder0003cccc';
    expect(await db.read(`${order}/items/harbour-jazz-night`)).toMatchObject({ event: 'harbour-jazz-night', first: 0 });
    expect(await db.read('tickets/harbour-jazz-night/-Nx2demoOrder0003cccc-1/line')).toBe('harbour-jazz-night');
  });
});

describe('a run stopped half-way', () => {
  const uids = ['c1', 'c2', 'c3', 'c4', 'c5'];
  /** Each order's writes are four fields: a batch of four holds one order. */
  const small = { batch: 4, log: () => undefined };
  const explicit = async () => {
    for (const uid of uids) expect(await db.read(`orders/${uid}/old-${uid}`), uid).toEqual(explicitOrder(uid));
    for (const uid of uids) {
      for (const n of [0, 1]) expect(await db.read(`tickets/gig/old-${uid}-${n}`)).toEqual(explicitTicket(uid, n));
    }
  };

  it('by a lost update leaves no mark, and the next run completes it', async () => {
    await storeBeforeTypes(...uids);
    const lost = watched({
      beforeUpdate: async (n) => {
        if (n === 2) throw new Error('connection lost');
      },
    });
    await expect(migrateBeforeTypes(lost, small)).rejects.toThrow('connection lost');
    expect(await db.read(BEFORE_TYPES_MIGRATION.path)).toBeNull();
    const done = await Promise.all(uids.map((uid) => db.read(`orders/${uid}/old-${uid}/items/gig/event`)));
    expect(done.filter((event) => event === 'gig')).toHaveLength(2);
    expect(await migrateBeforeTypes(watched(), small)).toEqual({ items: 3, tickets: 6, skipped: [] });
    await explicit();
    expect(await db.read(BEFORE_TYPES_MIGRATION.path)).toBe(BEFORE_TYPES_MIGRATION.version);
  });

  it('by an update the rules refuse writes nothing of that batch, leaves no mark, and the next run completes it', async () => {
    await storeBeforeTypes(...uids);
    const inner = db.trusted();
    // The second batch arrives with a first ticket number the migration never computes: refused whole.
    let n = 0;
    const tampered = {
      readAll: (paths: readonly string[]) => inner.readAll(paths),
      update: (update: Record<string, unknown>) => {
        const firstKey = Object.keys(update).find((path) => path.endsWith('/first'));
        return inner.update(n++ === 1 && firstKey ? { ...update, [firstKey]: 1 } : update);
      },
    };
    await expect(migrateBeforeTypes(tampered, small)).rejects.toThrow(/permission/i);
    expect(await db.read(BEFORE_TYPES_MIGRATION.path)).toBeNull();
    const events = await Promise.all(uids.map((uid) => db.read(`orders/${uid}/old-${uid}/items/gig/event`)));
    expect(events.filter((event) => event === 'gig')).toHaveLength(1);
    expect(await migrateBeforeTypes(watched(), small)).toEqual({ items: 4, tickets: 8, skipped: [] });
    await explicit();
  });
});

describe('malformed records', () => {
  it('are named in the log by path, left as they are, and hold up nothing else', async () => {
    await storeBeforeTypes('b1');
    const broken = {
      'orders/al/bare': { items: { gig: { title: 'Gig', price: 10, quantity: 1 } }, status: 'pending' },
      'tickets/gig/bare-0': ticket('al', 'bare', 0),
      'tickets/gig/old-b1-2': ticket('b1', 'old-b1', 2),
      'tickets/gig/gone-0': ticket('b1', 'gone', 0),
    };
    await db.admin().ref().update(broken);
    const logged: string[] = [];
    const report = await migrateBeforeTypes(watched(), { log: (line) => logged.push(line) });
    expect(report.skipped.sort()).toEqual(Object.keys(broken).sort());
    expect(logged).toHaveLength(1);
    for (const path of Object.keys(broken)) expect(logged[0]).toContain(path);
    for (const [path, value] of Object.entries(broken)) expect(await db.read(path), path).toEqual(value);
    expect(await db.read('orders/b1/old-b1')).toEqual(explicitOrder('b1'));
    expect(await db.read(BEFORE_TYPES_MIGRATION.path)).toBe(BEFORE_TYPES_MIGRATION.version);
  });
});

describe('what lets the migration add these fields lets trusted code add nothing else', () => {
  it('refuses other values, rewrites, and the fields on an order that is not there', async () => {
    await storeBeforeTypes('b1');
    const allocator = db.connect('allocator', 'storefront-order-allocator');
    const item = 'orders/b1/old-b1/items/gig';
    await expect(allocator.ref(item).update({ event: 'gig', first: 1 })).rejects.toThrow(/permission/i);
    await expect(allocator.ref(item).update({ event: 'mug', first: 0 })).rejects.toThrow(/permission/i);
    await expect(allocator.ref('orders/b1/old-b1/items/mug').update({ event: 'mug', first: 0 })).rejects.toThrow(
      /permission/i,
    );
    await migrateBeforeTypes(watched());
    await expect(allocator.ref(`${item}/event`).set('mug')).rejects.toThrow(/permission/i);
    await expect(allocator.ref('tickets/gig/old-b1-0/line').set('mug')).rejects.toThrow(/permission/i);
    const staff = db.connect('staff', 'staff');
    await expect(staff.ref(`${item}/first`).set(1)).rejects.toThrow(/permission/i);
  });
});

describe('trusted code at start', () => {
  it('makes old records explicit, then indexes the orders the desk lacks from the explicit items', async () => {
    await storeBeforeTypes('b1');
    const started = watched();
    await updateStoredRecords(started);
    expect(started.reads).toEqual([
      BEFORE_TYPES_MIGRATION.path,
      'orders',
      'tickets',
      'deskMeta/indexed',
      'orders',
      'deskOrders',
      'products',
    ]);
    expect(await db.read('orders/b1/old-b1')).toEqual(explicitOrder('b1'));
    expect(await db.read('deskEventOrders/gig/b1~old-b1')).toMatchObject({ quantity: 2, amount: 20 });
    expect(await db.read('deskMeta/indexed')).toBe(INDEX_VERSION);
  });
});
