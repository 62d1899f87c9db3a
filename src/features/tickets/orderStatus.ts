import { readValue } from '../../firebase/database';
import { lineTicketNumbers, type Order, type OrderLine } from '../orders';
import { liveTicketStatus } from '../payments/model';
import { ticketId } from './ticket';
import { paths } from '../../firebase/paths';

type OrderForStatus = Pick<Order, 'uid' | 'id' | 'payment'> & {
  lines: readonly Pick<OrderLine, 'quantity' | 'event' | 'first'>[];
};

/** The status paths of the tickets an order issued (a line whose first ticket is missing issued none). */
async function issuedTickets(order: OrderForStatus): Promise<string[]> {
  const perLine = await Promise.all(
    order.lines.map(async (line) => {
      const numbers = lineTicketNumbers(line);
      if (numbers.length === 0 || (await readValue(paths.ticket(line.event, ticketId(order.id, line.first)))) === null)
        return [];
      return numbers.map((n) => paths.ticketStatus(line.event, ticketId(order.id, n)));
    }),
  );
  return perLine.flat();
}

/**
 * What a new order status means for the order's tickets, as paths of the same update that sets the status: void
 * while the order is cancelled, otherwise valid, or unpaid while a card or transfer payment is awaited
 * (docs/payments.md#tickets-once-paid), so a cancelled order never admits anyone and a reinstated one does again
 * once paid.
 */
export async function ticketStatusChanges(order: OrderForStatus, status: string): Promise<Record<string, unknown>> {
  const tickets = await issuedTickets(order);
  const ticketStatus = status === 'cancelled' ? 'void' : liveTicketStatus(order.payment);
  return Object.fromEntries(tickets.map((path) => [path, ticketStatus]));
}
