/**
 * The allocator: drains the order queue, oldest request first, one batch (one atomic update) at a time, until
 * nothing waits. Calls while it runs join the run in progress, which reads the queue once more before it stops,
 * so a request written before any call is settled by the time that call returns. It holds no state between runs:
 * whatever dies mid-batch leaves the queue as it was, and the next call settles it
 * (docs/decisions.md#the-on-sale-rush).
 *
 * The database refuses a batch (the rules, docs/security.md#orders-are-placed-by-trusted-code) when another
 * allocator settled one of its requests first, or when the stock or a product changed since it was read; the
 * batch is then read and decided again. A batch refused again and again is halved, down to one request, and grows
 * back as batches pass, so one request the rules will never accept costs its neighbours a few refused batches,
 * not two each. That request, refused alone again and again, is taken off the queue with the answer `failed`,
 * written in the database (the buyer sees it; a restarted allocator never meets it again).
 */
import { paths } from '../../../src/firebase/paths';
import { cardPaths, readCards } from './giftCardSpend';
import { readVouchers, voucherReadPaths } from './voucherUse';
import {
  giftCardsNamed,
  giveUp,
  groupsToRead,
  productsNamed,
  readProducts,
  requestKey as key,
  settleBatch,
  type QueuedRequest,
  type ShopTerms,
  vouchersNamed,
} from './settle';
import { parsePaymentSettings } from '../../../src/features/payments/model/paymentSettings';
import { parseTaxSettings } from '../../../src/features/taxes/model';
import { DEFAULT_SITE, isCurrencyCode } from '../../../src/state/site';
import { coalescedRuns } from '../coalescedRuns';
import { parseQuotas } from '../../../src/features/catalogue/quota';
import { parseWaitingDemand, waitingListPaths } from '../../../src/features/waitinglist/model/waitingList';
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

/** A batch as read from the queue: its requests, oldest first, and their accounts' open-order slots. */
interface Gathered {
  batch: QueuedRequest[];
  slots: Map<string, unknown>;
}

const DEFAULT_BATCH = 250;
/** Refusals in a row at one batch size after which the batches are halved. */
const REFUSALS_BEFORE_HALVING = 2;
/**
 * The same request, alone at the head of the queue, refused this often in a row is given up on (answered
 * `failed`). A request another allocator settles meanwhile leaves the head, so contention never counts.
 */
const REFUSALS_BEFORE_GIVING_UP = 3;

/** The shop's payment and tax settings and its currency as read with a batch's products. */
function shopTerms(stored: ReadonlyMap<string, unknown>): ShopTerms {
  const currency = stored.get(paths.currency);
  return {
    payments: parsePaymentSettings(stored.get(paths.paymentSettings)),
    currency: isCurrencyCode(currency) ? currency : DEFAULT_SITE.currency,
    tax: parseTaxSettings(stored.get(paths.taxSettings)),
    now: Date.now(),
  };
}

