import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { cartAtom } from '../../state/atoms';
import { catalogueAtom, productsByIdAtom } from '../catalogue';
import { reviewWishlist, type WishlistReview } from './review';

export function useWishlistReview(): WishlistReview {
  const cart = useAtomValue(cartAtom);
  const catalogue = useAtomValue(catalogueAtom);
  const byId = useAtomValue(productsByIdAtom);
  return useMemo(() => reviewWishlist(cart.products, catalogue, byId), [cart.products, catalogue, byId]);
}
