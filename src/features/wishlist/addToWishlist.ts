import { wishlist } from './appWishlist';
import { limitedPerOrder, maxQuantity, type Product } from '../catalogue';
import { typedTitle } from '../../lib/typedTitle';

/**
 * Adds a product to the wishlist within what is left and what one order may hold; a type under its typed title
 * ("Harbour Jazz Night · Concession", docs/behaviour.md#types); a gift card at the amount its buyer chose (its price).
 */
export function addToWishlist(product: Product): void {
  const { id, price } = product;
  const title = typedTitle(product.title, product.typeName);
  wishlist.add({
    id,
    title,
    price,
    maxQuantity: maxQuantity(product),
    limitedPerOrder: limitedPerOrder(product),
    ...(product.giftCard?.amount ? { chosen: true } : {}),
  });
}