export function createAllocator(db: QueueDatabase, options: AllocatorOptions = {}): Allocator {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const log = options.log ?? ((message: string) => console.error(message));

  /** The request a batch of one is trying; for telling a request the rules refuse from contention. */
  let single: { key: string; refusals: number } | null = null;

  /**
   * The oldest `limit` requests but those of the accounts in `skip` (a batch whose update is still on its way),
   * with their accounts' open-order slots.
   */
  async function gather(limit: number, skip: ReadonlySet<string> = new Set()): Promise<Gathered> {
    const queued = await db.oldestRequests(limit + skip.size);
    const batch = queued.filter((entry) => !skip.has(entry.uid)).slice(0, limit);
    const uids = [...new Set(batch.map((entry) => entry.uid))];
    const values = await db.readAll(uids.map(paths.openOrders));
    return { batch, slots: new Map(uids.map((uid) => [uid, values.get(paths.openOrders(uid))])) };
  }

  /**
   * Settles a gathered batch (of at most `limit`). While its update travels, the next batch (of `nextLimit`) is
   * read ahead, given back as `ahead`; it is only ever settled after this one is acknowledged, with the stock read
   * then (docs/performance.md#the-on-sale-rush).
   */
  async function settleOnce(
    report: RunReport,
    { batch, slots }: Gathered,
    limit: number,
    nextLimit: number,
  ): Promise<{ ahead: Promise<Gathered> | null }> {
    if (limit === 1 && single?.key !== key(batch[0]!)) single = { key: key(batch[0]!), refusals: 0 };
    if (limit === 1 && single!.refusals >= REFUSALS_BEFORE_GIVING_UP) {
      log(`allocator: the database refuses settling request ${single!.key}; it is answered "failed"`);
      await takeOff(batch[0]!);
      report.answers.failed = (report.answers.failed ?? 0) + 1;
      single = null;
      return { ahead: null };
    }
    const productIds = productsNamed(batch);
    const codes = giftCardsNamed(batch);
    const voucherCodes = vouchersNamed(batch);
    // The shop holds few quotas: all of them are read with the products, and so are the gift cards the requests
    // pay with, the vouchers they name and the places people wait for, so no second round trip is needed.
    const stored = await db.readAll([
      ...productIds.map(paths.product),
      paths.paymentSettings,
      paths.currency,
      paths.taxSettings,
      paths.quotas,
      ...cardPaths(codes),
      ...voucherReadPaths(voucherCodes),
      waitingListPaths.demand,
    ]);
    const products = readProducts(new Map(productIds.map((id) => [id, stored.get(paths.product(id))])));
    // A type sold without its group's first product in the batch: that product is read too (its tickets go there).
    const groups = groupsToRead(products);
    if (groups.length > 0) {
      const more = await db.readAll(groups.map(paths.product));
      for (const [id, group] of readProducts(new Map(groups.map((id) => [id, more.get(paths.product(id))]))))
        products.set(id, group);
    }
    const quotas = parseQuotas(stored.get(paths.quotas)).quotas;
    const left = new Map([...quotas.values()].map((quota) => [quota.id, quota.left]));
    const cards = readCards(codes, stored);
    const vouchers = readVouchers(voucherCodes, stored);
    const waiting = parseWaitingDemand(stored.get(waitingListPaths.demand));
    const { update, decisions, rest } = settleBatch(
      batch,
      products,
      slots,
      shopTerms(stored),
      left,
      cards,
      vouchers,
      waiting,
    );
    const written = db.update(update);
    // A batch that left requests on the queue (a gift card moved twice) is followed by one read from the queue's
    // head, so those requests keep their turn.
    const ahead = rest > 0 ? null : gather(nextLimit, new Set(batch.map((entry) => entry.uid)));
    // Awaited by the next round, or dropped with this batch if it is refused.
    ahead?.catch(() => undefined);
    await written;
    report.batches++;
    for (const { answer } of decisions) {
      if (answer) report.answers[answer.kind] = (report.answers[answer.kind] ?? 0) + 1;
    }
    return { ahead };
  }

  /**
   * Takes a request off the queue with the answer `failed`. If even that is refused, its id was answered already
   * (only an admin could queue it then; the buyer has that answer) or another allocator took it: it goes without.
   */
  async function takeOff(entry: QueuedRequest): Promise<void> {
    try {
      await db.update(giveUp(entry));
    } catch (error) {
      if (!db.isRefusal(error)) throw error;
      await db.update({ [`orderQueue/${entry.uid}`]: null }).catch((again: unknown) => {
        if (!db.isRefusal(again)) throw again;
      });
    }
  }

  async function drain(report: RunReport): Promise<void> {
    let limit = batchSize;
    let refusals = 0;
    let ahead: Promise<Gathered> | null = null;
    for (;;) {
      try {
        const readAhead = ahead !== null;
        const gathered = await (ahead ?? gather(limit));
        ahead = null;
        if (gathered.batch.length === 0) {
          // Only a read made after the last update counts as the queue seen empty.
          if (readAhead) continue;
          return;
        }
        const nextLimit = Math.min(batchSize, limit * 2);
        ({ ahead } = await settleOnce(report, gathered, limit, nextLimit));
        refusals = 0;
        single = null;
        limit = nextLimit;
      } catch (error) {
        // What was read ahead of a refused batch leaves that batch's requests out: read again.
        ahead = null;
        if (!db.isRefusal(error)) throw error;
        report.refusedBatches++;
        if (limit === 1 && single) single.refusals++;
        if (++refusals >= REFUSALS_BEFORE_HALVING && limit > 1) {
          limit = Math.ceil(limit / 2);
          refusals = 0;
        }
      }
    }
  }

  return {
    settle: coalescedRuns((): RunReport => ({ batches: 0, refusedBatches: 0, answers: {} }), drain),
  };
}
