import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { watchLaunch } from '../features/site/comingSoonAtoms';
import { appStore } from '../state/appStore';
import { App } from './App';
import { startLiveDataAfterPaint } from './startLiveData';

/** Spec §8: start-up failures go to the console; the visitor still gets a page with a way forward. */
function showFallback(container: HTMLElement): void {
  container.innerHTML = `
    <main id="main" style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
      <h1>The shop could not start</h1>
      <p>Something went wrong while loading. Your wishlist is kept on this device.</p>
      <p><a href="/home">Reload the shop</a></p>
    </main>`;
}

export function startApp(container: HTMLElement | null): void {
  if (!container) {
    console.error('Start-up failed: the page has no #root element.');
    return;
  }
  try {
    const root = createRoot(container, {
      onUncaughtError(error) {
        console.error('Start-up failed while rendering:', error);
        // React is still committing when it reports the error; replace its tree once it has finished.
        setTimeout(() => {
          root.unmount();
          showFallback(container);
        });
      },
    });
    watchLaunch(appStore);
    // A transition renders in slices, so the first render never holds the main thread in one long task.
    startTransition(() => root.render(<App />));
    startLiveDataAfterPaint(appStore);
  } catch (error) {
    console.error('Start-up failed:', error);
    showFallback(container);
  }
}
