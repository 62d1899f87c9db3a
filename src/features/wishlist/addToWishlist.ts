import { wishlist } from './appWishlist';
import { limitedPerOrder, maxQuantity, type Product } from '../catalogue';

/** Adds a product to the wishlist within what is in stock and what one order may hold. */
export function addToWishlist(product: Product): void {
  const { id, title, price } = product;
  wishlist.add({ id, title, price, maxQuantity: maxQuantity(product), limitedPerOrder: limitedPerOrder(product) });
}
