import { isRecord } from '../../state/validation';
import type { CheckoutFields } from './checkoutFields';
import type { NewOrder, WantedLine } from '../orders';

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
 * Whether `stored` (an order read back from the database) is the order the buyer asks for: the same products in
 * the same quantities, for the same name and email when the contact is known (a request resumed after a reload
 * has only its id and the wishlist). Its prices and titles are the catalogue's when it was placed.
 */
export function isSameOrder(
  stored: unknown,
  lines: readonly WantedLine[],
  contact: CheckoutFields | null,
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
  if (!sameItems || contact === null) return sameItems;
  return stored.contact.name === contact.name.trim() && stored.contact.email === contact.email.trim();
}
