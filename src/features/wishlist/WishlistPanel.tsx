import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAtomValue } from 'jotai';
import { Link } from '../../lib/Link';
import { siteAtom } from '../../state/atoms';
import { VoucherOnWishlist } from '../vouchers';
import { useWishlistReview } from './useWishlistReview';
import { withMuiScope } from '../../lib/mui/MuiScope';
import { ClearWishlistButton } from './ClearWishlistButton';
import { WishlistItems } from './WishlistItems';

/** The wishlist's items and what to do with them, drawn with MUI: loaded when the wishlist has something in it. */
function WishlistPanel() {
  const review = useWishlistReview();
  const { currency } = useAtomValue(siteAtom);
  const lines = review.items.map(({ item, title, quantity, price }) => ({ id: item.id, title, quantity, price }));
  return (
    <>
      <WishlistItems />
      <VoucherOnWishlist lines={lines} currency={currency} />
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
