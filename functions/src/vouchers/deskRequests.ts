/**
 * Vouchers staff make on the desk that hold places (docs/vouchers.md#staff-holding-places), applied by trusted code:
 * each request is applied in one update that writes the voucher with its hold, takes the places from the product's
 * stock and the quotas it draws on (newHoldWrites), and takes the request off the queue with its answer
 * (answeredQueue.ts, as the gift card desk's and the waiting list desk's requests are).
 *
 * A hold takes only what the public could buy: the places people on the waiting list want are theirs
 * (docs/waiting-list.md#before-the-public), so they are counted off what is left, as the allocator counts them. A hold
 * decided from a stale reading (places sold meanwhile, or the code taken) is refused whole by the rules (a stock or a
 * quota below nothing; a voucher's `created` never changes) and decided again from a fresh one.
 */
import { parseProduct } from '../../../src/features/catalogue/product';
import { parseQuotas, publicUnitsLeft } from '../../../src/features/catalogue/quota';
import { paths } from '../../../src/firebase/paths';
import {
  parseVoucherHoldRequest,
  voucherDeskPaths,
  type VoucherDeskOutcome,
} from '../../../src/features/vouchers/model/deskRequests';
import { newVoucherRecord, voucherPaths } from '../../../src/features/vouchers/model/voucher';
import { parseWaitingDemand, waitingListPaths } from '../../../src/features/waitinglist/model/waitingList';
import { applyDecided, queueApplier, type QueueReport } from '../answeredQueue';
import { SERVER_TIME, type PaymentsDatabase } from '../payments/settlePayment';
import { newHoldWrites } from './heldPlaces';

export interface VoucherDeskDatabase extends PaymentsDatabase {
  /** Up to `limit` queued requests, oldest first. */
  oldestVoucherRequests(limit: number): Promise<{ key: string; raw: unknown }[]>;
}

export type VoucherDeskReport = QueueReport<VoucherDeskOutcome['kind']>;

function answered(id: string, outcome: VoucherDeskOutcome, writes: Record<string, unknown> = {}) {
  return {
    outcome,
    update: {
      ...writes,
      [voucherDeskPaths.request(id)]: null,
      [voucherDeskPaths.answer(id)]: { ...outcome, at: SERVER_TIME },
    },
  };
}

async function decide(
  db: PaymentsDatabase,
  id: string,
  raw: unknown,
): Promise<{ update: Record<string, unknown>; outcome: VoucherDeskOutcome }> {
  const request = parseVoucherHoldRequest(raw);
  // The rules let no other request be queued.
  if (!request) return answered(id, { kind: 'invalid' });
  const { code, places } = request;
  const target = request.terms.target!;
  const voucherPath = voucherPaths.voucher(code);
  const productPath = paths.product(target);
  const read = await db.readAll([voucherPath, productPath, paths.quotas, waitingListPaths.demand]);
  if (read.get(voucherPath) != null) return answered(id, { kind: 'taken', code });
  const rawProduct = read.get(productPath);
  const parsed = rawProduct == null ? null : parseProduct(target, rawProduct);
  const product = parsed && 'product' in parsed ? parsed.product : null;
  // No voucher applies to a gift card (docs/vouchers.md#what-it-applies-to): there is nothing of it to hold.
  if (!product || product.giftCard) return answered(id, { kind: 'not-found' });
  const quotas = new Map([...parseQuotas(read.get(paths.quotas)).quotas.values()].map((q) => [q.id, q.left]));
  const left = publicUnitsLeft(product, quotas, parseWaitingDemand(read.get(waitingListPaths.demand)));
  if (left !== null && left < places) return answered(id, { kind: 'not-enough', left });
  const record = newVoucherRecord(request.terms, SERVER_TIME);
  return answered(id, { kind: 'held', code, places }, newHoldWrites(code, record, product, places));
}

/** Requests looked at per query. */
const PAGE = 50;

/** Applies every queued request; calls while a run goes join it. */
export function voucherDeskApplier(db: VoucherDeskDatabase): () => Promise<VoucherDeskReport> {
  return queueApplier(
    (limit) => db.oldestVoucherRequests(limit),
    PAGE,
    (id, raw) => applyDecided(db, () => decide(db, id, raw)),
  );
}
