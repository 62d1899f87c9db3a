import type { Product } from '../catalogue';
import { isRecord } from '../../state/validation';
import type { CheckoutFields } from './checkoutFields';
import { orderTotal, type NewOrder, type WantedLine } from '../orders';
import { ticketWrites } from '../tickets';
import { paths } from '../../firebase/paths';

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

const titles = (lines: readonly WantedLine[], current: ReadonlyMap<string, Product | null>) =>
  lines.map((line) => current.get(line.productId)!.title).join(', ');

/**
 * Builds the order at the products' current prices, as read from the database just now. Refuses when a product
 * is gone, has too few left or is wanted more often than one order may hold, naming them.
 */
export function buildOrder(
  lines: readonly WantedLine[],
  current: ReadonlyMap<string, Product | null>,
  contact: CheckoutFields,
): NewOrder {
  const gone = lines.filter((line) => !current.get(line.productId)?.active);
  if (gone.length > 0) {
    throw new OrderProblem(
      'Some items are no longer on sale. Remove them from your wishlist and try again.',
      gone.map((line) => line.productId),
    );
  }
  const short = lines.filter((line) => {
    const stock = current.get(line.productId)?.stock;
    return stock != null && stock < line.quantity;
  });
  if (short.length > 0) {
    throw new OrderProblem(
      `Not enough left of: ${titles(short, current)}. ` +
        'Someone may just have bought the last ones; your wishlist is unchanged.',
      short.map((line) => line.productId),
    );
  }
  const overLimit = lines.filter((line) => line.quantity > current.get(line.productId)!.maxPerOrder);
  if (overLimit.length > 0) {
    const limits = overLimit.map((line) => {
      const { maxPerOrder, title } = current.get(line.productId)!;
      return `${maxPerOrder} of ${title}`;
    });
    throw new OrderProblem(
      `One order may hold at most ${limits.join(', ')}. Lower the quantity in your wishlist and try again.`,
      overLimit.map((line) => line.productId),
    );
  }
  const items: NewOrder['items'] = {};
  for (const line of lines) {
    const product = current.get(line.productId)!;
    items[line.productId] = { title: product.title, price: product.price, quantity: line.quantity };
  }
  const telephone = contact.telephone.trim();
  const notes = contact.notes.trim();
  return {
    items,
    total: orderTotal({ items }),
    status: 'pending',
    contact: { name: contact.name.trim(), email: contact.email.trim(), ...(telephone ? { telephone } : {}) },
    ...(notes ? { notes } : {}),
  };
}

export interface Reservation {
  uid: string;
  orderId: string;
  /** The free open-order slot the order takes (see openOrders.ts). */
  slot: string;
  /** The server's timestamp placeholder, which the rules require as `created`. */
  created: unknown;
}

/**
 * The one atomic update that places an order: the order itself, the open-order slot it takes, for every
 * product whose stock is counted, the stock it leaves, and the tickets of dated products. The rules accept it only against the stock it was computed
 * from (docs/security.md).
 */
export function reservationUpdate(
  order: NewOrder,
  current: ReadonlyMap<string, Product | null>,
  at: Reservation,
): Record<string, unknown> {
  const update: Record<string, unknown> = {
    [paths.order(at.uid, at.orderId)]: { ...order, created: at.created },
    [paths.openOrderSlot(at.uid, at.slot)]: at.orderId,
  };
  for (const [productId, line] of Object.entries(order.items)) {
    const stock = current.get(productId)?.stock;
    if (stock != null) update[paths.productStock(productId)] = stock - line.quantity;
  }
  // Tickets of dated products go in the same update: no order without its tickets, no ticket without its order.
  Object.assign(update, ticketWrites(at.uid, at.orderId, order, current, at.created));
  return update;
}

/**
 * Whether `stored` (an order read back from the database) is the order the buyer asks for: the same products in
 * the same quantities for the same name and email. Its prices and titles are the catalogue's when it was placed.
 */
export function isSameOrder(
  stored: unknown,
  lines: readonly WantedLine[],
  contact: CheckoutFields,
): stored is NewOrder {
  if (!isRecord(stored) || !isRecord(stored.items) || !isRecord(stored.contact)) return false;
  const items = stored.items;
  const sameItems =
    Object.keys(items).length === lines.length &&
    lines.every(({ productId, quantity }) => {
      const got = items[productId];
      if (!isRecord(got)) return false;
      return got.quantity === quantity && typeof got.price === 'number' && typeof got.title === 'string';
    });
  return sameItems && stored.contact.name === contact.name.trim() && stored.contact.email === contact.email.trim();
}
