/**
 * Refunds staff ask for on the desk (docs/payments.md#refunds), applied by trusted code as the allocator's identity,
 * the way payment marks are (marks.ts): staff queue refundRequests/{refundId} as themselves, and this applies the
 * queue, each refund a record of its own at refunds/{uid~orderId}/{refundId} (created, done or failed, after
 * pretix's OrderRefund), the order's `pay.refunded` and `v` moved on, an answer at refundAnswers/{refundId}, the
 * request taken off the queue and the buyer emailed, in one atomic update guarded by `pay.v`.
 *
 * By hand (a bank transfer, cash at the door): staff gave the money back themselves, so it is recorded done at once.
 * To a gift card (the one that paid the order, or a new one): done at once too, with the card's movement or the new
 * card in the same update (giftcards/refundToCard.ts).
 * By card: the record is first written `created` (a crash then leaves a trace), the provider is asked with the
 * refund's id as its idempotency key, and the outcome is written as above. A provider that cannot be reached leaves
 * the request queued and the record `created`: the next call asks again with the same key, and the provider makes
 * one refund of the two asks. Refunds never change an order's stock, tickets or status.
 *
 * A card refund the provider took is counted in the order's `refunded` at once (done, or pending while the provider
 * finishes it), with the provider's id on its record. The provider may still fail it later (a closed card): its
 * webhook names the refund, which is read back from the provider (`providerRefundChanged`), and the record becomes
 * failed, the order's `refunded` goes back down, and the buyer is told, once, whatever replays.
 */
import { paths } from '../../../src/firebase/paths';
import { deskKey } from '../../../src/features/orders/deskIndex';
import { orderMailIds } from '../../../src/features/orders/orderMail';
import { parseOrderPayment, type OrderPayment } from '../../../src/features/payments/model/orderPayment';
import { paymentPaths } from '../../../src/features/payments/model/paymentRecords';
import {
  cardCharge,
  payingGiftCard,
  refundable,
  refundPaths,
  type RefundOutcome,
} from '../../../src/features/payments/model/refundRecords';
import { isRecord } from '../../../src/state/validation';
import { coalescedRuns } from '../coalescedRuns';
import { drainQueue } from '../drainQueue';
import { ProviderRefused, ProviderUnavailable, type CardProvider } from './provider';

import { SERVER_TIME } from './settlePayment';
import { moveOn, parseRequest, recordOf, refundMail, type RefundRequest } from './refundWrites';
import { giftCardPaths, newGiftCardCode } from '../../../src/features/giftcards/model/giftCard';
import { toCardWrites } from '../giftcards/refundToCard';

/** What deciding a request needs, read at once. */
interface RefundReading {
  /** The request as it is queued now: null once another run took it off the queue. */
  request: unknown;
  order: unknown;
  /** The refund's record, if it was written already (a card refund begun, or one applied). */
  record: unknown;
  /** The order's payment records (payments/{uid~orderId}), for a card refund's charge. */
  payments: unknown;
  /** The gift card that paid the order, for a refund back to it. */
  card: { code: string; raw: unknown } | null;
}

/** What to do next with a request. */
type Step =
  | { kind: 'write'; update: Record<string, unknown>; outcome: RefundOutcome }
  /** Write the card refund's record `created`, then ask the provider. */
  | { kind: 'begin'; update: Record<string, unknown> }
  | { kind: 'ask'; charge: string; payment: OrderPayment; order: Record<string, unknown> }
  /** Another run took it off the queue meanwhile: nothing to do. */
  | { kind: 'gone' };

