import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { usePageTitle } from '../app/usePageTitle';
import { formatMoney } from '../lib/money';
import { cartAtom, cartCountAtom, siteAtom } from '../state/atoms';

export default function CheckoutPage() {
  const cart = useAtomValue(cartAtom);
  const count = useAtomValue(cartCountAtom);
  const { currency, locale } = useAtomValue(siteAtom);
  usePageTitle('Checkout');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Checkout</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {cart.products.length === 0 ? (
          <>
            <Typography variant="h2" gutterBottom>
              Nothing to check out
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Your wishlist is empty. Add tickets or products first.
            </Typography>
            <Button component={Link} to="/products" variant="contained">
              Browse products
            </Button>
          </>
        ) : (
          <>
            <Typography variant="h2" gutterBottom>
              {count} {count === 1 ? 'item' : 'items'}, {formatMoney(cart.total, currency, locale)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Reserving online is not open yet. Your wishlist is saved on this device until it is.
            </Typography>
            <Button component={Link} to="/cart" variant="outlined">
              Back to wishlist
            </Button>
          </>
        )}
      </Paper>
    </Stack>
  );
}
