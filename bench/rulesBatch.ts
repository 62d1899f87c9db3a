/**
 * What the database's rules cost for one allocator batch, without the network or the disk: the shop's rules
 * (database.rules.json, compiled by server/rules/) judge one settled batch of the order queue (`settleBatch`, as
 * the allocator builds it: orders, tickets, references, links, mail jobs, the desk's index, answers) in the
 * server's core, as `Database.prepare` does for every write. The rush's profile put most of the database's CPU
 * here (docs/performance.md#the-on-sale-rush).
 *
 *   npx tsx bench/rulesBatch.ts [requests per batch = 250] [repeats = 15]   (also `npx tsx bench/rush.ts rules`)
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { productsNamed, readProducts, settleBatch, type QueuedRequest } from '../functions/src/orders/settle';
import { Database } from '../server/core/database';
import type { ExportJson } from '../server/core/model';
import { MemoryPersistence } from '../server/persistence/memory';
import { compileRules } from '../server/rules/index';
import { ALLOCATOR_UID, requestRecord } from '../src/features/orders/orderRequest';
import { DEFAULT_PAYMENT_SETTINGS } from '../src/features/payments/model/paymentSettings';
import { parseTaxSettings } from '../src/features/taxes/model';
import { percentile } from './liveApp';

const NS = 'bench';
const RULES = readFileSync(fileURLToPath(new URL('../database.rules.json', import.meta.url)), 'utf8');
const NOW = Date.now();

/** The namespace as the allocator finds it: an event of 1,000 and `count` requests of 1–4 tickets waiting. */
function waitingQueue(count: number): { tree: ExportJson; queued: QueuedRequest[] } {
  const event = {
    title: 'Rush',
    price: 10,
    description: '',
    image: '',
    category: 'Events',
    active: true,
    stock: 1000,
    date: '2027-06-01T19:00:00Z',
  };
  const queue: Record<string, ExportJson> = {};
  const rate: Record<string, ExportJson> = {};
  const queued: QueuedRequest[] = [];
  for (let i = 0; i < count; i++) {
    const uid = `buyer${String(i).padStart(5, '0')}xxxxxxxxxxxxxxxxxx`;
    const raw = requestRecord(
      `-Request${String(i).padStart(12, '0')}`,
      [{ productId: 'rush', quantity: 1 + (i % 4) }],
      { name: `Buyer ${i}`, email: `buyer${i}@example.com` },
      NOW - count + i,
      { method: 'door', language: 'en-GB' },
    ) as Record<string, ExportJson>;
    queue[uid] = raw;
    rate[uid] = NOW - count + i;
    queued.push({ uid, raw });
  }
  return { tree: { products: { rush: event }, orderQueue: queue, orderRate: rate }, queued };
}

/** Judges one settled batch of `requests` requests `repeats` times; the figures, printed by the caller. */
export function runRulesBatchBench(requests = 250, repeats = 15) {
  const { tree, queued } = waitingQueue(requests);
  const stored = (tree as { products: Record<string, unknown> }).products;
  const products = readProducts(new Map(productsNamed(queued).map((id) => [id, stored[id]])));
  const terms = { payments: DEFAULT_PAYMENT_SETTINGS, currency: 'GBP', tax: parseTaxSettings(undefined), now: NOW };
  const { update } = settleBatch(queued, products, new Map(), terms);
  const database = new Database(new MemoryPersistence(), new Map([[NS, tree]]), compileRules(RULES));
  const allocator = { admin: false, auth: { uid: ALLOCATOR_UID, provider: 'custom', token: {} } } as const;
  const times: number[] = [];
  let outcome = '';
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    const prepared = database.prepare(NS, allocator, { kind: 'merge', path: [], children: update });
    times.push(performance.now() - started);
    outcome = 'status' in prepared ? prepared.message : 'allowed';
  }
  times.sort((a, b) => a - b);
  return {
    requests,
    paths: Object.keys(update).length,
    outcome,
    msPerBatch: {
      median: Math.round(percentile(times, 50)),
      min: Math.round(times[0]!),
      max: Math.round(times.at(-1)!),
    },
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(runRulesBatchBench(Number(process.argv[2] ?? 250), Number(process.argv[3] ?? 15))));
}
