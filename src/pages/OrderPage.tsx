import { withMuiScope } from '../lib/mui/MuiScope';
import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../features/site/usePageTitle';

// The order and its tickets load apart, with the QR encoder.
const LinkedOrder = lazy(() => import('../features/tickets/LinkedOrderPanel'));

/** The order page behind the emailed link (/order#secret), and where the card provider sends its buyer back. */
function OrderPage() {
  const { t } = useLingui();
  usePageTitle(t`Your order`);
  const { hash, search } = useLocation();
  // Back from the card provider's page (docs/payments.md#card-payments): ?card=paid or ?card=cancelled.
  const card = new URLSearchParams(search).get('card');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        <Trans>Your order</Trans>
      </Typography>
      <Suspense
        fallback={
          <Typography role="status">
            <Trans>Opening your order…</Trans>
          </Typography>
        }
      >
        <LinkedOrder hash={hash} cardReturn={card === 'paid' || card === 'cancelled' ? card : null} />
      </Suspense>
    </Stack>
  );
}

export default withMuiScope(OrderPage);
