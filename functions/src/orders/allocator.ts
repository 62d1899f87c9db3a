/**
 * The allocator: drains the order queue, oldest request first, one batch (one atomic update) at a time, until
 * nothing waits. Calls while it runs join the run in progress, which reads the queue once more before it stops,
 * so a request written before any call is settled by the time that call returns. It holds no state between runs:
 * whatever dies mid-batch leaves the queue as it was, and the next call settles it
 * (docs/decisions.md#the-on-sale-rush).
 *
 * The database refuses a batch (the rules, docs/security.md#orders-are-placed-by-trusted-code) when another
 * allocator settled one of its requests first, or when the stock or a product changed since it was read; the
 * batch is then read and decided again. A batch refused again and again is settled one request at a time, so one
 * request the rules will never accept holds up nobody else.
 */
import { paths } from '../../../src/firebase/paths';
import { productsNamed, readProducts, requestKey as key, settleBatch, type QueuedRequest } from './settle';
import { coalescedRuns } from '../coalescedRuns';
import type { OrderAnswer } from '../../../src/features/orders/orderRequest';

/** What the allocator needs of the database; trusted code's own connection (adminQueueDatabase.ts). */
export interface QueueDatabase {
  /** The `limit` requests that reached orderQueue first (by their server time `at`). */
  oldestRequests(limit: number): Promise<QueuedRequest[]>;
  /** The value at each path (null where there is none). */
  readAll(paths: readonly string[]): Promise<Map<string, unknown>>;
  /** One atomic multi-path update; a refusal by the rules rejects with an error that `isRefusal` recognises. */
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

export interface AllocatorOptions {
  /** Requests settled in one update at most: bounds the update's size (about 2 KB a request with 4 tickets). */
  batchSize?: number;
  log?: (message: string) => void;
}

/** What one run did; the benchmark prints it. */
interface RunReport {
  batches: number;
  refusedBatches: number;
  answers: Partial<Record<OrderAnswer['kind'], number>>;
}

export interface Allocator {
  /** Settles every waiting request; resolves when the queue was seen empty after this call began. */
  settle(): Promise<RunReport>;
}

const DEFAULT_BATCH = 250;
/** Refusals in a row after which batches shrink to one request. */
const REFUSALS_BEFORE_SINGLES = 2;
/**
 * The same request, alone at the head of the queue, refused this often in a row is left there and reported; the
 * rest go on. (A request another allocator settles meanwhile leaves the head, so contention never counts.)
 */
const REFUSALS_BEFORE_GIVING_UP = 3;

export function createAllocator(db: QueueDatabase, options: AllocatorOptions = {}): Allocator {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const log = options.log ?? ((message: string) => console.error(message));
  /** Requests the rules refused on their own, by `uid/id`: skipped until this process restarts. */
  const stuck = new Set<string>();

  /** The request a batch of one is trying; for telling a request the rules refuse from contention. */
  let single: { key: string; refusals: number } | null = null;

  /** Settles one batch; false when the queue held nothing to settle. */
  async function settleOnce(report: RunReport, refusals: number): Promise<boolean> {
    const limit = refusals >= REFUSALS_BEFORE_SINGLES ? 1 : batchSize;
    const queued = (await db.oldestRequests(limit + stuck.size)).filter((entry) => !stuck.has(key(entry)));
    const batch = queued.slice(0, limit);
    if (batch.length === 0) return false;
    if (limit === 1 && single?.key !== key(batch[0]!)) single = { key: key(batch[0]!), refusals: 0 };
    const productIds = productsNamed(batch);
    const uids = [...new Set(batch.map((entry) => entry.uid))];
    const values = await db.readAll([...productIds.map(paths.product), ...uids.map(paths.openOrders)]);
    const products = readProducts(new Map(productIds.map((id) => [id, values.get(paths.product(id))])));
    const slots = new Map(uids.map((uid) => [uid, values.get(paths.openOrders(uid))]));
    const { update, decisions } = settleBatch(batch, products, slots);
    await db.update(update);
    report.batches++;
    for (const { answer } of decisions) {
      if (answer) report.answers[answer.kind] = (report.answers[answer.kind] ?? 0) + 1;
    }
    return true;
  }

  async function drain(report: RunReport): Promise<void> {
    let refusals = 0;
    for (;;) {
      try {
        if (!(await settleOnce(report, refusals))) return;
        refusals = 0;
        single = null;
      } catch (error) {
        if (!db.isRefusal(error)) throw error;
        report.refusedBatches++;
        refusals++;
        if (single && ++single.refusals >= REFUSALS_BEFORE_GIVING_UP) {
          stuck.add(single.key);
          log(`allocator: the database refuses settling request ${single.key}; it stays queued (${String(error)})`);
          single = null;
          refusals = 0;
        }
      }
    }
  }

  return {
    settle: coalescedRuns((): RunReport => ({ batches: 0, refusedBatches: 0, answers: {} }), drain),
  };
}
