import { Trans, useLingui } from '@lingui/react/macro';
import { withMuiScope } from '../lib/mui/MuiScope';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link } from '../lib/Link';
import { usePageTitle } from '../features/site/usePageTitle';
import { ClearWishlistButton, EMPTY_WISHLIST_ID } from '../features/wishlist/ClearWishlistButton';
import { WishlistItems } from '../features/wishlist/WishlistItems';
import { cartAtom } from '../state/atoms';

function CartPage() {
  const cart = useAtomValue(cartAtom);
  const { t } = useLingui();
  usePageTitle(t`Wishlist`);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">
        <Trans>Wishlist</Trans>
      </Typography>
      {cart.products.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          {/* Focus lands here after "Clear wishlist" (ClearWishlistButton): the button it was on is gone. */}
          <Typography variant="h2" gutterBottom id={EMPTY_WISHLIST_ID} tabIndex={-1}>
            <Trans>Your wishlist is empty</Trans>
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            <Trans>Save tickets and products you like; your wishlist stays on this device, even offline.</Trans>
          </Typography>
          <Button component={Link} to="/products" variant="contained">
            <Trans>Browse products</Trans>
          </Button>
        </Paper>
      ) : (
        <>
          <WishlistItems />
          <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <ClearWishlistButton />
            <Button component={Link} to="/checkout" variant="contained">
              <Trans>Go to checkout</Trans>
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

export default withMuiScope(CartPage);
