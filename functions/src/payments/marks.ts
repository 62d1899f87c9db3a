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
import { paths } from '../../../src/firebase/paths';
import { deskKey, deskPaths, deskStatusWrites, parseDeskEntry } from '../../../src/features/orders/deskIndex';
import { deliveryRecord, outboxRecord } from '../../../src/features/orders/orderMail';
import { balanceDue, parseOrderPayment } from '../../../src/features/orders/orderPayment';
import { paymentPaths, type MarkOutcome } from '../../../src/features/orders/paymentRecords';
import { isRecord } from '../../../src/state/validation';
import { coalescedRuns } from '../coalescedRuns';
import { firstTickets, itemsOf, ticketed, ticketWrites } from './orderTickets';

const SERVER_TIME = { '.sv': 'timestamp' } as const;
const increment = (by: number) => ({ '.sv': { increment: by } });

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

/** The email that tells the buyer their order is paid, with its tickets; an order is paid once, so one id. */
function paidMail(mark: PaymentMark, order: Record<string, unknown>): Record<string, unknown> {
  const contact = isRecord(order.contact) ? order.contact : {};
  if (typeof contact.email !== 'string') return {};
  const messageId = `${mark.order}-paid`;
  return {
    [paths.outboxMessage(messageId)]: outboxRecord(
      { uid: mark.uid, order: mark.order, kind: 'paid', to: contact.email },
      SERVER_TIME,
    ),
    [`${paths.order(mark.uid, mark.order)}/mail/${messageId}`]: deliveryRecord('paid', SERVER_TIME),
  };
}

/** What deciding a mark needs, read at once. */
interface MarkReading {
  order: unknown;
  /** The payment record this mark would make, if it was made already. */
  recorded: unknown;
  /** The order's index entry. */
  entry: unknown;
  /** products/{id}/stock of the order's products. */
  stock: ReadonlyMap<string, unknown>;
  /** The events of the order that issued tickets (their first ticket is there; expiry.ts, firstTickets). */
  ticketed: ReadonlySet<string>;
}

/** The paths of a MarkReading, besides the stock (which needs the order's items). */
const markReads = (markId: string, mark: { uid: string; order: string }) => ({
  order: paths.order(mark.uid, mark.order),
  recorded: paymentPaths.payment(deskKey(mark.uid, mark.order), markId),
  entry: deskPaths.order(deskKey(mark.uid, mark.order)),
});

/**
 * The one update that applies mark `markId`, with what the desk is told. A mark that cannot be applied (malformed,
 * no such order, applied before) is only taken off the queue, with its answer.
 */
function markUpdate(
  markId: string,
  raw: unknown,
  reading: MarkReading,
): { update: Record<string, unknown>; outcome: MarkOutcome } {
  const done = (outcome: MarkOutcome, writes: Record<string, unknown> = {}) => ({
    outcome,
    update: {
      ...writes,
      [paymentPaths.mark(markId)]: null,
      [paymentPaths.markAnswer(markId)]: { ...outcome, at: SERVER_TIME },
    },
  });
  const mark = parseMark(raw);
  if (!mark) return done({ kind: 'invalid' });
  if (reading.recorded != null) return done({ kind: 'already' });
  const pay = isRecord(reading.order) ? parseOrderPayment(reading.order.pay) : null;
  const entry = parseDeskEntry(reading.entry);
  if (!isRecord(reading.order) || !pay || !entry) return done({ kind: 'not-found' });

  const key = deskKey(mark.uid, mark.order);
  const orderPath = paths.order(mark.uid, mark.order);
  const paid = pay.paid + mark.amount;
  const settled = paid >= pay.due;
  const writes: Record<string, unknown> = {
    [paymentPaths.payment(key, markId)]: {
      method: mark.method,
      amount: mark.amount,
      currency: pay.currency,
      state: 'confirmed',
      created: SERVER_TIME,
      by: mark.by,
      ...(mark.note ? { note: mark.note } : {}),
      ...(mark.source ? { source: mark.source } : {}),
    },
    [`${orderPath}/pay/paid`]: paid,
    [`${orderPath}/pay/v`]: pay.v + 1,
  };
  const items = itemsOf(reading.order);
  // Paid in full after the hold ended: the order comes back if what it held is still there; otherwise the money
  // is recorded and the desk is told to refund it. Nothing is ever oversold for a late payment.
  const late = pay.state === 'expired';
  const stockBack = items.every(([id, quantity]) => {
    const left = reading.stock.get(id);
    return typeof left !== 'number' || left >= quantity;
  });
  /** Writes `fields` into every ticket of the order (its events' units). */
  const eachTicket = (fields: Record<string, unknown>) =>
    Object.assign(
      writes,
      ticketWrites(mark.order, items, (eventId) => reading.ticketed.has(eventId), fields),
    );
  let outcome: MarkOutcome;
  if (pay.state === 'paid') {
    outcome = { kind: 'paid', over: paid - pay.due };
  } else if (!settled) {
    outcome = { kind: 'part-paid', due: balanceDue({ due: pay.due, paid }) };
    // What the door is to take goes down with every part paid.
    if (pay.method === 'door' && !late) eachTicket({ due: balanceDue({ due: pay.due, paid }) });
  } else if (late && !stockBack) {
    outcome = { kind: 'late-no-stock', refund: paid };
  } else {
    outcome = { kind: 'paid', over: paid - pay.due };
    writes[`${orderPath}/pay/state`] = 'paid';
    writes[`${deskPaths.order(key)}/pay`] = 'paid';
    writes[`${deskPaths.order(key)}/hold`] = null;
    Object.assign(writes, paidMail(mark, reading.order));
    // Paid: its tickets are valid, with nothing left to take at the door.
    eachTicket({ status: 'valid', due: null });
    if (late) {
      writes[`${orderPath}/status`] = 'pending';
      Object.assign(writes, deskStatusWrites(key, entry, 'pending'));
      for (const [id, quantity] of items) {
        if (typeof reading.stock.get(id) === 'number') writes[paths.productStock(id)] = increment(-quantity);
      }
    }
  }
  return done(outcome, writes);
}

