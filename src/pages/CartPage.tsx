import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../features/site/usePageTitle';
import { EmptyWishlist } from '../features/wishlist/EmptyWishlist';
import { cartAtom } from '../state/atoms';

// Drawn with MUI, and loaded (with the page, src/app/routing/pages.ts) only when there is something to show: a first
// visit, with nothing stored, draws the page plain (docs/styling.md).
const WishlistPanel = lazy(() => import('../features/wishlist/WishlistPanel'));

export default function CartPage() {
  const empty = useAtomValue(cartAtom).products.length === 0;
  const { t } = useLingui();
  usePageTitle(t`Wishlist`);
  return (
    <div className="page-stack">
      <h1 className="t-h1">
        <Trans>Wishlist</Trans>
      </h1>
      {empty ? (
        <EmptyWishlist />
      ) : (
        <Suspense fallback={null}>
          <WishlistPanel />
        </Suspense>
      )}
    </div>
  );
}
