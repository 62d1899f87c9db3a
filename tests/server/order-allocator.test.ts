/**
 * The allocator (functions/src/orders/) against the real local database with the shop's rules, through
 * firebase-admin as in production: buyers' requests written as those buyers (judged by the rules), settled first
 * come first served in batches; and what must hold when it is called twice at once, runs twice side by side, dies
 * before or after a batch, or finds the stock changed under it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminQueueDatabase } from '../../functions/src/orders/adminQueueDatabase';
import { createAllocator, type QueueDatabase } from '../../functions/src/orders/allocator';
import type { ShopLanguage } from '../../src/i18n/languages';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { requestRecord } from '../../src/features/orders/orderRequest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { gigEvent } from './support/gigEvent';
import { NAMESPACE, startTestServer } from './support/protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');
const product = (stock: number | null, extra: Record<string, unknown> = {}) =>
  gigEvent({ ...(stock === null ? {} : { stock }), ...extra });

let server: DatabaseServer;
let url: string;
const apps: App[] = [];
const closers: (() => Promise<void>)[] = [];

/** The database as a buyer sees it: firebase-admin acting as that uid, so the rules judge every write. */
function asUser(uid: string) {
  const app = initializeApp({ databaseURL: url, databaseAuthVariableOverride: { uid } }, `buyer-${uid}-${apps.length}`);
  apps.push(app);
  return getDatabase(app);
}

function admin() {
  const app = initializeApp({ databaseURL: url }, `admin-${apps.length}`);
  apps.push(app);
  return getDatabase(app);
}

function queueDatabase(): QueueDatabase {
  const db = adminQueueDatabase(url);
  closers.push(db.close);
  return db;
}

/** Buyer `uid` asks for `lines` under request id `id`, as the app does (one update with the rate stamp). */
async function ask(
  uid: string,
  lines: Record<string, number>,
  id = `request-${uid}`,
  language: ShopLanguage | null = null,
): Promise<void> {
  const db = asUser(uid);
  const wanted = Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity }));
  await db.ref().update({
    [`orderQueue/${uid}`]: requestRecord(
      id,
      wanted,
      { name: `Buyer ${uid}`, email: `${uid}@example.com` },
      ServerValue.TIMESTAMP,
      { method: 'door', ...(language ? { language } : {}) },
    ),
    [`orderRate/${uid}`]: ServerValue.TIMESTAMP,
  });
}

async function read(path: string): Promise<unknown> {
  return (await admin().ref(path).get()).val();
}

/** Everything the shop's integrity depends on, read back from the database. */
async function ledger(productId: string) {
  const orders = ((await read('orders')) ?? {}) as Record<
    string,
    Record<string, { items: Record<string, { quantity: number }> }>
  >;
  const answers = ((await read('orderAnswers')) ?? {}) as Record<string, Record<string, { kind: string }>>;
  const tickets = Object.keys(((await read(`tickets/${productId}`)) ?? {}) as object).length;
  let sold = 0;
  for (const byUser of Object.values(orders))
    for (const order of Object.values(byUser)) sold += order.items[productId]?.quantity ?? 0;
  const kinds: Record<string, number> = {};
  let answerCount = 0;
  for (const byUser of Object.values(answers)) {
    for (const answer of Object.values(byUser)) {
      kinds[answer.kind] = (kinds[answer.kind] ?? 0) + 1;
      answerCount++;
    }
  }
  return {
    sold,
    tickets,
    kinds,
    answerCount,
    stock: await read(`products/${productId}/stock`),
    queued: await read('orderQueue'),
  };
}

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  url = `http://127.0.0.1:${server.port}?ns=${NAMESPACE}`;
});

beforeEach(async () => {
  await server.set(NAMESPACE, '/', {
    products: { gig: product(10), mug: product(null, { date: null, title: 'Mug' }) },
  });
});

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await server.close();
});

