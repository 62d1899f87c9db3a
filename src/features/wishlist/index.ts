/** What other features may use of the wishlist: the app's wishlist and its review against the catalogue. */
export { wishlist } from './appWishlist';
export type { ItemIssue } from './review';
export { useWishlistReview } from './useWishlistReview';
export type { WishlistReview } from './review';
export { taxableLines } from './review';
