import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { NothingToCheckOut } from '../features/checkout/NothingToCheckOut';
import { pendingRequest } from '../features/checkout/pendingRequest';
import { usePageTitle } from '../features/site/usePageTitle';
import { cartAtom } from '../state/atoms';

// Drawn with MUI, and loaded (with the page, src/app/routing/pages.ts) only when there is something to order: a
// first visit, with nothing stored, draws the page plain (docs/styling.md).
const CheckoutPanel = lazy(() => import('../features/checkout/CheckoutPanel'));

function EmptyCheckout() {
  const { t } = useLingui();
  usePageTitle(t`Checkout`);
  return (
    <div className="page-stack">
      <h1 className="t-h1">
        <Trans>Checkout</Trans>
      </h1>
      <NothingToCheckOut />
    </div>
  );
}

export default function CheckoutPage() {
  const hasItems = useAtomValue(cartAtom).products.length > 0;
  // Once drawn, the checkout stays: it confirms the order after the order has emptied the wishlist, and a request
  // waiting for its answer is followed there.
  const [drawn, setDrawn] = useState(() => hasItems || pendingRequest() !== null);
  if (hasItems && !drawn) setDrawn(true);
  return drawn ? (
    <Suspense fallback={null}>
      <CheckoutPanel />
    </Suspense>
  ) : (
    <EmptyCheckout />
  );
}
