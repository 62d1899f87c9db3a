import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from '../../lib/Link';
import { withMuiScope } from '../../lib/mui/MuiScope';
import { ClearWishlistButton } from './ClearWishlistButton';
import { WishlistItems } from './WishlistItems';

/** The wishlist's items and what to do with them, drawn with MUI: loaded when the wishlist has something in it. */
function WishlistPanel() {
  return (
    <>
      <WishlistItems />
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <ClearWishlistButton />
        <Button component={Link} to="/checkout" variant="contained">
          <Trans>Go to checkout</Trans>
        </Button>
      </Stack>
    </>
  );
}

export default withMuiScope(WishlistPanel);
