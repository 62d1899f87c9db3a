import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { cartCountAtom } from '../../state/atoms';
import { preload } from './navigation';

export function wishlistLabel(count: number): string {
  return `Wishlist, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Opens the wishlist; the badge follows the wishlist live, across tabs too. */
export function WishlistButton() {
  const count = useAtomValue(cartCountAtom);
  return (
    <IconButton
      component={NavLink}
      to="/cart"
      color="inherit"
      aria-label={wishlistLabel(count)}
      onMouseEnter={() => preload('cart')}
      onFocus={() => preload('cart')}
    >
      <Badge badgeContent={count} color="secondary" max={99} data-testid="wishlist-count">
        <FavoriteBorderOutlined />
      </Badge>
    </IconButton>
  );
}
