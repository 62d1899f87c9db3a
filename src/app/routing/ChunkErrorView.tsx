import { ErrorView } from './ErrorView';

/** Shown when a page's code could not be fetched: offline, a flaky connection, or a release replaced it. */
export function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <ErrorView
      title="This page didn’t load"
      message={
        offline
          ? 'You seem to be offline. Connect to the internet and try again; your wishlist is safe.'
          : 'The connection dropped or a new version of the shop was just released. Your wishlist is safe.'
      }
      onRetry={onRetry}
    >
      <button type="button" className="button button--outlined" onClick={() => window.location.reload()}>
        Reload the app
      </button>
    </ErrorView>
  );
}
