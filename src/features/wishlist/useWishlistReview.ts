import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { cartAtom } from '../../state/atoms';
import { catalogueAtom, productsByIdAtom, useSaleNow } from '../catalogue';
import { reviewWishlist, type WishlistReview } from './review';

export function useWishlistReview(): WishlistReview {
  const cart = useAtomValue(cartAtom);
  const catalogue = useAtomValue(catalogueAtom);
  const byId = useAtomValue(productsByIdAtom);
  const inWishlist = useMemo(() => cart.products.flatMap((item) => byId.get(item.id) ?? []), [cart.products, byId]);
  // Rendered again when one of them opens or closes its sales: checkout follows without a reload.
  const now = useSaleNow(inWishlist);
  return useMemo(() => reviewWishlist(cart.products, catalogue, byId, now), [cart.products, catalogue, byId, now]);
}
