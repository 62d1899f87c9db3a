import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavLink } from '../../lib/Link';
import { Icon } from '../../lib/Icon';
import { cartCountAtom } from '../../state/atoms';
import { preload } from './navigation';

/** Opens the wishlist; the badge follows the wishlist live, across tabs too. */
export function WishlistButton() {
  const { t } = useLingui();
  const count = useAtomValue(cartCountAtom);
  return (
    <NavLink
      to="/cart"
      className="icon-button"
      aria-label={t`Wishlist, ${plural(count, { one: '# item', other: '# items' })}`}
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
