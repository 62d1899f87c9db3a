import { Workbox } from 'workbox-window';
import { offerUpdate } from './updatePrompt';

/** Open tabs look for a new version this often, besides the check the browser makes on every navigation. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (offline shell, route chunks, pictures) and offers new versions. Loaded after
 * first paint, so none of it delays the page.
 */
export function registerServiceWorker(): void {
  // Which build runs in this tab: support questions and the update tests read it.
  document.documentElement.dataset.build = String(import.meta.env.VITE_APP_BUILD ?? 'local');
  if (!('serviceWorker' in navigator)) return;

  const workbox = new Workbox('/sw.js');
  let reloadRequested = false;
  const reload = () => window.location.reload();

  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      reloadRequested = true;
      workbox.messageSkipWaiting();
    }),
  );
  workbox.addEventListener('controlling', (event) => {
    if (reloadRequested) reload();
    // Another tab took the new version: this one still runs the old code, whose files are no longer cached.
    else if (event.isUpdate || event.isExternal) offerUpdate(reload);
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
