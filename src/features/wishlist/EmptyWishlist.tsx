import { Trans } from '@lingui/react/macro';
import { EmptyCard } from '../../lib/EmptyCard';
import { Link } from '../../lib/Link';

/** The empty wishlist's heading, where focus goes once the list (and its "Clear wishlist" button) is gone. */
export const EMPTY_WISHLIST_ID = 'wishlist-empty';

/** The wishlist page with nothing in it, drawn plain: what a first visit to it shows (docs/styling.md). */
export function EmptyWishlist() {
  return (
    <EmptyCard
      headingId={EMPTY_WISHLIST_ID}
      heading={<Trans>Your wishlist is empty</Trans>}
      text={<Trans>Save tickets and products you like; your wishlist stays on this device, even offline.</Trans>}
      action={
        <Link to="/products" className="button button--contained">
          <Trans>Browse products</Trans>
        </Link>
      }
    />
  );
}
