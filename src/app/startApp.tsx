import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { watchLaunch } from '../features/site/comingSoonAtoms';
import { capWishlistToStock } from '../features/catalogue/stockCap';
import { keepVoucherFromLink, keptVoucher } from '../features/vouchers/buyer/keptVoucher';
import { unlockWithKeptVoucher } from '../features/vouchers/buyer/unlockWithVoucher';
import {
  FIRST_VISIT_DATA_ID,
  FIRST_VISIT_PAGES,
  OWN_STATE_ATTRIBUTE,
  VISITORS_OWN_PAGES,
  applyFirstVisitData,
  readFirstVisitData,
} from './firstVisit';
import { appStore } from '../state/appStore';
import { hydratingAtom, rootAtom } from '../state/atoms';
import { setInBackground } from '../state/setInBackground';
import { serverNowAtom, serverOffsetAtom } from '../state/liveAtoms';
import { App } from './App';
import { dropEarlyPresses, replayEarlyInput, takeEarlyInput } from './earlyInput';
import { pages } from './routing/pages';
import { showStartFailed } from './startFailed';
import { startLiveDataAfterPaint } from './startLiveData';
import { startLanguage } from './language';
import { nextTask } from '../lib/nextTask';

function rootOptions(container: HTMLElement, unmount: () => void): RootOptions {
  return {
    onUncaughtError(error) {
      console.error('Start-up failed while rendering:', error);
      // React is still committing when it reports the error; replace its tree once it has finished.
      setTimeout(() => {
        unmount();
        showStartFailed(container);
      });
    },
  };
}

function render(container: HTMLElement): void {
  // The app shell has no buttons: a press kept so far was not meant for the page about to render.
  dropEarlyPresses();
  const root = createRoot(
    container,
    rootOptions(container, () => root.unmount()),
  );
  // A transition renders in slices, so the first render never holds the main thread in one long task.
  startTransition(() => root.render(<App store={appStore} Router={BrowserRouter} />));
  startLiveDataAfterPaint(appStore);
}

/**
 * Takes over a page the server rendered (src/ssr): from the same data (applied by startApp), with the visitor's
 * own sign-in, wishlist and language held back until React has adopted the HTML (hydratingAtom). Live data starts
 * after that, so nothing changes under the hydration.
 */
async function hydrate(container: HTMLElement, page: () => Promise<unknown>): Promise<void> {
  try {
    // The page's chunk must be there, or the first render would be a loading state where the HTML has the page.
    await page();
  } catch (error) {
    console.warn('The page’s code could not be loaded; the page starts from scratch:', error);
    appStore.set(hydratingAtom, false);
    container.replaceChildren();
    render(container);
    return;
  }
  let hydrated = false;
  const early = takeEarlyInput(container);
  const onMounted = () => {
    if (hydrated) return;
    hydrated = true;
    // In the background: it re-renders whatever shows the visitor's own state (and the contact form). Writes
    // never depended on it (the wishlist changes the stored root), so a replayed tap is safe either way.
    setInBackground(appStore, hydratingAtom, false);
    // The page is live: from now on its clock is this device's (corrected by the server's offset) again.
    setInBackground(appStore, serverNowAtom, Date.now() + appStore.get(serverOffsetAtom));
    startLiveDataAfterPaint(appStore);
    // After this commit; the store already holds the visitor's own state.
    setTimeout(() => replayEarlyInput(early));
  };
  const options: RootOptions = {
    ...rootOptions(container, () => root?.unmount()),
    // React then renders that part in the browser instead: the visitor sees the right page either way.
    onRecoverableError: (error) =>
      console.warn('The page from the server did not match; rendered here instead:', error),
  };
  let root: Root | undefined;
  // As a transition, hydration goes in slices too, and the page stays responsive while React adopts it.
  startTransition(() => {
    root = hydrateRoot(container, <App store={appStore} Router={BrowserRouter} onMounted={onMounted} />, options);
  });
}

export function startApp(container: HTMLElement | null): void {
  if (!container) {
    console.error('Start-up failed: the page has no #root element.');
    return;
  }
  try {
    // A voucher a link brings is kept for checkout, and taken out of the address before the router reads it.
    keepVoucherFromLink(window.location, window.history);
    void unlockWithKeptVoucher(appStore);
    // A kept voucher may hold places for this visitor beyond what the public may buy, known only once trusted code
    // answers (docs/vouchers.md#holding-places): the public's stock would cut the holder's wishlist. Checkout then says
    // what is too many, and the allocator decides.
    if (!keptVoucher()) capWishlistToStock(appStore);
    watchLaunch(appStore);
    const page = FIRST_VISIT_PAGES[window.location.pathname];
    const data =
      page && container.firstElementChild ? readFirstVisitData(document.getElementById(FIRST_VISIT_DATA_ID)) : null;
    // The server drew this page for a visitor with nothing stored; this one has their own (firstVisit.ts).
    const { auth, cart } = appStore.get(rootAtom);
    const ownState =
      page !== undefined && VISITORS_OWN_PAGES.has(page) && (auth.authenticated || cart.products.length > 0);
    const load = page && data && !ownState ? () => pages[page].load() : null;
    // Fetched side by side with the language's messages, which every render needs first (language.ts).
    load?.().catch(() => undefined);
    // The rest in a task of its own: reading the data checks the shop's time zone, which loads the browser's
    // time-zone data, a long task on a slow phone (docs/performance.md#the-start-up-in-short-tasks).
    nextTask()
      .then(() => {
        if (load && data) {
          applyFirstVisitData(appStore, data);
          appStore.set(hydratingAtom, true);
        }
        return startLanguage(appStore);
      })
      .then(() => {
        // Whatever index.html guessed: the page shown from now on is the app's, in this very task, so that a page
        // the server drew for a visitor with nothing stored never shows to one who has their own.
        document.documentElement.removeAttribute(OWN_STATE_ATTRIBUTE);
        if (load) return hydrate(container, load);
        container.replaceChildren();
        render(container);
      })
      .catch((error: unknown) => {
        console.error('Start-up failed:', error);
        showStartFailed(container);
      });
  } catch (error) {
    console.error('Start-up failed:', error);
    showStartFailed(container);
  }
}
