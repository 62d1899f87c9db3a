import { Trans } from '@lingui/react/macro';
import { EmptyCard } from '../../lib/EmptyCard';
import { Link } from '../../lib/Link';

/** The checkout with an empty wishlist, drawn plain: what a first visit to it shows (docs/styling.md). */
export function NothingToCheckOut() {
  return (
    <EmptyCard
      heading={<Trans>Nothing to check out</Trans>}
      text={<Trans>Your wishlist is empty. Add tickets or products first.</Trans>}
      action={
        <Link to="/products" className="button button--contained">
          <Trans>Browse products</Trans>
        </Link>
      }
    />
  );
}
