import { rootAtom } from '../../state/atoms';
import { capQuantities } from '../../state/cart';
import type { AppStore } from '../../state/store';
import { productsByIdAtom } from '../catalogue/catalogueState';
import { maxQuantity } from '../catalogue/product';

/**
 * Brings stored quantities within the 99-or-stock rule at start-up, by the catalogue last seen on this device
 * (products it does not know keep the general cap, which the stored state already had applied). Stock that
 * falls later, while the visitor looks, is told on the wishlist ("Only 3 left") rather than changed silently.
 */
export function capWishlistToStock(store: AppStore): void {
  const byId = store.get(productsByIdAtom);
  const root = store.get(rootAtom);
  const cart = capQuantities(root.cart, (item) => maxQuantity(byId.get(item.id)));
  if (cart !== root.cart) store.set(rootAtom, { ...root, cart });
}
