/**
 * The staff desk's index (deskOrders, deskEventOrders, deskMeta) against the real local database with the shop's
 * rules: the allocator indexes each order in the update that creates it, the backfill indexes older ones, the
 * desk's own queries (dashboard/orders/orderQueries.ts) run through the unmodified SDK as staff, a staff status
 * change keeps the index in step, and nobody else reads or writes any of it, whatever token they forge.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setLogLevel } from 'firebase/app';
import { get, query, ref, update } from 'firebase/database';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backfillDeskIndex } from '../../functions/src/desk/backfill';
import { adminQueueDatabase } from '../../functions/src/orders/adminQueueDatabase';
import { createAllocator } from '../../functions/src/orders/allocator';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import {
  NO_FILTERS,
  PAGE_SIZE,
  cursorOf,
  pageQuery,
  searchQueries,
  type ListQuery,
  type OrderFilters,
} from '../../src/features/dashboard/orders/orderQueries';
import { deskKey, deskStatusWrites, parseDeskEntry, type DeskEntry } from '../../src/features/orders';
import { INDEX_VERSION } from '../../src/features/orders/deskIndex';
import { requestRecord } from '../../src/features/orders/orderRequest';
import { constraintsOf, rowsOf, type QueryRows } from '../../src/firebase/query';
import { emulatorIdToken } from './support/raw-client';
import { gigEvent } from './support/gigEvent';
import { NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');
const sdk = await import('firebase/database');

const product = (extra: Record<string, unknown> = {}) => gigEvent({ stock: 500, ...extra });

let server: DatabaseServer;
let url: string;
const apps: App[] = [];
const closers: (() => Promise<void>)[] = [];
const clients: SdkClient[] = [];

function adminApp(auth?: { uid: string }) {
  const app = initializeApp(
    { databaseURL: url, ...(auth ? { databaseAuthVariableOverride: auth } : {}) },
    `desk-${apps.length}`,
  );
  apps.push(app);
  return getDatabase(app);
}

/** The SDK signed in with an Auth-emulator token of `claims` (unsigned: anyone can make one). */
function client(claims: { sub: string } & Record<string, unknown>): SdkClient {
  const made = sdkClient(server, { user: claims });
  clients.push(made);
  return made;
}

const read = async (path: string) => (await adminApp().ref(path).get()).val() as unknown;

/** The id of the order buyer `uid`'s request (`ask`) becomes. */
const O = (uid: string) => orderIdFor(uid, `request-${uid}`);

async function ask(uid: string, lines: Record<string, number>, name = `Buyer ${uid}`): Promise<void> {
  const db = adminApp({ uid });
  const wanted = Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity }));
  await db.ref().update({
    [`orderQueue/${uid}`]: requestRecord(
      `request-${uid}`,
      wanted,
      { name, email: `${uid}@Example.com`, telephone: '+44 7700 900001' },
      ServerValue.TIMESTAMP,
      { method: 'door' },
    ),
    [`orderRate/${uid}`]: ServerValue.TIMESTAMP,
  });
}

async function settle(): Promise<void> {
  const db = adminQueueDatabase(url);
  closers.push(db.close);
  await createAllocator(db).settle();
}

const order = (name: string, created: number, status = 'confirmed', extra: Record<string, unknown> = {}) => ({
  items: { gig: { title: 'Gig', price: 10, quantity: 2 } },
  total: 20,
  status,
  created,
  contact: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
  ...extra,
});

async function runQuery(as: SdkClient, { path, spec }: ListQuery): Promise<QueryRows> {
  return rowsOf(await get(query(ref(as.db, path), ...constraintsOf(sdk, spec))));
}

