/**
 * The orders room's writes: the one update that moves an order to a new status with everything that follows from
 * it, and what cancelling a paid order proposes to refund. The paths and shapes are the index's
 * (src/features/orders/deskIndex.ts).
 */
import { database } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { deskStatusWrites, parseOrder, slotOf, type DeskEntry, type Order, type OrderStatus } from '../../orders';
import { refundable, type OrderPayment } from '../../payments/model';
import { ticketStatusChanges } from '../../tickets';
import { sendQueuedMail, staffMail } from '../../dashboardKit';

const OPEN: readonly OrderStatus[] = ['pending', 'confirmed'];

/**
 * Sets an order's status in one update with what follows from it: its index entries move with it (the rules
 * insist), closing it (fulfilled or cancelled) frees its open-order slot so the buyer may order again
 * (docs/security.md), its tickets are void while it is cancelled (docs/tickets-and-check-in.md), and the buyer is
 * emailed the news (docs/email.md).
 */
export async function setOrderStatus(key: string, entry: DeskEntry, status: OrderStatus): Promise<void> {
  const db = await database();
  const order = parseOrder(entry.uid, entry.order, await db.read(paths.order(entry.uid, entry.order)));
  if (!order) throw new Error(`order ${entry.uid}/${entry.order} is gone or unreadable`);
  const patch: Record<string, unknown> = {
    [paths.orderStatus(order.uid, order.id)]: status,
    ...(await ticketStatusChanges(order, status)),
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
 * What cancelling a paid order proposes to give back (docs/payments.md#refunds): the order with its payment, when
 * money of it may still be refunded; null otherwise (unpaid, refunded in full, from before payments, gone).
 */
export async function refundToPropose(entry: DeskEntry): Promise<{ order: Order; payment: OrderPayment } | null> {
  if (entry.pay !== 'paid') return null;
  const db = await database();
  const order = parseOrder(entry.uid, entry.order, await db.read(paths.order(entry.uid, entry.order)));
  return order?.payment && refundable(order.payment) > 0 ? { order, payment: order.payment } : null;
}
