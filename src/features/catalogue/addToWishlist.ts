import { wishlist } from '../wishlist/appWishlist';
import { maxQuantity, type Product } from './product';

/** Adds a product to the wishlist within what is in stock. */
export function addToWishlist(product: Product): void {
  wishlist.add({ id: product.id, title: product.title, price: product.price, maxQuantity: maxQuantity(product) });
}
