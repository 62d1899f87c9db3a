import { type CatalogueState, limitedPerOrder, maxQuantity, type Product, saleWindow } from '../catalogue';
import { quantityOf } from '../../state/cart';
import type { CartItem } from '../../state/types';
import { lineTotal, toMinorUnits } from '../../lib/money';
import { typedTitle } from '../../lib/typedTitle';
import type { TaxableLine } from '../taxes/model';

export type ItemIssue =
  | { kind: 'unavailable' }
  | { kind: 'sold-out' }
  | { kind: 'too-many'; available: number }
  | { kind: 'over-limit'; limit: number }
  | { kind: 'under-minimum'; minimum: number }
  /** Sales open later: checkout waits for them, the wishlist may keep it. */
  | { kind: 'not-on-sale-yet'; opens: number }
  | { kind: 'sales-closed' }
  | { kind: 'price-changed'; was: number; now: number }
  /** A gift card's chosen amount that the organiser's bounds no longer take (docs/gift-cards.md#an-amount-the-buyer-chooses). */
  | { kind: 'amount-outside'; min: number; max: number };

/** Issues that need no change of the wishlist: a price to note, sales that open later. */
const WAITS_OR_INFORMS: ReadonlySet<ItemIssue['kind']> = new Set(['price-changed', 'not-on-sale-yet']);

export interface ReviewedItem {
  item: CartItem;
  /**
   * What the item is called: as the catalogue names it now, with its type, in the reader's language; the title
   * stored with it when its product is gone.
   */
  title: string;
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
  /** Something must change before checkout (sold out, not on sale, more than available, fewer than the least). */
  blocked: boolean;
  /** When the last of the items whose sales open later opens: checkout waits until then (null: none waits). */
  opens: number | null;
  /** Prices differ from when the items were added. */
  pricesChanged: boolean;
}

/**
 * The reviewed lines as tax sees them (docs/taxes.md#the-orders-tax): each at the price to charge, or at what a
 * voucher lowered it to (`lowered`, minor units a unit, by item), times its quantity, with its product's rate.
 */
export function taxableLines(
  review: Pick<WishlistReview, 'items'>,
  currency: string,
  lowered: Readonly<Record<string, number>> = {},
): TaxableLine[] {
  return review.items.map(({ item, quantity, price, product }) => ({
    id: item.id,
    amount: (lowered[item.id] ?? toMinorUnits(price, currency)) * quantity,
    ...(product?.taxRate ? { taxRate: product.taxRate } : {}),
    giftCard: Boolean(product?.giftCard),
    admission: Boolean(product?.date),
  }));
}

/** The quantity issues of a product on sale: none, or one. */
function quantityIssue(product: Product, quantity: number): ItemIssue | null {
  const available = maxQuantity(product);
  // Fewer left than one order must hold is as good as sold out.
  if (available === 0 || available < product.minPerOrder) return { kind: 'sold-out' };
  if (quantity > available) {
    return limitedPerOrder(product) ? { kind: 'over-limit', limit: available } : { kind: 'too-many', available };
  }
  return quantity < product.minPerOrder ? { kind: 'under-minimum', minimum: product.minPerOrder } : null;
}

/**
 * Checks the wishlist against the catalogue at `now`, the database's time (for on-sale windows). Only a live
 * catalogue can say a product is gone; a cached one (offline) still tells prices and stock as last seen.
 */
export function reviewWishlist(
  products: readonly CartItem[],
  catalogue: Pick<CatalogueState, 'source'>,
  byId: ReadonlyMap<string, Product>,
  now: number,
): WishlistReview {
  const items = products.map((item): ReviewedItem => {
    const product = byId.get(item.id);
    const quantity = quantityOf(item);
    const issues: ItemIssue[] = [];
    if (!product) {
      if (catalogue.source === 'live') issues.push({ kind: 'unavailable' });
    } else {
      const window = saleWindow(product, now);
      if (window.state === 'ended') issues.push({ kind: 'sales-closed' });
      else {
        if (window.state === 'upcoming') issues.push({ kind: 'not-on-sale-yet', opens: window.opens });
        const issue = quantityIssue(product, quantity);
        if (issue) issues.push(issue);
      }
      const bounds = product.giftCard?.amount;
      if (bounds) {
        if (item.price < bounds.min || item.price > bounds.max) issues.push({ kind: 'amount-outside', ...bounds });
      } else if (product.price !== item.price) {
        issues.push({ kind: 'price-changed', was: item.price, now: product.price });
      }
    }
    const title = product ? typedTitle(product.title, product.typeName) : item.title;
    // A gift card whose buyer chooses is charged what they chose.
    const price = product && !product.giftCard?.amount ? product.price : item.price;
    return { item, title, quantity, product, price, issues };
  });
  const openings = items.flatMap(({ issues }) => issues.flatMap((issue) => ('opens' in issue ? [issue.opens] : [])));
  return {
    items,
    total: lineTotal(items.map(({ price, quantity }) => ({ price, quantity }))),
    blocked: items.some(({ issues }) => issues.some((issue) => !WAITS_OR_INFORMS.has(issue.kind))),
    opens: openings.length > 0 ? Math.max(...openings) : null,
    pricesChanged: items.some(({ issues }) => issues.some((issue) => issue.kind === 'price-changed')),
  };
}