/** Every page of the list for `filters`, newest first, as the desk pages through it. */
async function allPages(as: SdkClient, filters: OrderFilters): Promise<string[]> {
  const keys: string[] = [];
  let before = null;
  for (let pages = 0; pages < 100; pages++) {
    const rows = await runQuery(as, pageQuery(filters, before));
    const page = rows.slice(-PAGE_SIZE).reverse();
    keys.push(...page.map(([key]) => key));
    if (rows.length <= PAGE_SIZE) return keys;
    const [key, raw] = page.at(-1)!;
    const entry = raw as { t: string; status: DeskEntry['status'] };
    before = cursorOf(filters, key, entry);
  }
  throw new Error('too many pages');
}

beforeAll(async () => {
  setLogLevel('silent');
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  url = `http://127.0.0.1:${server.port}?ns=${NAMESPACE}`;
});

beforeEach(async () => {
  await server.set(NAMESPACE, '/', {
    products: { gig: product(), mug: product({ title: 'Mug', date: null, stock: null }) },
    users: { 'staff-1': { firstname: 'Sam', lastname: 'Staff', email: 'sam@example.com', role: 'staff', created: 1 } },
  });
});

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(clients.splice(0).map((made) => made.close()));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await server.close();
});

describe('the allocator indexes each order in the update that creates it', () => {
  it('writes the entry and one entry per event, copied from the order', async () => {
    await ask('b1', { gig: 2, mug: 1 }, 'Ada  Lovelace');
    await settle();
    const stored = (await read(`orders/b1/${O('b1')}`)) as { created: number };
    const entry = parseDeskEntry(await read(`deskOrders/${deskKey('b1', O('b1'))}`));
    expect(entry).toMatchObject({
      uid: 'b1',
      order: O('b1'),
      status: 'pending',
      created: stored.created,
      name: 'Ada  Lovelace',
      email: 'b1@Example.com',
      phone: '+44 7700 900001',
      total: 30,
      summary: '2 × Gig, 1 × Mug',
      events: { gig: true },
    });
    expect(await read(`deskOrders/b1~${O('b1')}/emailKey`)).toBe('b1@example.com');
    expect(await read(`deskOrders/b1~${O('b1')}/surnameKey`)).toBe('lovelace ada');
    expect(await read(`deskEventOrders/gig/b1~${O('b1')}`)).toMatchObject({
      status: 'pending',
      quantity: 2,
      amount: 20,
      name: 'Ada  Lovelace',
    });
    expect(await read('deskEventOrders/mug')).toBeNull();
    // The raw order id, as the dashboard showed it before references, finds it too.
    const as = client({ sub: 'staff-1' });
    const rows = await Promise.all(searchQueries(O('b1')).map((q) => runQuery(as, q)));
    expect(rows.flat().map(([key]) => key)).toEqual([`b1~${O('b1')}`]);
  });
});

describe('the backfill indexes the orders placed before the index', () => {
  it('indexes every well-formed order once, copies its reference, and reports a malformed one without losing it', async () => {
    await server.set(NAMESPACE, '/orders', {
      u1: { o1: order('Ada Lovelace', 1_759_000_000_000, 'confirmed', { ref: 'K7M4QXPR' }) },
      u2: { o2: order('Grace Hopper', 1_759_100_000_000, 'cancelled'), broken: { status: 'pending' } },
    });
    const logged: string[] = [];
    const db = adminQueueDatabase(url);
    closers.push(db.close);
    const report = await backfillDeskIndex(db, (line) => logged.push(line));
    expect(report).toEqual({ indexed: 2, updated: 0, skipped: ['u2/broken'] });
    expect(logged).toEqual([expect.stringContaining('u2/broken')]);
    expect(await read('orders/u2/broken')).toEqual({ status: 'pending' });
    expect(await read('deskOrders/u1~o1')).toMatchObject({ ref: 'K7M4QXPR', status: 'confirmed', t: '1759000000000' });
    expect(await read('deskEventOrders/gig/u2~o2')).toMatchObject({ status: 'cancelled', quantity: 2 });
    expect(await read('deskMeta/indexed')).toBe(INDEX_VERSION);
    // Done once: the next start reads no orders.
    await server.set(NAMESPACE, '/orders/u3', { o3: order('Alan Turing', 1_759_200_000_000) });
    expect(await backfillDeskIndex(db)).toEqual({ indexed: 0, updated: 0, skipped: [] });
  });

  it('skips orders the allocator indexed meanwhile instead of writing their entries twice', async () => {
    await ask('b2', { gig: 1 });
    await settle();
    await server.set(NAMESPACE, '/orders/u1', { o1: order('Ada Lovelace', 1_759_000_000_000) });
    const db = adminQueueDatabase(url);
    closers.push(db.close);
    expect(await backfillDeskIndex(db)).toEqual({ indexed: 1, updated: 0, skipped: [] });
  });
});

