import { readValue } from '../../firebase/database';
import type { Order, OrderLine } from '../orders';
import { ticketId } from './ticket';
import { paths } from '../../firebase/paths';

type OrderForStatus = Pick<Order, 'uid' | 'id'> & { lines: readonly Pick<OrderLine, 'productId' | 'quantity'>[] };

/** The status paths of the tickets an order issued (a line whose first ticket is missing issued none). */
async function issuedTickets(order: OrderForStatus): Promise<string[]> {
  const perLine = await Promise.all(
    order.lines.map(async (line) => {
      if ((await readValue(paths.ticket(line.productId, ticketId(order.id, 0)))) === null) return [];
      return Array.from({ length: line.quantity }, (_, n) => paths.ticketStatus(line.productId, ticketId(order.id, n)));
    }),
  );
  return perLine.flat();
}

/**
 * What a new order status means for the order's tickets, as paths of the same update that sets the status: void
 * while the order is cancelled, valid otherwise, so a cancelled order never admits anyone and a reinstated one
 * does again.
 */
export async function ticketStatusChanges(order: OrderForStatus, status: string): Promise<Record<string, unknown>> {
  const tickets = await issuedTickets(order);
  const ticketStatus = status === 'cancelled' ? 'void' : 'valid';
  return Object.fromEntries(tickets.map((path) => [path, ticketStatus]));
}