/** Decides what to do with request `refundId` from one reading; `newCode` names a new gift card. */
function decide(refundId: string, reading: RefundReading, cards: boolean, newCode: () => string): Step {
  const answer = (outcome: RefundOutcome, writes: Record<string, unknown> = {}): Step => ({
    kind: 'write',
    outcome,
    update: {
      ...writes,
      [refundPaths.request(refundId)]: null,
      [refundPaths.answer(refundId)]: { ...outcome, at: SERVER_TIME },
    },
  });
  if (reading.request == null) return { kind: 'gone' };
  const request = parseRequest(reading.request);
  if (!request) return answer({ kind: 'invalid' });
  const record = isRecord(reading.record) ? reading.record : null;
  if (record && record.state !== 'created') return answer({ kind: 'already' });
  const payment = isRecord(reading.order) ? parseOrderPayment(reading.order.pay) : null;
  if (!isRecord(reading.order) || !payment) return answer({ kind: 'not-found' });
  const key = deskKey(request.uid, request.order);
  const recordPath = refundPaths.refund(key, refundId);
  const left = refundable(payment);
  if (request.amount > left) {
    // A card refund begun before another refund took what was left: its record says it never happened.
    const failed = record ? { [`${recordPath}/state`]: 'failed', [`${recordPath}/error`]: 'more than is left' } : {};
    return answer({ kind: 'too-much', left }, failed);
  }
  if (request.way === 'giftcard' || request.way === 'new-giftcard') {
    const to = toCardWrites(refundId, { ...request, way: request.way }, payment.currency, reading.card, newCode);
    if (!to) return answer({ kind: 'no-gift-card' });
    return answer(
      { kind: 'done', amount: request.amount, refunded: payment.refunded + request.amount },
      {
        ...to.writes,
        [recordPath]: { ...recordOf(request, payment.currency, 'done'), card: to.code },
        ...moveOn(request, payment),
        ...refundMail(request, orderMailIds.refund(request.order, refundId), reading.order),
      },
    );
  }
  if (request.way === 'by-hand') {
    return answer(
      { kind: 'done', amount: request.amount, refunded: payment.refunded + request.amount },
      {
        [recordPath]: recordOf(request, payment.currency, 'done'),
        ...moveOn(request, payment),
        ...refundMail(request, orderMailIds.refund(request.order, refundId), reading.order),
      },
    );
  }
  const charge = cards ? cardCharge(reading.payments, request.payment) : null;
  if (!charge) {
    const failed = record ? { [`${recordPath}/state`]: 'failed', [`${recordPath}/error`]: 'no card payment' } : {};
    return answer({ kind: 'no-card' }, failed);
  }
  if (!record) return { kind: 'begin', update: { [recordPath]: recordOf(request, payment.currency, 'created') } };
  return { kind: 'ask', charge, payment, order: reading.order };
}

/** The update that ends a card refund the provider answered: done, or failed with its reason. */
function cardOutcome(
  refundId: string,
  request: RefundRequest,
  step: Extract<Step, { kind: 'ask' }>,
  result: ProviderAnswer,
): { update: Record<string, unknown>; outcome: RefundOutcome } {
  const recordPath = refundPaths.refund(deskKey(request.uid, request.order), refundId);
  const outcome: RefundOutcome = result.done
    ? { kind: 'done', amount: request.amount, refunded: step.payment.refunded + request.amount }
    : { kind: 'failed', reason: result.reason.slice(0, 300) };
  const writes: Record<string, unknown> = result.done
    ? {
        [`${recordPath}/state`]: result.pending ? 'pending' : 'done',
        [`${recordPath}/provider`]: result.provider,
        ...moveOn(request, step.payment),
        ...refundMail(request, orderMailIds.refund(request.order, refundId), step.order),
      }
    : {
        [`${recordPath}/state`]: 'failed',
        [`${recordPath}/error`]: result.reason.slice(0, 300),
      };
  return {
    outcome,
    update: {
      ...writes,
      [refundPaths.request(refundId)]: null,
      [refundPaths.answer(refundId)]: { ...outcome, at: SERVER_TIME },
    },
  };
}

