import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../features/site/usePageTitle';
import { CheckoutView } from '../features/checkout/CheckoutView';

export default function CheckoutPage() {
  usePageTitle('Checkout');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Checkout</Typography>
      <CheckoutView />
    </Stack>
  );
}
