import { Workbox } from 'workbox-window';
import { liveStatusAtom } from '../../state/liveAtoms';
import type { AppStore } from '../../state/store';
import { offerUpdate } from './updatePrompt';

/** Open tabs look for a new version this often, besides the check the browser makes on every navigation. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** The longest installation waits for the page's live data (offline, or the database away). */
const SETTLE_TIMEOUT_MS = 10_000;
/** Where the browser has no idle callback (Safari), this pause after the data stands in for one. */
const IDLE_FALLBACK_MS = 1000;

/**
 * Resolves once the page has its live data (or has waited long enough), at an idle moment after that. Installing
 * the worker downloads the whole app (every chunk, picture and icon) into its cache; on a slow phone network it
 * would otherwise compete with the visit's own code, data and pictures.
 */
function whenPageSettled(store: AppStore): Promise<void> {
  return new Promise<void>((resolve) => {
    const settle = () => {
      unsubscribe();
      window.clearTimeout(timer);
      resolve();
    };
    const unsubscribe = store.sub(liveStatusAtom, () => {
      if (store.get(liveStatusAtom) === 'live') settle();
    });
    const timer = window.setTimeout(settle, SETTLE_TIMEOUT_MS);
    if (store.get(liveStatusAtom) === 'live') settle();
  }).then(
    () =>
      new Promise<void>((resolve) => {
        // Typed as always there, which Safari's window is not.
        if (typeof window.requestIdleCallback === 'function')
          window.requestIdleCallback(() => resolve(), { timeout: IDLE_FALLBACK_MS * 2 });
        else setTimeout(resolve, IDLE_FALLBACK_MS);
      }),
  );
}

/**
 * Registers the service worker (offline shell, route chunks, pictures) and offers new versions, once the page
 * has settled (see whenPageSettled): none of it delays the visit.
 */
export function registerServiceWorker(store: AppStore): void {
  // Which build runs in this tab: support questions and the update tests read it.
  document.documentElement.dataset.build = String(import.meta.env.VITE_APP_BUILD ?? 'local');
  if (!('serviceWorker' in navigator)) return;
  void whenPageSettled(store).then(() => register());
}

function register(): void {
  const workbox = new Workbox('/sw.js');
  // A page no worker controlled runs what the server just sent: the first worker to take it over (the first
  // visit's, which an earlier page of the visit may have installed) brings nothing newer. Only a later one does.
  let controlled = navigator.serviceWorker.controller !== null;
  let reloadRequested = false;
  const reload = () => window.location.reload();

  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      reloadRequested = true;
      workbox.messageSkipWaiting();
    }),
  );
  workbox.addEventListener('controlling', (event) => {
    const firstTakeover = !controlled;
    controlled = true;
    if (reloadRequested) reload();
    // Another tab took the new version: this one still runs the old code, whose files are no longer cached.
    else if (!firstTakeover && (event.isUpdate || event.isExternal)) offerUpdate(reload);
  });

  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      const check = () =>
        registration.update().catch(() => {
          // Offline or the server is away: the next check tries again.
        });
      window.setInterval(check, UPDATE_CHECK_MS);
      // An installed app can sit in the background for days, where timers barely run: look again on return.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
}
