/**
 * What money coming in does to an order (docs/payments.md#payments-staff-record), whoever brings it: a mark staff
 * queued (marks.ts) or a card payment the provider confirmed (card.ts). Decided from one reading, as the writes of
 * one atomic update; the rules refuse it when the reading was stale (the summary's `v`), and the caller reads again.
 */
import { paths } from '../../../src/firebase/paths';
import { deskKey, deskPaths, deskStatusWrites, parseDeskEntry } from '../../../src/features/orders/deskIndex';
import { orderMailIds, queuedMail, type ReceivedMoney } from '../../../src/features/orders/orderMail';
import { balanceDue, parseOrderPayment, type OrderPayment } from '../../../src/features/payments/model/orderPayment';
import type { MarkOutcome } from '../../../src/features/payments/model/paymentRecords';
import type { PaymentMethod } from '../../../src/features/payments/model/paymentSettings';
import { isRecord } from '../../../src/state/validation';
import { documentsWanted } from '../../../src/features/invoices/model/invoiceDocument';
import { issueWrites, recipientMailWrites } from '../giftcards/issue';
import { firstTickets, itemsOf, placePaths, placesHeld, ticketed, ticketWrites } from './orderTickets';
import { heldPlaces, orderVoucher, voucherRetakeWrites, voucherUseLeft } from '../orders/voucherUse';
import { voucherPaths } from '../../../src/features/vouchers/model/voucher';

export const SERVER_TIME = { '.sv': 'timestamp' } as const;
const increment = (by: number) => ({ '.sv': { increment: by } });

/** An order, by its owner and id. */
export interface OrderOf {
  uid: string;
  order: string;
}

/** What deciding a payment needs, read at once. */
export interface PaymentReading {
  order: unknown;
  /** The order's index entry. */
  entry: unknown;
  /** The stock and quotas the order's lines drew on, by path (orderTickets.ts, placePaths). */
  stock: ReadonlyMap<string, unknown>;
  /** The events of the order that issued tickets (their first ticket is there; orderTickets.ts, firstTickets). */
  ticketed: ReadonlySet<string>;
  /** The voucher the order was placed with, as stored now (undefined when it names none). */
  voucher?: unknown;
  /** Whatever else the caller asked for, by path. */
  more: ReadonlyMap<string, unknown>;
}

/** What reading needs of the database: the allocator's connection (orders/adminQueueDatabase.ts). */
export interface PaymentsDatabase {
  readAll(paths: readonly string[]): Promise<Map<string, unknown>>;
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

/**
 * Writes `update` as one; false when the rules refused it because what it was decided from changed meanwhile (a
 * version bumped, a ticket checked in): the caller reads again and decides anew.
 */
export async function updateUnlessRefused(db: PaymentsDatabase, update: Record<string, unknown>): Promise<boolean> {
  try {
    await db.update(update);
    return true;
  } catch (error) {
    if (db.isRefusal(error)) return false;
    throw error;
  }
}

/** The order behind an order page's secret link, or null. */
export async function orderOfLink(db: PaymentsDatabase, secret: string): Promise<OrderOf | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(secret)) return null;
  const named = (await db.readAll([paths.orderLink(secret)])).get(paths.orderLink(secret));
  return isRecord(named) && typeof named.uid === 'string' && typeof named.order === 'string'
    ? { uid: named.uid, order: named.order }
    : null;
}

/** Reads what a payment to `target` is decided from, with `more` paths of the caller's own. */
export async function readForPayment(
  db: PaymentsDatabase,
  target: OrderOf,
  more: readonly string[] = [],
): Promise<PaymentReading> {
  const orderPath = paths.order(target.uid, target.order);
  const entryPath = deskPaths.order(deskKey(target.uid, target.order));
  const first = await db.readAll([orderPath, entryPath, ...more]);
  const order = first.get(orderPath);
  const entry = parseDeskEntry(first.get(entryPath));
  const stockPaths = placePaths(itemsOf(order));
  const voucher = orderVoucher(order);
  const voucherPath = voucher ? [voucherPaths.voucher(voucher.code)] : [];
  const second = await db.readAll([...stockPaths, ...voucherPath, ...(entry ? firstTickets(entry) : [])]);
  return {
    ...(voucher ? { voucher: second.get(voucherPaths.voucher(voucher.code)) } : {}),
    order,
    entry: first.get(entryPath),
    stock: new Map(stockPaths.map((path) => [path, second.get(path)])),
    ticketed: new Set(Object.keys(entry?.events ?? {}).filter((eventId) => ticketed(second, eventId, target.order))),
    more: first,
  };
}

/** The email that tells the buyer their order is paid, with its tickets; an order is paid once, so one id. */
function paidMail(target: OrderOf, order: Record<string, unknown>): Record<string, unknown> {
  const contact = isRecord(order.contact) ? order.contact : {};
  if (typeof contact.email !== 'string') return {};
  return queuedMail(
    `${target.order}-paid`,
    { uid: target.uid, order: target.order, kind: 'paid', to: contact.email },
    SERVER_TIME,
  );
}

/**
 * The email that tells the buyer money arrived that did not make the order paid (a part, or for an order cancelled or
 * lapsed and sold out); one per payment, named by the summary's version it made.
 */
function receivedMail(target: OrderOf, order: Record<string, unknown>, v: number, received: ReceivedMoney) {
  const contact = isRecord(order.contact) ? order.contact : {};
  if (typeof contact.email !== 'string') return {};
  return queuedMail(
    orderMailIds.received(target.order, v),
    { uid: target.uid, order: target.order, kind: 'received', to: contact.email, received },
    SERVER_TIME,
  );
}

