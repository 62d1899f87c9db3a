import { rootAtom } from '../../state/atoms';
import { capQuantities, MAX_QUANTITY } from '../../state/cart';
import type { AppStore } from '../../state/store';
import { productsByIdAtom } from './catalogueState';

/**
 * Brings stored quantities within the 99-or-stock rule at start-up, by the catalogue last seen on this device
 * (products it does not know keep the general cap, which the stored state already had applied). Stock that
 * falls later, while the visitor looks, is told on the wishlist ("Only 3 left") rather than changed silently, and
 * so is a per-order limit (maxPerOrder) below the quantity: the visitor chooses what to take (docs/security.md).
 */
export function capWishlistToStock(store: AppStore): void {
  const byId = store.get(productsByIdAtom);
  const root = store.get(rootAtom);
  const cart = capQuantities(root.cart, (item) => Math.min(MAX_QUANTITY, byId.get(item.id)?.stock ?? MAX_QUANTITY));
  if (cart !== root.cart) store.set(rootAtom, { ...root, cart });
}
