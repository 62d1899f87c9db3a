import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorView } from './ErrorView';

/** Shown when a page's code could not be fetched: offline, a flaky connection, or a release replaced it. */
export function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <ErrorView
      title={t`This page didn’t load`}
      message={
        offline
          ? t`You seem to be offline. Connect to the internet and try again; your wishlist is safe.`
          : t`The connection dropped or a new version of the shop was just released. Your wishlist is safe.`
      }
      onRetry={onRetry}
    >
      <button type="button" className="button button--outlined" onClick={() => window.location.reload()}>
        <Trans>Reload the app</Trans>
      </button>
    </ErrorView>
  );
}
