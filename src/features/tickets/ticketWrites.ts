import type { Product } from '../catalogue';
import type { NewOrder, OrderItem } from '../orders';
import { ticketId } from './ticket';
import { newTicketCode } from './ticketCode';
import { paths } from '../../firebase/paths';

/**
 * The tickets a new order issues, as paths of the same atomic update that creates the order: one per unit of
 * every product that has an event date, each with a fresh code. The rules accept them only together with the
 * brand-new order, and never more than its quantity.
 */
export function ticketWrites(
  uid: string,
  orderId: string,
  order: { items: Record<string, Pick<OrderItem, 'quantity'>>; contact: Pick<NewOrder['contact'], 'name'> },
  products: ReadonlyMap<string, Pick<Product, 'date'> | null>,
  created: unknown,
): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const [productId, line] of Object.entries(order.items)) {
    if (!products.get(productId)?.date) continue;
    for (let n = 0; n < line.quantity; n++) {
      writes[paths.ticket(productId, ticketId(orderId, n))] = {
        uid,
        order: orderId,
        n,
        code: newTicketCode(),
        holder: order.contact.name,
        status: 'valid',
        created,
      };
    }
  }
  return writes;
}
