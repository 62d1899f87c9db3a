import { database, type Database } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { queuedMail, SEND_MAIL_ENDPOINT, type Order, type OrderStatus } from '../orders';

/**
 * An email of `order` queued by staff: its job in the outbox and its delivery state beside the order, to be
 * written in the same update as what it announces (docs/data-model.md#mailoutbox). Empty for an order that
 * cannot be emailed (no address, or placed before order links).
 */
export function staffMail(
  db: Database,
  order: Order,
  kind: 'status' | 'tickets',
  status?: Exclude<OrderStatus, 'pending'>,
): Record<string, unknown> {
  if (!order.linked || !order.contact.email) return {};
  const id = db.newKey(paths.outbox);
  return queuedMail(
    id,
    { uid: order.uid, order: order.id, kind, to: order.contact.email, ...(status ? { status } : {}) },
    db.serverTime,
  );
}

/** Asks trusted code to send what is queued now; the retry timer sends it anyway if this call is lost. */
export function sendQueuedMail(): void {
  void fetch(SEND_MAIL_ENDPOINT, { method: 'POST' }).catch(() => undefined);
}

/** "Send tickets again": the order with its tickets, emailed to its address once more. */
export async function sendTicketsAgain(order: Order): Promise<void> {
  const db = await database();
  await db.updateRoot(staffMail(db, order, 'tickets'));
  sendQueuedMail();
}
