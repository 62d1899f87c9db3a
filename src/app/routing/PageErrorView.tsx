import { Link } from 'react-router';
import { ErrorView } from './ErrorView';

/** What a visitor sees instead of a page that broke while rendering. */
export function PageErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorView title="Something went wrong" message="This page hit a problem. Your wishlist is safe." onRetry={onRetry}>
      <Link to="/home" className="button button--outlined" onClick={onRetry}>
        Go to the home page
      </Link>
    </ErrorView>
  );
}
