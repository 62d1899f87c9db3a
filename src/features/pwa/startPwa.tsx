import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppStore } from '../../state/store';
import { watchConnectivity } from './connectivity';
import { watchInstallOffer } from './installOffer';
import { PwaStatus } from './PwaStatus';
import { registerServiceWorker } from './registerServiceWorker';

/**
 * Everything that makes the shop an app: the service worker and its updates, the offline bar, the "Back online"
 * toast and the install offer. Started after first paint; its status area is a React root of its own at the end
 * of the page (sticky at the bottom of the window, pwa.css), so no page layout has to know about it, speaking the
 * app's language through the same Lingui instance. Plain markup, like the shell: only the iOS install instructions
 * bring MUI, when asked for.
 */
export function startPwa(store: AppStore): void {
  watchConnectivity(store);
  watchInstallOffer(store);
  const container = document.createElement('div');
  container.className = 'pwa-status-host';
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <JotaiProvider store={store}>
          <PwaStatus />
        </JotaiProvider>
      </I18nProvider>
    </StrictMode>,
  );
  if (import.meta.env.PROD) registerServiceWorker(store);
}