describe('a double-barrelled surname is found by either part', () => {
  const found = async (text: string) => {
    const as = client({ sub: 'staff-1' });
    return new Set((await Promise.all(searchQueries(text).map((q) => runQuery(as, q)))).flat().map(([key]) => key));
  };

  it('in an order the allocator indexed', async () => {
    await ask('b1', { gig: 1 }, 'Ann Parks-Smith');
    await ask('b2', { gig: 1 }, 'Ann Smithers');
    await settle();
    const ann = deskKey('b1', O('b1'));
    for (const text of ['Smith', 'smith ann', 'Parks', 'parks-smith', 'Ann Parks-Smith']) {
      expect(await found(text), text).toContain(ann);
    }
    expect(await found('smith ann')).toEqual(new Set([ann]));
    expect(await found('Smithers')).toEqual(new Set([deskKey('b2', O('b2'))]));
  });

  it('in an index built before the second key existed: the backfill adds it to the entry, and only it', async () => {
    await server.set(NAMESPACE, '/orders', {
      u1: { o1: order('Ann Parks-Smith', 1_759_000_000_000) },
      u2: { o2: order('Ada Lovelace', 1_759_100_000_000) },
    });
    const db = adminQueueDatabase(url);
    closers.push(db.close);
    await backfillDeskIndex(db);
    // As the previous version of the index left it.
    await server.set(NAMESPACE, '/deskOrders/u1~o1/partKey', null);
    await server.set(NAMESPACE, '/deskMeta/indexed', 1);
    const before = (await read('deskOrders')) as Record<string, unknown>;
    expect(await found('smith')).toEqual(new Set());
    expect(await backfillDeskIndex(db)).toEqual({ indexed: 0, updated: 1, skipped: [] });
    expect(await found('smith')).toEqual(new Set(['u1~o1']));
    expect(await read('deskOrders')).toEqual({
      ...before,
      'u1~o1': { ...(before['u1~o1'] as object), partKey: 'smith ann' },
    });
    expect(await read('deskMeta/indexed')).toBe(INDEX_VERSION);
    // What lets the backfill add the key lets trusted code add nothing else to an entry, nor make one of it alone.
    const allocator = adminApp({ uid: 'storefront-order-allocator' });
    await expect(allocator.ref('deskOrders/u2~o2/name').set('Mallory')).rejects.toThrow(/permission/i);
    await expect(allocator.ref('deskOrders/u9~o9/partKey').set('smith ann')).rejects.toThrow(/permission/i);
  });
});

