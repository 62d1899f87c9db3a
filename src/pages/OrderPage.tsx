import { withMuiScope } from '../lib/mui/MuiScope';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../features/site/usePageTitle';

// The order and its tickets load apart, with the QR encoder.
const LinkedOrder = lazy(() => import('../features/tickets/LinkedOrderPanel'));

/** The order page behind the emailed link (/order#secret). */
function OrderPage() {
  usePageTitle('Your order');
  const { hash } = useLocation();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Your order</Typography>
      <Suspense fallback={<Typography role="status">Opening your order…</Typography>}>
        <LinkedOrder hash={hash} />
      </Suspense>
    </Stack>
  );
}

export default withMuiScope(OrderPage);
