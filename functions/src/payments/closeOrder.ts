/**
 * What closing an order does, whether its hold lapsed unpaid (expiry.ts) or staff cancelled it (cancel.ts): the
 * order and its index entries cancelled, its hold over, its open-order slot freed, what its lines took of stock and
 * shared quotas back on sale (or to the voucher that held them), the use it made of a voucher given back, its tickets void
 * (docs/payments.md#the-order-lifecycle). An order holds its places
 * exactly while it is not cancelled, so this runs once per order; the caller adds what it alone decides (the
 * payment's state, the email, who cancelled) to the same update.
 */
import { paths } from '../../../src/firebase/paths';
import { documentsWanted } from '../../../src/features/invoices/model/invoiceDocument';
import { deskPaths, deskStatusWrites, type DeskEntry } from '../../../src/features/orders/deskIndex';
import { slotOf } from '../../../src/features/orders/openOrders';
import { giftCardPaymentPath, giftCardToRead } from '../giftcards/giveBack';
import { heldPlaces, orderVoucher, voucherGiveBackWrites } from '../orders/voucherUse';
import { voucherPaths } from '../../../src/features/vouchers/model/voucher';
import { isRecord } from '../../../src/state/validation';
import { SERVER_TIME } from './settlePayment';
import { firstTickets, itemsOf, placePaths, placesHeld, ticketed, ticketWrites } from './orderTickets';

const increment = (by: number) => ({ '.sv': { increment: by } });

/**
 * What closing an order reads besides its index entry and itself: its owner's slots, its stock and quotas, its
 * tickets, and a gift card that paid it (its payment, then the card).
 */
export async function readForClose(
  db: { readAll(paths: readonly string[]): Promise<Map<string, unknown>> },
  entry: DeskEntry,
  order: unknown,
): Promise<Map<string, unknown>> {
  const voucher = orderVoucher(order);
  const reads = await db.readAll([
    paths.openOrders(entry.uid),
    ...placePaths(itemsOf(order)),
    ...firstTickets(entry),
    giftCardPaymentPath(entry),
    // A voucher that held places for it: they go back to it while it still holds.
    ...(voucher?.held ? [voucherPaths.voucher(voucher.code)] : []),
  ]);
  const card = giftCardToRead(entry, reads);
  return card.length > 0 ? new Map([...reads, ...(await db.readAll(card))]) : reads;
}

/** The writes that close order `entry` (index key `key`) at `now`, decided from `order` and what readForClose read. */
export function closeOrderWrites(
  key: string,
  entry: DeskEntry,
  order: unknown,
  reads: ReadonlyMap<string, unknown>,
  now: number,
): Record<string, unknown> {
  const { uid, order: orderId } = entry;
  const update: Record<string, unknown> = {
    [paths.orderStatus(uid, orderId)]: 'cancelled',
    ...deskStatusWrites(key, entry, 'cancelled'),
    [`${deskPaths.order(key)}/hold`]: null,
    // A paid order cancelled gets a credit note of its invoice (docs/invoices.md#issuing); one never paid has none.
    ...(isRecord(order) && isRecord(order.pay) && order.pay.state === 'paid' ? documentsWanted(key, SERVER_TIME) : {}),
  };
  const slot = slotOf(reads.get(paths.openOrders(uid)), orderId);
  if (slot) update[paths.openOrderSlot(uid, slot)] = null;
  const items = itemsOf(order);
  const voucher = orderVoucher(order);
  const kept = voucher ? heldPlaces(voucher, reads.get(voucherPaths.voucher(voucher.code)), now) : null;
  if (kept) update[kept.path] = increment(kept.places);
  for (const [path, quantity] of placesHeld(items, kept)) {
    // Stock or a quota that is not counted (no number) stays uncounted; what was taken of a counted one goes back.
    if (typeof reads.get(path) === 'number') update[path] = increment(quantity);
  }
  if (voucher) Object.assign(update, voucherGiveBackWrites(voucher.code, key));
  return {
    ...update,
    ...ticketWrites(orderId, items, (eventId) => ticketed(reads, eventId, orderId), { status: 'void' }),
  };
}