describe("the desk's queries, as staff, through the SDK", () => {
  const DAY = 86_400_000;
  const START = Date.UTC(2026, 0, 1);
  const STATUSES = ['pending', 'confirmed', 'fulfilled', 'cancelled'];

  beforeEach(async () => {
    const orders: Record<string, Record<string, unknown>> = {};
    for (let i = 0; i < 60; i++) {
      orders[`u${i}`] = {
        [`o${i}`]: order(
          i % 2 ? `Ada${i} Lovelace` : `Grace${i} Hopper`,
          START + i * DAY,
          STATUSES[i % 4],
          i === 7 ? { ref: 'K7M4QXPR', items: { mug: { title: 'Mug', price: 10, quantity: 1 } } } : {},
        ),
      };
    }
    await server.set(NAMESPACE, '/orders', orders);
    const db = adminQueueDatabase(url);
    closers.push(db.close);
    await backfillDeskIndex(db);
  });

  const staff = () => client({ sub: 'staff-1' });
  const keyOf = (i: number) => `u${i}~o${i}`;
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => keyOf(to - 1 - k));

  it('pages through every order newest first, each once', async () => {
    expect(await allPages(staff(), NO_FILTERS)).toEqual(range(0, 60));
  });

  it('filters by status, by date, by both and by event, page by page', async () => {
    const as = staff();
    const confirmed = (await allPages(as, { ...NO_FILTERS, status: 'confirmed' })).sort();
    expect(confirmed).toEqual(
      range(0, 60)
        .filter((_, k) => (59 - k) % 4 === 1)
        .sort(),
    );
    const days = { ...NO_FILTERS, from: START + 10 * DAY, to: START + 40 * DAY };
    expect(await allPages(as, days)).toEqual(range(10, 40));
    expect(await allPages(as, { ...days, status: 'pending' })).toEqual(
      range(10, 40).filter((key) => +key.split('~o')[1]! % 4 === 0),
    );
    expect(await allPages(as, { ...NO_FILTERS, eventId: 'gig' })).toEqual(
      range(0, 60).filter((key) => key !== keyOf(7)),
    );
    expect(await allPages(as, { ...NO_FILTERS, eventId: 'gig', status: 'cancelled' })).toEqual(
      range(0, 60).filter((key) => +key.split('~o')[1]! % 4 === 3 && key !== keyOf(7)),
    );
  });

  it('finds orders by reference however it is typed, by name, surname and email prefix', async () => {
    const as = staff();
    const found = async (text: string) =>
      new Set((await Promise.all(searchQueries(text).map((q) => runQuery(as, q)))).flat().map(([key]) => key));
    expect([...(await found('k7m4-qxpr'))]).toEqual([keyOf(7)]);
    expect(await found('ADA1')).toEqual(new Set([keyOf(1), ...[11, 13, 15, 17, 19].map(keyOf)]));
    expect(await found('hopper grace4')).toEqual(new Set([4, 40, 42, 44, 46, 48].map(keyOf)));
    expect(await found('Lovelace')).toEqual(new Set(range(0, 60).filter((key) => +key.split('~o')[1]! % 2 === 1)));
    expect((await found('grace')).size).toBe(30);
    expect((await found('grace12@example')).size).toBe(1);
    expect((await found('nobody')).size).toBe(0);
  });
});

describe('a staff status change keeps the index in step', () => {
  let entry: DeskEntry;
  beforeEach(async () => {
    await ask('b3', { gig: 2 });
    await settle();
    entry = parseDeskEntry(await read(`deskOrders/b3~${O('b3')}`))!;
  });

  const change = (as: SdkClient, writes: Record<string, unknown>) => update(ref(as.db), writes);
  const orderStatus = { [`orders/b3/${O('b3')}/status`]: 'confirmed' };

  it('accepts the order, its entry and its event entries together', async () => {
    await change(client({ sub: 'staff-1' }), {
      ...orderStatus,
      ...deskStatusWrites(`b3~${O('b3')}`, entry, 'confirmed'),
    });
    expect(await read(`deskOrders/b3~${O('b3')}/sk`)).toBe(`confirmed~${entry.t}`);
    expect(await read(`deskEventOrders/gig/b3~${O('b3')}/status`)).toBe('confirmed');
  });

  it('refuses the order alone, the entry alone, or an entry that says another status', async () => {
    const as = client({ sub: 'staff-1' });
    const desk = deskStatusWrites(`b3~${O('b3')}`, entry, 'confirmed');
    await expect(change(as, orderStatus)).rejects.toThrow(/permission/i);
    await expect(change(as, desk)).rejects.toThrow(/permission/i);
    await expect(
      change(as, { ...orderStatus, ...deskStatusWrites(`b3~${O('b3')}`, entry, 'fulfilled') }),
    ).rejects.toThrow(/permission/i);
    await expect(
      change(as, { ...orderStatus, ...desk, [`deskEventOrders/gig/b3~${O('b3')}/status`]: 'pending' }),
    ).rejects.toThrow(/permission/i);
    await expect(change(as, { ...orderStatus, ...desk, [`deskOrders/b3~${O('b3')}/name`]: 'Someone' })).rejects.toThrow(
      /permission/i,
    );
    expect(await read(`orders/b3/${O('b3')}/status`)).toBe('pending');
  });
});

