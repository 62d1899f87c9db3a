/**
 * What the expiry job and payments do to an order's tickets (docs/payments.md#tickets-once-paid), shared: its lines
 * as stored, which of its events issued tickets, and the writes that set fields on every ticket of those events.
 */
import { paths } from '../../../src/firebase/paths';
import type { DeskEntry } from '../../../src/features/orders/deskIndex';
import { ticketId } from '../../../src/features/tickets/ticket';
import { isRecord } from '../../../src/state/validation';

/** The order's lines as [productId, quantity] (0 for a line that does not say). */
export const itemsOf = (order: unknown): [string, number][] =>
  Object.entries(isRecord(order) && isRecord(order.items) ? order.items : {}).map(([id, item]) => [
    id,
    isRecord(item) && typeof item.quantity === 'number' ? item.quantity : 0,
  ]);

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
  items: readonly [string, number][],
  issued: (eventId: string) => boolean,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const [eventId, quantity] of items) {
    if (!issued(eventId)) continue;
    for (let n = 0; n < quantity; n++) {
      const ticket = paths.ticket(eventId, ticketId(orderId, n));
      for (const [field, value] of Object.entries(fields)) writes[`${ticket}/${field}`] = value;
    }
  }
  return writes;
}
