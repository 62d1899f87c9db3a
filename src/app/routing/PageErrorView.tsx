import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '../../lib/Link';
import { ErrorView } from './ErrorView';

/** What a visitor sees instead of a page that broke while rendering. */
export function PageErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <ErrorView
      title={t`Something went wrong`}
      message={t`This page hit a problem. Your wishlist is safe.`}
      onRetry={onRetry}
    >
      <Link to="/home" className="button button--outlined" onClick={onRetry}>
        <Trans>Go to the home page</Trans>
      </Link>
    </ErrorView>
  );
}
