/**
 * What staff ask of the waiting list, applied by trusted code (docs/waiting-list.md#on-the-desk): an entry offered
 * its places now, or taken off the list. Each request is applied in one update that takes it off the queue with its
 * answer (answeredQueue.ts, as the gift card desk's requests are).
 *
 * - `offer` makes the very offer the minute job makes (offers.ts), whether or not offers go out by themselves, for an
 *   entry still waiting whose places are free (stock and quotas left); staff may pass over those ahead of it. An
 *   offer decided from a stale reading (the places sold meanwhile) is refused whole by the rules and decided again.
 * - `skip` takes a waiting entry out of line, as leaving by its link does (join.ts): its places are no longer wanted,
 *   and the email it was still owed is not sent.
 */
import { parseProduct } from '../../../src/features/catalogue/product';
import { parseQuotas, unitsLeft } from '../../../src/features/catalogue/quota';
import { paths } from '../../../src/firebase/paths';
import { DEFAULT_SITE, isCurrencyCode } from '../../../src/state/site';
import {
  parseWaitingDeskRequest,
  waitingListDeskPaths,
  type WaitingDeskOutcome,
} from '../../../src/features/waitinglist/model/deskRequests';
import {
  parseWaitingEntry,
  parseWaitingListSettings,
  entryWrites,
  waitingListPaths,
  type WaitingEntry,
} from '../../../src/features/waitinglist/model/waitingList';
import { applyDecided, queueApplier, type QueueReport } from '../answeredQueue';
import { SERVER_TIME, type PaymentsDatabase } from '../payments/settlePayment';
import { demandWrites } from './join';
import { offerWrites } from './offers';

export interface WaitingDeskDatabase extends PaymentsDatabase {
  /** Up to `limit` queued requests, oldest first. */
  oldestWaitingListRequests(limit: number): Promise<{ key: string; raw: unknown }[]>;
}

export type WaitingDeskReport = QueueReport<WaitingDeskOutcome['kind']>;

const HOUR = 3_600_000;

function answered(id: string, outcome: WaitingDeskOutcome, writes: Record<string, unknown> = {}) {
  return {
    outcome,
    update: {
      ...writes,
      [waitingListDeskPaths.request(id)]: null,
      [waitingListDeskPaths.answer(id)]: { ...outcome, at: SERVER_TIME },
    },
  };
}

/** The writes that take waiting `entry` out of line: gone, its places no longer wanted, no email owed. */
function skipWrites(entry: WaitingEntry): Record<string, unknown> {
  return { ...entryWrites(entry, { state: 'left', mail: null }), ...demandWrites(entry, -1) };
}

async function decide(
  db: PaymentsDatabase,
  id: string,
  raw: unknown,
  now: () => number,
): Promise<{ update: Record<string, unknown>; outcome: WaitingDeskOutcome }> {
  const request = parseWaitingDeskRequest(raw);
  // The rules let no other request be queued: one that cannot be read names no entry this code can find.
  if (!request) return answered(id, { kind: 'not-found' });
  const entryPath = waitingListPaths.entry(request.product, request.entry);
  const productPath = paths.product(request.product);
  const read = await db.readAll([entryPath, productPath, paths.quotas, paths.currency, waitingListPaths.settings]);
  const entry = parseWaitingEntry(request.product, request.entry, read.get(entryPath));
  if (!entry) return answered(id, { kind: 'not-found' });
  if (entry.state !== 'waiting') return answered(id, { kind: 'not-waiting' });
  if (request.kind === 'skip') return answered(id, { kind: 'skipped' }, skipWrites(entry));
  const rawProduct = read.get(productPath);
  const parsed = rawProduct == null ? null : parseProduct(request.product, rawProduct);
  const product = parsed && 'product' in parsed ? parsed.product : null;
  // Off sale, an offer could buy nothing: as if no places were free.
  if (!product?.active) return answered(id, { kind: 'no-places' });
  const quotas = new Map([...parseQuotas(read.get(paths.quotas)).quotas.values()].map((q) => [q.id, q.left]));
  const free = unitsLeft(product, quotas);
  if (free !== null && free < entry.quantity) return answered(id, { kind: 'no-places' });
  const rawCurrency = read.get(paths.currency);
  const currency = isCurrencyCode(rawCurrency) ? rawCurrency : DEFAULT_SITE.currency;
  const { hours } = parseWaitingListSettings(read.get(waitingListPaths.settings));
  const until = now() + hours * HOUR;
  return answered(id, { kind: 'offered' }, offerWrites(entry, product, currency, until));
}

/** Requests looked at per query. */
const PAGE = 50;

/** Applies every queued request; calls while a run goes join it. */
export function waitingDeskApplier(
  db: WaitingDeskDatabase,
  now: () => number = Date.now,
): () => Promise<WaitingDeskReport> {
  return queueApplier(
    (limit) => db.oldestWaitingListRequests(limit),
    PAGE,
    (id, raw) => applyDecided(db, () => decide(db, id, raw, now)),
  );
}
