import { afterFirstPaint } from '../lib/afterFirstPaint';
import { nextTask } from '../lib/nextTask';
import { retryWhenOnline } from '../lib/retryWhenOnline';
import type { AppStore } from '../state/store';

/** Runs the steps one a task, in order. */
async function inTurn(steps: (() => unknown)[]): Promise<void> {
  for (const step of steps) {
    step();
    await nextTask();
  }
}

/**
 * Starts the live database subscriptions after first paint, so the page shows the last known state at once and
 * Firebase never delays it. If even the code for it cannot be fetched (offline on a first visit), it tries
 * again when the browser comes back online.
 */
export function startLiveDataAfterPaint(store: AppStore): void {
  const start = () =>
    Promise.all([
      import('../features/site/liveSite'),
      import('../features/catalogue/liveCatalogue'),
      import('../features/contact/appOutbox'),
      import('../features/account/authSession'),
      import('../features/payments/livePaymentSettings'),
    ]).then(
      ([
        { startLiveSite },
        { startCatalogue },
        { contactOutbox },
        { startAuthSession },
        { startLivePaymentSettings },
      ]) =>
        // One a task: each handles its first data as it comes, and together they made one long task on a phone
        // (docs/performance.md#the-start-up-in-short-tasks).
        inTurn([
          () => startLiveSite(store),
          () => startCatalogue(store),
          () => startLivePaymentSettings(store),
          // Reconciles the stored sign-in with Firebase's own session: a stale one grants nothing.
          () => startAuthSession(store),
          // Messages queued on an earlier visit go out as soon as the connection is up.
          () => void contactOutbox.flush(),
        ]),
    );
  afterFirstPaint(() => retryWhenOnline(start, 'Live updates could not start'));
  // What makes the shop an app (src/features/pwa: service worker, updates, offline bar, install offer) is never
  // on the way to first paint either.
  afterFirstPaint(() => {
    import('../features/pwa/startPwa')
      .then(({ startPwa }) => startPwa(store))
      .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
  });
}
