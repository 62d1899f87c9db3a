/**
 * The poisoning probe (issue 30, break 1): dishonest buyers, each an ordinary account with the firebase SDK, plant
 * requests meant to stall the on-sale queue while honest buyers rush, against the real local database, the shop's
 * rules and the allocator as trusted code runs it. Planted: requests reusing the ids other accounts already
 * ordered under, and pairs of accounts choosing the same fresh id at once (also an honest buyer's). Every honest
 * buyer must be answered by one run of the allocator with no batch refused (so no slower than an unpoisoned
 * rush: the time itself is bench/rush.ts's figure), and every planted request answered and off the queue.
 * docs/security.md#orders-are-placed-by-trusted-code says why nothing a buyer chooses can collide.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { ref, serverTimestamp, update } from 'firebase/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminQueueDatabase } from '../../functions/src/orders/adminQueueDatabase';
import { createAllocator } from '../../functions/src/orders/allocator';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { parseAnswer, requestRecord, type OrderAnswer } from '../../src/features/orders/orderRequest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { gigEvent } from './support/gigEvent';
import { NAMESPACE, sdkClient, startTestServer, type SdkClient } from './support/protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');
const STOCK = 60;
const EVENT = gigEvent({ stock: STOCK });

let server: DatabaseServer;
let url: string;
let adminApp: App;
const clients: SdkClient[] = [];

/** Buyer `uid`'s own firebase SDK client, signed in as them. */
function buyer(uid: string): SdkClient {
  const client = sdkClient(server, { user: { sub: uid, user_id: uid, firebase: { sign_in_provider: 'anonymous' } } });
  clients.push(client);
  return client;
}

/** `uid` queues request `id` for `quantity` tickets, as the app does (with the rate stamp, in one update). */
function ask(client: SdkClient, uid: string, id: string, quantity = 1): Promise<void> {
  return update(ref(client.db), {
    [`orderQueue/${uid}`]: requestRecord(
      id,
      [{ productId: 'gig', quantity }],
      { name: `Buyer ${uid}`, email: `${uid}@example.com` },
      serverTimestamp(),
      { method: 'door' },
    ),
    [`orderRate/${uid}`]: serverTimestamp(),
  });
}

async function read(path: string): Promise<unknown> {
  return (await getDatabase(adminApp).ref(path).get()).val();
}

async function answerOf(uid: string, id: string): Promise<OrderAnswer | null> {
  return parseAnswer(await read(`orderAnswers/${uid}/${id}`));
}

/** One run of a fresh allocator (a fresh process, as after a restart): its report. */
async function settle(log?: (line: string) => void) {
  const db = adminQueueDatabase(url);
  try {
    return await createAllocator(db, { batchSize: 25, ...(log ? { log } : {}) }).settle();
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  url = `http://127.0.0.1:${server.port}?ns=${NAMESPACE}`;
  adminApp = initializeApp({ databaseURL: url }, 'poisoning-admin');
});

beforeEach(async () => {
  await server.set(NAMESPACE, '/', { products: { gig: EVENT } });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await deleteApp(adminApp);
  await server.close();
});