/** What applying marks needs of the database: the allocator's connection (orders/adminQueueDatabase.ts). */
export interface MarksDatabase {
  /** Up to `limit` queued marks, oldest first. */
  oldestMarks(limit: number): Promise<{ key: string; raw: unknown }[]>;
  readAll(paths: readonly string[]): Promise<Map<string, unknown>>;
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

async function read(db: MarksDatabase, markId: string, raw: unknown): Promise<MarkReading> {
  const mark = parseMark(raw);
  if (!mark) return { order: null, recorded: null, entry: null, stock: new Map(), ticketed: new Set() };
  const at = markReads(markId, mark);
  const first = await db.readAll([at.order, at.recorded, at.entry]);
  const order = first.get(at.order);
  const entry = parseDeskEntry(first.get(at.entry));
  const stockPaths = itemsOf(order).map(([id]) => paths.productStock(id));
  const ticketPaths = entry ? firstTickets(entry) : [];
  const more = await db.readAll([...stockPaths, ...ticketPaths]);
  return {
    order,
    recorded: first.get(at.recorded),
    entry: first.get(at.entry),
    stock: new Map(itemsOf(order).map(([id]) => [id, more.get(paths.productStock(id))])),
    ticketed: new Set(Object.keys(entry?.events ?? {}).filter((eventId) => ticketed(more, eventId, mark.order))),
  };
}

/** Marks looked at per query. */
const PAGE = 50;
/** A mark refused this often in a row (a payment summary changing under it each time) waits for the next call. */
const TRIES = 3;

export interface MarksReport {
  applied: Partial<Record<MarkOutcome['kind'], number>>;
  /** Marks left queued after being refused again and again: the next call reads them again. */
  deferred: number;
}

/** Applies every queued mark; calls while a run goes join it (coalescedRuns). */
export function markApplier(db: MarksDatabase): () => Promise<MarksReport> {
  return coalescedRuns(
    (): MarksReport => ({ applied: {}, deferred: 0 }),
    async (report) => {
      const deferred = new Set<string>();
      for (;;) {
        const queued = (await db.oldestMarks(PAGE + deferred.size)).filter(({ key }) => !deferred.has(key));
        if (queued.length === 0) return;
        for (const { key: markId, raw } of queued) {
          const outcome = await applyOne(db, markId, raw);
          if (outcome) report.applied[outcome.kind] = (report.applied[outcome.kind] ?? 0) + 1;
          else {
            deferred.add(markId);
            report.deferred++;
          }
        }
      }
    },
  );
}

async function applyOne(db: MarksDatabase, markId: string, raw: unknown): Promise<MarkOutcome | null> {
  for (let tries = 0; tries < TRIES; tries++) {
    const { update, outcome } = markUpdate(markId, raw, await read(db, markId, raw));
    try {
      await db.update(update);
      return outcome;
    } catch (error) {
      if (!db.isRefusal(error)) throw error;
    }
  }
  return null;
}