/** The order's payment summary as read, or null for no such order (or one from before payments). */
export function paymentOf(reading: PaymentReading): OrderPayment | null {
  return isRecord(reading.order) && parseDeskEntry(reading.entry) ? parseOrderPayment(reading.order.pay) : null;
}

/**
 * The writes that take `amount` (minor units) into the order's summary, and what it came to; null when there is no
 * such order. The payment's own record is the caller's to write, in the same update.
 */
export function settlePayment(
  target: OrderOf,
  amount: number,
  reading: PaymentReading,
  /** How the money came in, when staff say (a mark); a card payment is the order's own method. */
  method?: PaymentMethod,
): { writes: Record<string, unknown>; outcome: MarkOutcome } | null {
  const pay = paymentOf(reading);
  const entry = parseDeskEntry(reading.entry);
  if (!pay || !entry || !isRecord(reading.order)) return null;
  const key = deskKey(target.uid, target.order);
  const orderPath = paths.order(target.uid, target.order);
  const paid = pay.paid + amount;
  const writes: Record<string, unknown> = {
    [`${orderPath}/pay/paid`]: paid,
    [`${orderPath}/pay/v`]: pay.v + 1,
  };
  const items = itemsOf(reading.order);
  // Paid in full after the hold ended: the order comes back if what it held is still there; otherwise the money
  // is recorded and the desk is told to refund it. Nothing is ever oversold for a late payment.
  const late = pay.state === 'expired';
  // A voucher's use given back as it lapsed is bought back as its places are: only while one is left; the places its
  // voucher held for it come again from the voucher while it holds as many (docs/vouchers.md#holding-places).
  const voucher = orderVoucher(reading.order);
  const retaken = late ? heldPlaces(voucher, reading.voucher, Date.now(), true) : null;
  const held = placesHeld(items, retaken);
  const stockBack =
    [...held].every(([path, quantity]) => {
      const left = reading.stock.get(path);
      return typeof left !== 'number' || left >= quantity;
    }) &&
    (!voucher || voucherUseLeft(voucher.code, reading.voucher));
  /** Writes `fields` into every ticket of the order (its events' units). */
  const eachTicket = (fields: Record<string, unknown>) =>
    Object.assign(
      writes,
      ticketWrites(target.order, items, (eventId) => reading.ticketed.has(eventId), fields),
    );
  // Cancelled by staff (a lapsed order's payment is `expired`, and may still buy it back below): the money is recorded and buys nothing back, neither its places
  // nor its tickets; all it has paid is owed back (docs/payments.md#the-order-lifecycle).
  // What counts towards buying a lapsed order back: what it has kept, as money given back since (a gift card's, as
  // it lapsed) no longer pays for it. A standing order counts all it was paid, as it always has.
  const kept = late ? paid - pay.refunded : paid;
  const due = balanceDue({ due: pay.due, paid: kept });
  /** The buyer is told of money that did not make the order paid, and why. */
  const told = (received: ReceivedMoney['case']) =>
    Object.assign(
      writes,
      receivedMail(target, reading.order as Record<string, unknown>, pay.v + 1, { amount, due, case: received }),
    );
  if (reading.order.status === 'cancelled' && !late) {
    told('cancelled');
    return { writes, outcome: { kind: 'cancelled', refund: paid - pay.refunded } };
  }
  if (pay.state === 'paid') return { writes, outcome: { kind: 'paid', over: paid - pay.due } };
  if (kept < pay.due) {
    // What the door is to take goes down with every part paid.
    if (pay.method === 'door' && !late) eachTicket({ due });
    told(late ? 'late' : 'part');
    return { writes, outcome: { kind: 'part-paid', due } };
  }
  if (late && !stockBack) {
    told('late');
    return { writes, outcome: { kind: 'late-no-stock', refund: paid - pay.refunded } };
  }
  writes[`${orderPath}/pay/state`] = 'paid';
  if (method && method !== pay.method) writes[`${orderPath}/pay/paidBy`] = method;
  writes[`${deskPaths.order(key)}/pay`] = 'paid';
  writes[`${deskPaths.order(key)}/hold`] = null;
  Object.assign(writes, paidMail(target, reading.order));
  // Its invoice is issued after this update, never in it (docs/invoices.md#issuing).
  Object.assign(writes, documentsWanted(key, SERVER_TIME));
  // Gift cards it bought are issued now that it is paid (docs/gift-cards.md#selling-them).
  const issued = issueWrites(target.uid, target.order, reading.order.items, pay.currency, Date.now(), SERVER_TIME);
  Object.assign(writes, issued, recipientMailWrites(target.uid, target.order, reading.order, issued, SERVER_TIME));
  // Paid: its tickets are valid, with nothing left to take at the door.
  eachTicket({ status: 'valid', due: null });
  if (late) {
    writes[`${orderPath}/status`] = 'pending';
    Object.assign(writes, deskStatusWrites(key, entry, 'pending'));
    for (const [path, quantity] of held) {
      if (typeof reading.stock.get(path) === 'number') writes[path] = increment(-quantity);
    }
    if (retaken) writes[retaken.path] = increment(-retaken.places);
    // Places its voucher no longer holds came from public sale: closing again gives them back there.
    else if (voucher?.held) writes[`${orderPath}/voucher/held`] = null;
    if (voucher) Object.assign(writes, voucherRetakeWrites(voucher, key, pay.due, SERVER_TIME));
  }
  return { writes, outcome: { kind: 'paid', over: kept - pay.due } };
}