describe('the allocator against the real database and rules', () => {
  it('settles a rush first come first served: every ticket sold, every buyer answered, nothing oversold', async () => {
    // 8 buyers × 2 for 10 tickets, one after another so their arrival order is known.
    for (let i = 0; i < 8; i++) await ask(`b${i}`, { gig: 2 });
    const report = await createAllocator(queueDatabase(), { batchSize: 3 }).settle();
    const after = await ledger('gig');
    expect(after).toMatchObject({ sold: 10, tickets: 10, stock: 0, queued: null, answerCount: 8 });
    expect(after.kinds).toEqual({ ordered: 5, short: 3 });
    // The first five to arrive are the five served.
    for (let i = 0; i < 8; i++) {
      const answer = (await read(`orderAnswers/b${i}/request-b${i}`)) as { kind: string; left?: unknown };
      expect(answer.kind).toBe(i < 5 ? 'ordered' : 'short');
      if (i >= 5) expect(answer.left).toEqual({ gig: 0 });
    }
    expect(report.batches).toBe(3);
    expect(report.refusedBatches).toBe(0);
  });

  it('a buyer who asks for more than is left is told how many, and the next who asks for no more gets them', async () => {
    await ask('first', { gig: 9 });
    await ask('greedy', { gig: 3 });
    await ask('modest', { gig: 1 });
    await createAllocator(queueDatabase()).settle();
    expect(await read('orderAnswers/greedy/request-greedy')).toMatchObject({ kind: 'short', left: { gig: 1 } });
    expect(await read('orderAnswers/modest/request-modest')).toMatchObject({ kind: 'ordered' });
    expect((await ledger('gig')).stock).toBe(0);
  });

  it('called many times at once, and by two allocators side by side, each request is settled exactly once', async () => {
    for (let i = 0; i < 12; i++) await ask(`c${i}`, { gig: 1 });
    const one = createAllocator(queueDatabase(), { batchSize: 2 });
    const two = createAllocator(queueDatabase(), { batchSize: 2 });
    await Promise.all([one.settle(), one.settle(), two.settle(), two.settle(), one.settle()]);
    const after = await ledger('gig');
    expect(after).toMatchObject({ sold: 10, tickets: 10, stock: 0, queued: null, answerCount: 12 });
    expect(after.kinds).toEqual({ ordered: 10, short: 2 });
  });

  it('an allocator that dies before its batch arrives leaves the queue as it was; the next settles it', async () => {
    for (let i = 0; i < 4; i++) await ask(`d${i}`, { gig: 2 });
    const real = queueDatabase();
    const dying: QueueDatabase = { ...real, update: () => Promise.reject(new Error('process killed')) };
    await expect(createAllocator(dying).settle()).rejects.toThrow('process killed');
    expect(Object.keys((await read('orderQueue')) as object)).toHaveLength(4);
    await createAllocator(queueDatabase()).settle();
    expect(await ledger('gig')).toMatchObject({ sold: 8, stock: 2, queued: null, answerCount: 4 });
  });

  it('a batch delivered again after it was applied (the answer to it was lost) changes nothing', async () => {
    for (let i = 0; i < 3; i++) await ask(`e${i}`, { gig: 3 });
    const real = queueDatabase();
    let replay: Record<string, unknown> | undefined;
    const losesAnswer: QueueDatabase = {
      ...real,
      update: async (update) => {
        replay = update;
        await real.update(update);
        throw new Error('connection lost after sending');
      },
    };
    await expect(createAllocator(losesAnswer).settle()).rejects.toThrow('connection lost');
    // The same update arriving a second time is refused whole: its requests are no longer queued.
    await expect(real.update(replay!)).rejects.toThrow(/permission/i);
    await createAllocator(queueDatabase()).settle();
    expect(await ledger('gig')).toMatchObject({ sold: 9, tickets: 9, stock: 1, queued: null, answerCount: 3 });
  });

  it('reads the next batch while one is being written, and never settles a request twice or out of turn', async () => {
    // Each update is held until the next batch has been read, so every read ahead still finds the batch on its
    // way in the queue (the worst case for it): it must leave that batch's requests out.
    for (let i = 0; i < 8; i++) await ask(`r${i}`, { gig: 2 });
    const real = queueDatabase();
    let reads = 0;
    let readAgain = () => {};
    const held: QueueDatabase = {
      ...real,
      oldestRequests: async (limit) => {
        const found = await real.oldestRequests(limit);
        reads++;
        readAgain();
        return found;
      },
      update: async (update) => {
        const before = reads;
        await new Promise<void>((resolve) => {
          readAgain = () => reads > before && resolve();
          readAgain();
        });
        await real.update(update);
      },
    };
    const report = await createAllocator(held, { batchSize: 3 }).settle();
    expect(report.refusedBatches).toBe(0);
    const after = await ledger('gig');
    expect(after).toMatchObject({ sold: 10, tickets: 10, stock: 0, queued: null, answerCount: 8 });
    for (let i = 0; i < 8; i++) {
      expect((await read(`orderAnswers/r${i}/request-r${i}`)) as { kind: string }).toMatchObject({
        kind: i < 5 ? 'ordered' : 'short',
      });
    }
  });

  it('a batch decided on stale stock (staff lowered it meanwhile) is refused and decided again', async () => {
    for (let i = 0; i < 3; i++) await ask(`f${i}`, { gig: 2 });
    const real = queueDatabase();
    let first = true;
    const slow: QueueDatabase = {
      ...real,
      update: async (update) => {
        if (first) {
          first = false;
          await admin().ref('products/gig/stock').set(3);
        }
        await real.update(update);
      },
    };
    const report = await createAllocator(slow).settle();
    expect(report.refusedBatches).toBe(1);
    const after = await ledger('gig');
    expect(after).toMatchObject({ sold: 2, stock: 1, answerCount: 3 });
    expect(after.kinds).toEqual({ ordered: 1, short: 2 });
  });

  it('a request the rules will never accept is answered "failed", taken off and reported; everyone behind it is answered', async () => {
    // Only an admin could make this: an order already where the request's order would go.
    await admin()
      .ref()
      .update({ [`orders/p/${orderIdFor('p', 'request-p')}`]: { status: 'pending' } });
    await ask('p', { gig: 1 }, 'request-p');
    await ask('q1', { gig: 1 });
    await ask('q2', { gig: 1 });
    const logged: string[] = [];
    await createAllocator(queueDatabase(), { log: (line) => logged.push(line) }).settle();
    expect(await read('orderAnswers/q1/request-q1')).toMatchObject({ kind: 'ordered' });
    expect(await read('orderAnswers/q2/request-q2')).toMatchObject({ kind: 'ordered' });
    expect(await read('orderAnswers/p/request-p')).toMatchObject({ kind: 'failed' });
    expect(await read('orderQueue')).toBeNull();
    expect(logged).toEqual([expect.stringContaining('refuses settling request p/request-p')]);
  });

  it('orders hold the catalogue price and the buyer’s details, in an open-order slot, with one ticket per unit', async () => {
    await ask('g', { gig: 2, mug: 1 });
    await createAllocator(queueDatabase()).settle();
    const id = orderIdFor('g', 'request-g');
    expect(await read('orderAnswers/g/request-g')).toMatchObject({ kind: 'ordered', order: id });
    expect(await read(`orders/g/${id}`)).toMatchObject({
      items: { gig: { title: 'Gig', price: 10, quantity: 2 }, mug: { title: 'Mug', price: 10, quantity: 1 } },
      total: 30,
      status: 'pending',
      contact: { name: 'Buyer g', email: 'g@example.com' },
    });
    expect(await read('openOrders/g')).toEqual({ a: id });
    expect(Object.keys((await read('tickets/gig')) as object).sort()).toEqual([`${id}-0`, `${id}-1`]);
  });

  it('an order records the language its buyer read the shop in; one asked for before languages records none', async () => {
    await ask('d', { gig: 1 }, 'request-d', 'de-DE');
    await ask('e', { gig: 1 }, 'request-e');
    await createAllocator(queueDatabase()).settle();
    expect(await read(`orders/d/${orderIdFor('d', 'request-d')}/language`)).toBe('de-DE');
    expect(await read(`orders/e/${orderIdFor('e', 'request-e')}`)).not.toHaveProperty('language');
  });

  it('a fourth open order is refused as a limit, and the buyer cannot queue again within 2 seconds', async () => {
    await admin().ref('openOrders/h').set({ a: 'x1', b: 'x2', c: 'x3' });
    await ask('h', { mug: 1 });
    await createAllocator(queueDatabase()).settle();
    expect(await read('orderAnswers/h/request-h')).toMatchObject({ kind: 'open-orders-limit' });
    await expect(ask('h', { mug: 1 }, 'request-h-again')).rejects.toThrow(/permission/i);
  });
});