describe('nobody but staff and trusted code reads or writes the index', () => {
  beforeEach(async () => {
    await ask('b4', { gig: 1 });
    await settle();
  });

  const attempts = (as: SdkClient) => [
    () => get(ref(as.db, 'deskOrders')),
    () => get(ref(as.db, `deskOrders/b4~${O('b4')}`)),
    () => get(ref(as.db, 'deskEventOrders/gig')),
    () => get(ref(as.db, 'deskMeta')),
    () => get(query(ref(as.db, 'deskOrders'), sdk.orderByChild('emailKey'), sdk.equalTo('b4@example.com'))),
    () => update(ref(as.db), { [`deskOrders/b4~${O('b4')}/status`]: 'fulfilled' }),
    () => update(ref(as.db), { [`deskOrders/b4~${O('b4')}`]: null }),
    () => update(ref(as.db), { [`deskEventOrders/gig/b4~${O('b4')}/amount`]: 0 }),
    () => update(ref(as.db), { 'deskMeta/indexed': 99 }),
    // The one field trusted code may add to an entry: a buyer's own second surname key would make them findable
    // under another name.
    () => update(ref(as.db), { [`deskOrders/b4~${O('b4')}/partKey`]: 'smith mallory' }),
  ];

  it('refuses the buyer of the order, another buyer and tokens forged to look like staff or the allocator', async () => {
    for (const claims of [
      { sub: 'b4' },
      { sub: 'someone-else' },
      {
        sub: 'mallory',
        email: 'sam@example.com',
        role: 'staff',
        admin: true,
        firebase: { sign_in_provider: 'custom' },
      },
      { sub: 'staff-2', user_id: 'staff-1' },
    ]) {
      const as = client(claims);
      for (const attempt of attempts(as)) await expect(attempt(), claims.sub).rejects.toThrow(/permission/i);
    }
    expect(await read(`deskOrders/b4~${O('b4')}/status`)).toBe('pending');
  });

  it('refuses signed-out and forged REST calls (curl)', async () => {
    const forged = emulatorIdToken('mallory', { email: 'sam@example.com', role: 'staff', admin: true });
    for (const auth of ['', `&auth=${forged}`]) {
      const base = `http://127.0.0.1:${server.port}/deskOrders`;
      const got = await fetch(`${base}.json?ns=${NAMESPACE}${auth}`);
      expect(got.status).toBe(401);
      const put = await fetch(`${base}/b4~${O('b4')}/status.json?ns=${NAMESPACE}${auth}`, {
        method: 'PUT',
        body: '"cancelled"',
      });
      expect(put.status).toBe(401);
    }
  });

  it('refuses an entry the allocator did not write, even one copied from a real order', async () => {
    const entry = await read(`deskOrders/b4~${O('b4')}`);
    await server.set(NAMESPACE, `/deskOrders/b4~${O('b4')}`, null);
    for (const sub of ['b4', 'staff-1']) {
      await expect(update(ref(client({ sub }).db), { [`deskOrders/b4~${O('b4')}`]: entry })).rejects.toThrow(
        /permission/i,
      );
    }
  });
});
