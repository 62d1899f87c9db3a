import { lineTotal } from '../../lib/money';
import type { Product } from '../catalogue/product';
import { ticketWrites } from '../tickets/ticketWrites';
import type { CheckoutFields } from './checkoutForm';

export interface OrderLine {
  productId: string;
  quantity: number;
}

/** What the database holds for one order (DESIGN.md), less `created`, which the server stamps. */
export interface OrderDraft {
  items: Record<string, { title: string; price: number; quantity: number }>;
  total: number;
  status: 'pending';
  contact: { name: string; email: string; telephone?: string };
  notes?: string;
}

/** Why an order cannot be placed as it stands; the wishlist is left as it was. */
export class OrderProblem extends Error {
  override name = 'OrderProblem';
  constructor(
    message: string,
    readonly productIds: string[] = [],
  ) {
    super(message);
  }
}

/**
 * Builds the order at the products' current prices, as read from the database just now. Refuses when a product
 * is gone or has too few left, naming them.
 */
export function buildOrder(lines: readonly OrderLine[], current: ReadonlyMap<string, Product | null>, contact: CheckoutFields): OrderDraft {
  const gone = lines.filter((line) => !current.get(line.productId)?.active);
  if (gone.length > 0) {
    throw new OrderProblem('Some items are no longer on sale. Remove them from your wishlist and try again.', gone.map((line) => line.productId));
  }
  const short = lines.filter((line) => {
    const stock = current.get(line.productId)?.stock;
    return stock != null && stock < line.quantity;
  });
  if (short.length > 0) {
    const names = short.map((line) => current.get(line.productId)!.title).join(', ');
    throw new OrderProblem(`Not enough left of: ${names}. Someone may just have bought the last ones; your wishlist is unchanged.`, short.map((line) => line.productId));
  }
  const items: OrderDraft['items'] = {};
  for (const line of lines) {
    const product = current.get(line.productId)!;
    items[line.productId] = { title: product.title, price: product.price, quantity: line.quantity };
  }
  const telephone = contact.telephone.trim();
  const notes = contact.notes.trim();
  return {
    items,
    total: lineTotal(Object.values(items)),
    status: 'pending',
    contact: { name: contact.name.trim(), email: contact.email.trim(), ...(telephone ? { telephone } : {}) },
    ...(notes ? { notes } : {}),
  };
}

/**
 * The one atomic update that places an order: the order itself and, for every product whose stock is counted,
 * the stock it leaves and which order took it. The rules accept it only against the stock it was computed from.
 */
export function reservationUpdate(uid: string, orderId: string, order: OrderDraft, current: ReadonlyMap<string, Product | null>, created: unknown): Record<string, unknown> {
  const update: Record<string, unknown> = { [`orders/${uid}/${orderId}`]: { ...order, created } };
  for (const [productId, line] of Object.entries(order.items)) {
    const stock = current.get(productId)?.stock;
    if (stock == null) continue;
    update[`products/${productId}/stock`] = stock - line.quantity;
    update[`products/${productId}/reservedFor`] = orderId;
  }
  // Tickets of dated products go in the same update: no order without its tickets, no ticket without its order.
  Object.assign(update, ticketWrites(uid, orderId, order, current, created));
  return update;
}
