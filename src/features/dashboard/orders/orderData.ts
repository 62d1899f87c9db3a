/**
 * The orders room's writes: the one update that moves an order to a new status with everything that follows from
 * it, the request that has trusted code cancel one, and what cancelling a paid order proposes to refund. The paths
 * and shapes are the index's (src/features/orders/deskIndex.ts) and the cancel queue's (orders/orderCancels.ts).
 */
import { database } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { appStore } from '../../../state/appStore';
import { authAtom } from '../../../state/atoms';
import {
  cancelPaths,
  cancelRequestRecord,
  deskStatusWrites,
  ORDER_CANCEL_ENDPOINT,
  parseCancelOutcome,
  parseOrder,
  slotOf,
  type CancelOutcome,
  type DeskEntry,
  type Order,
  type OrderStatus,
} from '../../orders';
import { refundable, type OrderPayment } from '../../payments/model';
import { queuedAnswer, sendQueuedMail, staffMail, type QueueOfTrustedCode } from '../../dashboardKit';

const OPEN: readonly OrderStatus[] = ['pending', 'confirmed'];

const CANCELS: QueueOfTrustedCode<CancelOutcome> = {
  answerPath: cancelPaths.answer,
  parse: parseCancelOutcome,
  endpoint: ORDER_CANCEL_ENDPOINT,
};

/**
 * Sets an order's status (pending, confirmed or fulfilled; cancelling is trusted code's: cancelOrder) in one update
 * with what follows from it: its index entries move with it (the rules
 * insist), closing it (fulfilled or cancelled) frees its open-order slot so the buyer may order again
 * (docs/security.md), and the buyer is emailed the news (docs/email.md). Its tickets keep their status: only
 * cancelling, trusted code's, voids them.
 */
export async function setOrderStatus(key: string, entry: DeskEntry, status: OrderStatus): Promise<void> {
  const db = await database();
  const order = parseOrder(entry.uid, entry.order, await db.read(paths.order(entry.uid, entry.order)));
  if (!order) throw new Error(`order ${entry.uid}/${entry.order} is gone or unreadable`);
  const patch: Record<string, unknown> = {
    [paths.orderStatus(order.uid, order.id)]: status,
    ...deskStatusWrites(key, entry, status),
    ...(status !== 'pending' && status !== order.status ? staffMail(db, order, 'status', status) : {}),
  };
  if (!OPEN.includes(status)) {
    const slot = slotOf(await db.read(paths.openOrders(order.uid)), order.id);
    if (slot) patch[paths.openOrderSlot(order.uid, slot)] = null;
  }
  await db.updateRoot(patch);
  sendQueuedMail();
}

/**
 * Asks trusted code to cancel the order (docs/payments.md#the-order-lifecycle): the request is queued as the signed-in
 * staff member and trusted code asked to apply it. Resolves with trusted code's answer, or 'queued' when none came
 * in time (trusted code busy or away): the request stays queued and the minute job applies it.
 */
export async function cancelOrder(entry: DeskEntry): Promise<CancelOutcome | 'queued'> {
  const by = appStore.get(authAtom).id;
  if (!by) throw new Error('only a signed-in staff member can cancel an order');
  const db = await database();
  const requestId = db.newKey(cancelPaths.requests);
  await db.set(
    cancelPaths.request(requestId),
    cancelRequestRecord({ uid: entry.uid, order: entry.order, by }, db.serverTime),
  );
  const outcome = await queuedAnswer(db, CANCELS, requestId);
  sendQueuedMail();
  return outcome;
}

/**
 * What cancelling proposes to give back (docs/payments.md#refunds): the order with its payment, when money of it
 * may still be refunded (part payments too); null otherwise (unpaid, refunded in full, from before payments, gone).
 */
export async function refundToPropose(entry: DeskEntry): Promise<{ order: Order; payment: OrderPayment } | null> {
  const db = await database();
  const order = parseOrder(entry.uid, entry.order, await db.read(paths.order(entry.uid, entry.order)));
  return order?.payment && refundable(order.payment) > 0 ? { order, payment: order.payment } : null;
}
