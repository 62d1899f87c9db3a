import { type CatalogueState, limitedPerOrder, maxQuantity, type Product } from '../catalogue';
import { quantityOf } from '../../state/cart';
import type { CartItem } from '../../state/types';
import { lineTotal } from '../../lib/money';

export type ItemIssue =
  | { kind: 'unavailable' }
  | { kind: 'sold-out' }
  | { kind: 'too-many'; available: number }
  | { kind: 'over-limit'; limit: number }
  | { kind: 'price-changed'; was: number; now: number };

export interface ReviewedItem {
  item: CartItem;
  quantity: number;
  product: Product | undefined;
  /** The price to charge: the live catalogue's where known, else the one saved with the item. */
  price: number;
  issues: ItemIssue[];
}

export interface WishlistReview {
  items: ReviewedItem[];
  /** Total at the prices to charge. */
  total: number;
  /** Something must change before checkout (sold out, not on sale, more than available). */
  blocked: boolean;
  /** Prices differ from when the items were added. */
  pricesChanged: boolean;
}

/**
 * Checks the wishlist against the catalogue. Only a live catalogue can say a product is gone; a cached one
 * (offline) still tells prices and stock as last seen.
 */
export function reviewWishlist(
  products: readonly CartItem[],
  catalogue: Pick<CatalogueState, 'source'>,
  byId: ReadonlyMap<string, Product>,
): WishlistReview {
  const items = products.map((item): ReviewedItem => {
    const product = byId.get(item.id);
    const quantity = quantityOf(item);
    const issues: ItemIssue[] = [];
    if (!product) {
      if (catalogue.source === 'live') issues.push({ kind: 'unavailable' });
    } else {
      const available = maxQuantity(product);
      if (available === 0) issues.push({ kind: 'sold-out' });
      else if (quantity > available) {
        const perOrder = limitedPerOrder(product);
        issues.push(perOrder ? { kind: 'over-limit', limit: available } : { kind: 'too-many', available });
      }
      if (product.price !== item.price) issues.push({ kind: 'price-changed', was: item.price, now: product.price });
    }
    return { item, quantity, product, price: product?.price ?? item.price, issues };
  });
  return {
    items,
    total: lineTotal(items.map(({ price, quantity }) => ({ price, quantity }))),
    blocked: items.some(({ issues }) => issues.some((issue) => issue.kind !== 'price-changed')),
    pricesChanged: items.some(({ issues }) => issues.some((issue) => issue.kind === 'price-changed')),
  };
}
