/**
 * What the expiry job and payments do to an order's tickets and places (docs/payments.md#tickets-once-paid), shared:
 * its lines as stored, which of its events issued tickets, the writes that set fields on every ticket of those
 * events, and what its lines hold of stock and shared quotas.
 */
import { paths } from '../../../src/firebase/paths';
import type { DeskEntry } from '../../../src/features/orders/deskIndex';
import { heldLines, lineTicketNumbers, type HeldLine } from '../../../src/features/orders/order';
import { ticketId } from '../../../src/features/tickets/ticket';
import { isRecord } from '../../../src/state/validation';

/** The order's lines as stored: what each holds of stock, quotas and tickets (a quantity of 0 when it does not say). */
export const itemsOf = (order: unknown): HeldLine[] => heldLines(isRecord(order) ? order.items : null);

/**
 * The first ticket of each of the order's events: an order written by hand, or before tickets, has none, and a
 * status written where no ticket is would be refused (a ticket is whole or not at all).
 */
export function firstTickets(entry: Pick<DeskEntry, 'order' | 'events'>): string[] {
  return Object.keys(entry.events ?? {}).map((eventId) => paths.ticket(eventId, ticketId(entry.order, 0)));
}

/** Whether `eventId`'s tickets of `orderId` exist, by its first ticket as read (firstTickets). */
export const ticketed = (reads: ReadonlyMap<string, unknown>, eventId: string, orderId: string): boolean =>
  reads.get(paths.ticket(eventId, ticketId(orderId, 0))) != null;

/** `fields` on every ticket of the order's lines whose event `issued` says has tickets, as update paths. */
export function ticketWrites(
  orderId: string,
  items: readonly HeldLine[],
  issued: (eventId: string) => boolean,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const line of items) {
    if (!issued(line.event)) continue;
    for (const n of lineTicketNumbers(line)) {
      const ticket = paths.ticket(line.event, ticketId(orderId, n));
      for (const [field, value] of Object.entries(fields)) writes[`${ticket}/${field}`] = value;
    }
  }
  return writes;
}

/** The paths of the stock and quotas the order's lines drew on (a product or quota not counted reads as no number). */
export const placePaths = (items: readonly HeldLine[]): string[] => [
  ...new Set(items.flatMap((line) => [paths.productStock(line.productId), ...line.quotas.map(paths.quotaLeft)])),
];

/**
 * How many places the order's lines hold of each counted stock and quota, by path (placePaths): of public sale, so
 * less what a voucher held for it (`fromVoucher`, docs/vouchers.md#holding-places).
 */
export function placesHeld(
  items: readonly HeldLine[],
  fromVoucher: { product: string; places: number } | null = null,
): Map<string, number> {
  const held = new Map<string, number>();
  for (const line of items) {
    const quantity = line.quantity - (line.productId === fromVoucher?.product ? fromVoucher.places : 0);
    if (quantity <= 0) continue;
    for (const path of [paths.productStock(line.productId), ...line.quotas.map(paths.quotaLeft)]) {
      held.set(path, (held.get(path) ?? 0) + quantity);
    }
  }
  return held;
}
