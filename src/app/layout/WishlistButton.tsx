import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { Icon } from '../../lib/Icon';
import { cartCountAtom } from '../../state/atoms';
import { preload } from './navigation';

function wishlistLabel(count: number): string {
  return `Wishlist, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Opens the wishlist; the badge follows the wishlist live, across tabs too. */
export function WishlistButton() {
  const count = useAtomValue(cartCountAtom);
  return (
    <NavLink
      to="/cart"
      className="icon-button"
      aria-label={wishlistLabel(count)}
      onMouseEnter={() => preload('cart')}
      onFocus={() => preload('cart')}
    >
      <span className="wishlist-badge" data-testid="wishlist-count">
        <Icon name="favouriteBorder" />
        {count > 0 && (
          <span className="wishlist-badge__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </NavLink>
  );
}
