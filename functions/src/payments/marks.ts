/**
 * Payments staff take by hand (docs/payments.md#payments-staff-record): money at the door, a bank transfer seen on
 * the account or read from a statement. Staff never write a payment or an order's payment summary (the rules refuse
 * them); they queue a mark at paymentMarks/{markId}, which the rules let only staff write and only as themselves,
 * and trusted code applies it: the payment as a record of its own at payments/{uid~orderId}/{markId}, the order's
 * summary moved on, and an answer at paymentMarkAnswers/{markId} that the desk shows. As the order queue is, so
 * that a door device offline writes its marks when it is back, and each is applied once.
 *
 * Applying is decided from one reading and written in one atomic update per mark; the rules refuse an update made
 * from a stale reading (the summary's `v`), and the mark is then read and decided again.
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import { paymentPaths, type MarkOutcome } from '../../../src/features/payments/model/paymentRecords';
import { isRecord } from '../../../src/state/validation';
import { applyDecided, queueApplier, type QueueReport } from '../answeredQueue';
import {
  paymentOf,
  readForPayment,
  SERVER_TIME,
  settlePayment,
  type PaymentReading,
  type PaymentsDatabase,
} from './settlePayment';

/** A mark as queued by staff. */
interface PaymentMark {
  uid: string;
  order: string;
  /** In the order's currency's minor units. */
  amount: number;
  method: 'door' | 'transfer';
  note: string;
  /** A statement line's key, when the mark comes from an import. */
  source: string;
  by: string;
}

function parseMark(raw: unknown): PaymentMark | null {
  if (!isRecord(raw)) return null;
  const { uid, order, amount, method, note, source, by } = raw;
  if (typeof uid !== 'string' || typeof order !== 'string' || typeof by !== 'string') return null;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return null;
  if (method !== 'door' && method !== 'transfer') return null;
  return {
    uid,
    order,
    amount,
    method,
    by,
    note: typeof note === 'string' ? note : '',
    source: typeof source === 'string' ? source : '',
  };
}

/** The payment record mark `markId` makes. */
const recordPath = (markId: string, mark: PaymentMark) => paymentPaths.payment(deskKey(mark.uid, mark.order), markId);

/**
 * The one update that applies mark `markId`, with what the desk is told. A mark that cannot be applied (malformed,
 * no such order, applied before) is only taken off the queue, with its answer.
 */
function markUpdate(
  markId: string,
  mark: PaymentMark | null,
  reading: PaymentReading | null,
): { update: Record<string, unknown>; outcome: MarkOutcome } {
  const done = (outcome: MarkOutcome, writes: Record<string, unknown> = {}) => ({
    outcome,
    update: {
      ...writes,
      [paymentPaths.mark(markId)]: null,
      [paymentPaths.markAnswer(markId)]: { ...outcome, at: SERVER_TIME },
    },
  });
  if (!mark || !reading) return done({ kind: 'invalid' });
  if (reading.more.get(recordPath(markId, mark)) != null) return done({ kind: 'already' });
  const settled = settlePayment(mark, mark.amount, reading, mark.method);
  if (!settled) return done({ kind: 'not-found' });
  return done(settled.outcome, {
    ...settled.writes,
    [recordPath(markId, mark)]: {
      method: mark.method,
      amount: mark.amount,
      currency: paymentOf(reading)?.currency,
      state: 'confirmed',
      created: SERVER_TIME,
      by: mark.by,
      ...(mark.note ? { note: mark.note } : {}),
      ...(mark.source ? { source: mark.source } : {}),
    },
  });
}

/** What applying marks needs of the database: the allocator's connection (orders/adminQueueDatabase.ts). */
export interface MarksDatabase extends PaymentsDatabase {
  /** Up to `limit` queued marks, oldest first. */
  oldestMarks(limit: number): Promise<{ key: string; raw: unknown }[]>;
}

/** Marks looked at per query. */
const PAGE = 50;

export type MarksReport = QueueReport<MarkOutcome['kind']>;

/** Applies every queued mark; calls while a run goes join it. */
export function markApplier(db: MarksDatabase): () => Promise<MarksReport> {
  return queueApplier(
    (limit) => db.oldestMarks(limit),
    PAGE,
    (markId, raw) =>
      applyDecided(db, async () => {
        const mark = parseMark(raw);
        const reading = mark ? await readForPayment(db, mark, [recordPath(markId, mark)]) : null;
        return markUpdate(markId, mark, reading);
      }),
  );
}