describe('the poisoning probe: planted and colliding requests during a rush', () => {
  it('every honest buyer and every planted request is answered in one run, with no batch refused', async () => {
    // Earlier orders, whose ids the attackers will reuse.
    const victims = ['v0', 'v1', 'v2', 'v3', 'v4'];
    await Promise.all(victims.map((uid) => ask(buyer(uid), uid, `victim-order-${uid}`, 2)));
    expect((await settle()).refusedBatches).toBe(0);
    for (const uid of victims) expect((await answerOf(uid, `victim-order-${uid}`))?.kind).toBe('ordered');

    // The rush: 40 honest buyers, and among them attackers planting what the issue found.
    const honest = Array.from({ length: 40 }, (_, i) => `h${String(i).padStart(2, '0')}`);
    const planted: { uid: string; id: string }[] = [
      // Reusing the id another account already ordered under.
      ...victims.map((uid, i) => ({ uid: `reuse${i}`, id: `victim-order-${uid}` })),
      // Two accounts choosing the same fresh id at once.
      { uid: 'twin-a', id: 'fresh-id-chosen-twice' },
      { uid: 'twin-b', id: 'fresh-id-chosen-twice' },
      // An honest buyer's fresh id, chosen by someone else at the same moment.
      { uid: 'copycat', id: 'honest-h07' },
    ];
    await Promise.all([
      ...honest.map((uid) => ask(buyer(uid), uid, `honest-${uid}`)),
      ...planted.map(({ uid, id }) => ask(buyer(uid), uid, id)),
    ]);

    const report = await settle();
    expect(await read('orderQueue')).toBeNull();
    for (const uid of honest) {
      expect(['ordered', 'short'], uid).toContain((await answerOf(uid, `honest-${uid}`))?.kind);
    }
    for (const { uid, id } of planted) expect(await answerOf(uid, id), uid).not.toBeNull();
    expect(report.refusedBatches).toBe(0);

    // Nothing sold twice or lost: every ticket belongs to an order of its holder, one per unit sold.
    const orders = (await read('orders')) as Record<string, Record<string, { items: { gig: { quantity: number } } }>>;
    const sold = Object.values(orders)
      .flatMap((byUser) => Object.values(byUser))
      .reduce((sum, order) => sum + order.items.gig.quantity, 0);
    const tickets = (await read('tickets/gig')) as Record<string, { uid: string; order: string }>;
    expect(Object.keys(tickets)).toHaveLength(sold);
    for (const ticket of Object.values(tickets)) expect(orders[ticket.uid]?.[ticket.order]).toBeDefined();
    expect(await read('products/gig/stock')).toBe(STOCK - sold);

    // A restarted allocator finds nothing left behind.
    expect(await settle()).toMatchObject({ batches: 0, refusedBatches: 0 });
  });

  it('a request that can never settle is answered "failed" and taken off, in the database; the rest are served', async () => {
    // Two ways a request can be one the rules refuse to settle whatever the allocator does: a catalogue where one
    // order of the most allowed adds up beyond what an order's total may be, and (only an admin could) an order
    // already where this request's order would go.
    const goods = { date: null, price: 1_000_000, maxPerOrder: 1000, stock: 5000 };
    await server.set(NAMESPACE, '/products/dear', gigEvent({ ...goods, title: 'Dear' }));
    await server.set(NAMESPACE, '/products/dearer', gigEvent({ ...goods, title: 'Dearer' }));
    await server.set(NAMESPACE, `/orders/planted/${orderIdFor('planted', 'planted-request')}`, { status: 'pending' });
    const honest = Array.from({ length: 30 }, (_, i) => `g${String(i).padStart(2, '0')}`);
    const heavy = buyer('heavy');
    await Promise.all([
      ...honest.slice(0, 10).map((uid) => ask(buyer(uid), uid, `honest-${uid}`)),
      ask(buyer('planted'), 'planted', 'planted-request'),
    ]);
    await update(ref(heavy.db), {
      'orderQueue/heavy': requestRecord(
        'heavy-request',
        [
          { productId: 'dear', quantity: 1000 },
          { productId: 'dearer', quantity: 1000 },
        ],
        { name: 'Heavy', email: 'heavy@example.com' },
        serverTimestamp(),
        { method: 'door' },
      ),
      'orderRate/heavy': serverTimestamp(),
    });
    await Promise.all(honest.slice(10).map((uid) => ask(buyer(uid), uid, `honest-${uid}`)));

    const logged: string[] = [];
    const report = await settle((line) => logged.push(line));
    expect(await read('orderQueue')).toBeNull();
    for (const uid of honest) expect((await answerOf(uid, `honest-${uid}`))?.kind, uid).toBe('ordered');
    expect(await answerOf('heavy', 'heavy-request')).toEqual({ kind: 'failed' });
    expect(await answerOf('planted', 'planted-request')).toEqual({ kind: 'failed' });
    expect(report.answers).toMatchObject({ ordered: 30, failed: 2 });
    expect(logged).toHaveLength(2);
    // Halving finds each: far fewer refused batches than the two per honest request behind it it used to cost.
    expect(report.refusedBatches).toBeLessThan(30);
    // Persistently: a restarted allocator does not meet them again, and they cannot be queued again.
    expect(await settle()).toMatchObject({ batches: 0, refusedBatches: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await expect(ask(heavy, 'heavy', 'heavy-request')).rejects.toThrow(/permission/i);
  });
});