/** What applying refunds needs of the database: the allocator's connection (orders/adminQueueDatabase.ts). */
export interface RefundsDatabase {
  /** Up to `limit` queued refund requests, oldest first. */
  oldestRefundRequests(limit: number): Promise<{ key: string; raw: unknown }[]>;
  readAll(paths: readonly string[]): Promise<Map<string, unknown>>;
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

async function read(db: RefundsDatabase, refundId: string, queued: unknown): Promise<RefundReading> {
  const request = parseRequest(queued);
  if (!request) {
    const now = await db.readAll([refundPaths.request(refundId)]);
    return { request: now.get(refundPaths.request(refundId)), order: null, record: null, payments: null, card: null };
  }
  const key = deskKey(request.uid, request.order);
  const at = {
    request: refundPaths.request(refundId),
    order: paths.order(request.uid, request.order),
    record: refundPaths.refund(key, refundId),
    payments: paymentPaths.payments(key),
  };
  const values = await db.readAll(Object.values(at));
  // Back to the gift card that paid: that card, as it is now.
  const code = request.way === 'giftcard' ? payingGiftCard(values.get(at.payments)) : null;
  const card = code
    ? { code, raw: (await db.readAll([giftCardPaths.card(code)])).get(giftCardPaths.card(code)) }
    : null;
  return {
    request: values.get(at.request),
    order: values.get(at.order),
    record: values.get(at.record),
    payments: values.get(at.payments),
    card,
  };
}

/** What refunds need of the card provider (provider.ts): its refund alone. */
type Refunder = Pick<CardProvider, 'refund'>;

/** What the provider said to a card refund: taken (done, or pending while it finishes), or refused. */
type ProviderAnswer = { done: true; provider: string; pending: boolean } | { done: false; reason: string };

/** Requests looked at per query. */
const PAGE = 50;
/** A request refused this often in a row (the order's summary changing under it each time) waits for the next call. */
const TRIES = 4;

export interface RefundsReport {
  applied: Partial<Record<RefundOutcome['kind'], number>>;
  /** Requests left queued after being refused again and again: the next call reads them again. */
  deferred: number;
  /** Card refunds left queued because the provider could not be reached: the next call asks again. */
  unavailable: number;
}

/**
 * Applies every queued refund request; calls while a run goes join it (coalescedRuns). `provider` is the card
 * provider, or null where none is set up (a card refund is then answered `no-card`).
 */
export function refundApplier(db: RefundsDatabase, provider: Refunder | null): () => Promise<RefundsReport> {
  return coalescedRuns(
    (): RefundsReport => ({ applied: {}, deferred: 0, unavailable: 0 }),
    (report) =>
      drainQueue(
        (limit) => db.oldestRefundRequests(limit),
        PAGE,
        async (refundId, raw) => {
          const result = await applyOne(db, provider, refundId, raw);
          if (result === 'deferred' || result === 'unavailable') {
            report[result]++;
            return 'skip';
          }
          if (result !== 'gone') report.applied[result.kind] = (report.applied[result.kind] ?? 0) + 1;
          return 'done';
        },
      ),
  );
}

async function applyOne(
  db: RefundsDatabase,
  provider: Refunder | null,
  refundId: string,
  raw: unknown,
): Promise<RefundOutcome | 'deferred' | 'unavailable' | 'gone'> {
  const attempt = async (update: Record<string, unknown>): Promise<boolean> => {
    try {
      await db.update(update);
      return true;
    } catch (error) {
      if (!db.isRefusal(error)) throw error;
      return false;
    }
  };
  for (let tries = 0; tries < TRIES; tries++) {
    const step = decide(refundId, await read(db, refundId, raw), provider !== null, newGiftCardCode);
    switch (step.kind) {
      case 'gone':
        return 'gone';
      case 'write':
        if (await attempt(step.update)) return step.outcome;
        continue;
      case 'begin':
        // Written or refused (another run began it): either way the next reading has the record.
        await attempt(step.update);
        continue;
      case 'ask': {
        const request = parseRequest(raw)!;
        if (!provider) return 'unavailable';
        let result: ProviderAnswer;
        try {
          const refund = await provider.refund({
            charge: step.charge,
            amountMinor: request.amount,
            refundId,
            orderKey: deskKey(request.uid, request.order),
          });
          result =
            refund.state === 'failed'
              ? { done: false, reason: 'the card provider could not refund it' }
              : { done: true, provider: refund.id, pending: refund.state === 'pending' };
        } catch (error) {
          if (error instanceof ProviderUnavailable) return 'unavailable';
          if (!(error instanceof ProviderRefused)) throw error;
          result = { done: false, reason: error.message };
        }
        const { update, outcome } = cardOutcome(refundId, request, step, result);
        if (await attempt(update)) return outcome;
        continue;
      }
    }
  }
  return 'deferred';
}

/** What a provider's event about a refund came to. */
export type RefundChange =
  /** Finished at the provider: the record is done. */
  | { kind: 'done' }
  /** Failed at the provider after it was taken: the record is failed, the money counted back, the buyer told. */
  | { kind: 'failed' }
  /** Still under way at the provider, or already as the provider says: nothing to do. */
  | { kind: 'pending' }
  | { kind: 'already' }
  /** Not a refund of ours (or not one the provider holds). */
  | { kind: 'unknown' };

const FAILED_AT_PROVIDER = 'the card provider could not complete it, perhaps a closed card; refund it another way';

/**
 * A refund the provider says changed (its webhook, docs/payments.md#refunds): read back from the provider, never
 * believed from the event, and applied to our record once, in one update guarded by the summary's `v`.
 */
export async function providerRefundChanged(
  db: Omit<RefundsDatabase, 'oldestRefundRequests'>,
  provider: Pick<CardProvider, 'readRefund'>,
  providerRefundId: string,
): Promise<RefundChange> {
  const refund = await provider.readRefund(providerRefundId);
  const ours = refund?.ours;
  const target = /^([A-Za-z0-9_-]{1,128})~([A-Za-z0-9_-]{1,64})$/.exec(ours?.orderKey ?? '');
  if (!refund || !ours || !target || !/^[A-Za-z0-9_-]{1,64}$/.test(ours.refundId)) return { kind: 'unknown' };
  const uid = target[1]!;
  const orderId = target[2]!;
  const recordPath = refundPaths.refund(ours.orderKey, ours.refundId);
  const orderPath = paths.order(uid, orderId);
  for (let tries = 0; tries < TRIES; tries++) {
    const read = await db.readAll([recordPath, orderPath]);
    const record = read.get(recordPath);
    const order = read.get(orderPath);
    const payment = isRecord(order) ? parseOrderPayment(order.pay) : null;
    // Ours only if our record names this very refund of the provider's.
    if (!isRecord(record) || record.provider !== refund.id || !payment || !isRecord(order)) return { kind: 'unknown' };
    const amount = typeof record.amount === 'number' ? record.amount : 0;
    let update: Record<string, unknown>;
    let change: RefundChange;
    if (refund.state === 'pending') return { kind: record.state === 'pending' ? 'pending' : 'already' };
    if (refund.state === 'done') {
      if (record.state !== 'pending') return { kind: 'already' };
      update = { [`${recordPath}/state`]: 'done' };
      change = { kind: 'done' };
    } else {
      if (record.state !== 'pending' && record.state !== 'done') return { kind: 'already' };
      update = {
        [`${recordPath}/state`]: 'failed',
        [`${recordPath}/error`]: FAILED_AT_PROVIDER,
        [`${orderPath}/pay/refunded`]: Math.max(0, payment.refunded - amount),
        [`${orderPath}/pay/v`]: payment.v + 1,
        ...refundMail({ uid, order: orderId }, orderMailIds.refundFailed(orderId, ours.refundId), order),
      };
      change = { kind: 'failed' };
    }
    try {
      await db.update(update);
      return change;
    } catch (error) {
      if (!db.isRefusal(error)) throw error;
    }
  }
  throw new Error(`refund ${providerRefundId} could not be recorded: try again`);
}
