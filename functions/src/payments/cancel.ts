/**
 * Staff cancel an order (docs/payments.md#the-order-lifecycle). The desk queues a request (orderCancels/{id}, written
 * only by staff as themselves); trusted code applies it in one update: the order closed as a lapse closes it (its
 * places back on sale at once, its tickets void, its slot freed: closeOrder.ts), who cancelled it kept on the order,
 * one status email, and an answer that says what the order has paid and not had back, for the desk to propose
 * refunding. Open card pages are closed first, so nobody pays for places that went back on sale; one paid at the
 * last moment is recorded and then owed back with the rest.
 *
 * Safe to run twice or side by side: the update bumps the payment summary's `v` and writes `cancelled`, which the
 * rules allow once, so an update decided from a stale reading is refused and the request read again.
 */
import { paths } from '../../../src/firebase/paths';
import { deskKey, deskPaths, parseDeskEntry, type DeskEntry } from '../../../src/features/orders/deskIndex';
import {
  cancelPaths,
  parseCancelRequest,
  type CancelOutcome,
  type CancelRequest,
} from '../../../src/features/orders/orderCancels';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { parseOrderPayment } from '../../../src/features/payments/model/orderPayment';
import { isRecord } from '../../../src/state/validation';
import { applyDecided, queueApplier, type QueueReport } from '../answeredQueue';
import type { CardPayments } from './card';
import { closeOrderWrites, readForClose } from './closeOrder';
import { giftCardBack } from '../giftcards/giveBack';
import { issuedCardPaths, issuedListPath, voidIssuedWrites } from '../giftcards/voidIssued';
import { SERVER_TIME, type PaymentsDatabase } from './settlePayment';

/** What applying cancels needs of the database: the allocator's connection (orders/adminQueueDatabase.ts). */
export interface CancelsDatabase extends PaymentsDatabase {
  /** Up to `limit` queued cancel requests, oldest first. */
  oldestCancels(limit: number): Promise<{ key: string; raw: unknown }[]>;
}

/** Requests are left queued (deferred) while the provider cannot close a card page, or the order keeps changing. */
export type CancelsReport = QueueReport<CancelOutcome['kind']>;

/** The status email's id is fixed by its order: an order is cancelled once, so it is never queued twice. */
const cancelledMessageId = (orderId: string): string => `${orderId}-cancelled`;

/** The request taken off the queue with its answer, besides `writes`. */
function answered(requestId: string, outcome: CancelOutcome, writes: Record<string, unknown> = {}) {
  return {
    outcome,
    update: {
      ...writes,
      [cancelPaths.request(requestId)]: null,
      [cancelPaths.answer(requestId)]: { ...outcome, at: SERVER_TIME },
    },
  };
}

/** The one update that applies request `requestId` to `order` (its index entry `rawEntry`, readForClose's `reads`). */
function cancelUpdate(
  requestId: string,
  request: CancelRequest,
  order: unknown,
  rawEntry: unknown,
  reads: ReadonlyMap<string, unknown>,
): { update: Record<string, unknown>; outcome: CancelOutcome } {
  const entry = parseDeskEntry(rawEntry);
  if (!isRecord(order) || !entry) return answered(requestId, { kind: 'not-found' });
  if (order.status === 'cancelled') return answered(requestId, { kind: 'already' });
  const { uid, order: orderId } = request;
  const key = deskKey(uid, orderId);
  // The gift cards it issued go with it, unless one has been spent: then it stays as it is (voidIssued.ts).
  const voided = voidIssuedWrites(request, reads);
  if (!voided) return answered(requestId, { kind: 'gift-card-spent' });
  const pay = parseOrderPayment(order.pay);
  // What a gift card paid goes back to it (docs/gift-cards.md#giving-it-back); the rest stays owed, for staff.
  const back = giftCardBack(entry, order, reads);
  const writes: Record<string, unknown> = {
    ...closeOrderWrites(key, entry, order, reads, Date.now()),
    ...back.writes,
    ...voided,
    [`${paths.order(uid, orderId)}/cancelled`]: { by: request.by, at: SERVER_TIME },
  };
  if (pay) writes[`${paths.order(uid, orderId)}/pay/v`] = pay.v + 1;
  const contact = isRecord(order.contact) ? order.contact : {};
  if (typeof contact.email === 'string' && typeof order.link === 'string') {
    const mail = { uid, order: orderId, kind: 'status' as const, status: 'cancelled' as const, to: contact.email };
    Object.assign(writes, queuedMail(cancelledMessageId(orderId), mail, SERVER_TIME));
  }
  const refund = pay ? Math.max(0, pay.paid - pay.refunded - back.amount) : 0;
  return answered(requestId, { kind: 'cancelled', refund }, writes);
}

/** What cancelling reads besides the order and its entry: what closing reads, and the cards the order issued. */
async function readForCancel(db: CancelsDatabase, entry: DeskEntry, order: unknown): Promise<Map<string, unknown>> {
  const [closing, listed] = await Promise.all([readForClose(db, entry, order), db.readAll([issuedListPath(entry)])]);
  const cards = issuedCardPaths(entry, listed);
  return new Map([...closing, ...listed, ...(cards.length > 0 ? await db.readAll(cards) : [])]);
}

/** Requests looked at per query. */
const PAGE = 50;

/** Applies every queued cancel request; calls while a run goes join it. */
export function cancelApplier(
  db: CancelsDatabase,
  cards?: Pick<CardPayments, 'closeOpenPayments'>,
): () => Promise<CancelsReport> {
  return queueApplier(
    (limit) => db.oldestCancels(limit),
    PAGE,
    (requestId, raw) => applyDecided(db, () => decide(db, requestId, raw, cards)),
  );
}

/** The update that applies request `requestId`, from a fresh reading; null while the provider cannot say. */
async function decide(
  db: CancelsDatabase,
  requestId: string,
  raw: unknown,
  cards: Pick<CardPayments, 'closeOpenPayments'> | undefined,
): Promise<{ update: Record<string, unknown>; outcome: CancelOutcome } | null> {
  const request = parseCancelRequest(raw);
  if (!request) return answered(requestId, { kind: 'invalid' });
  const orderPath = paths.order(request.uid, request.order);
  const entryPath = deskPaths.order(deskKey(request.uid, request.order));
  let first = await db.readAll([orderPath, entryPath]);
  const order = first.get(orderPath);
  const pay = isRecord(order) && order.status !== 'cancelled' ? parseOrderPayment(order.pay) : null;
  if (cards && pay) {
    // Nobody may pay for places that go back on sale: the provider's pages close first, and what closing found
    // (a payment made at the last moment) is in the order before it is cancelled. Whatever the order's method and
    // state now: a buyer who left a card page open and switched to the door, or paid another way, still has it.
    if ((await cards.closeOpenPayments(request)) === 'unavailable') return null;
    first = await db.readAll([orderPath, entryPath]);
  }
  const entry = parseDeskEntry(first.get(entryPath));
  const reads = entry ? await readForCancel(db, entry, first.get(orderPath)) : new Map<string, unknown>();
  return cancelUpdate(requestId, request, first.get(orderPath), first.get(entryPath), reads);
}
