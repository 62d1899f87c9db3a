import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { ToastHost } from '../lib/toast/ToastHost';
import type { AppStore } from '../state/store';
import { AppRoutes } from './router';

export interface AppProps {
  store: AppStore;
  /** BrowserRouter in the browser; a StaticRouter at the page's address on the server. */
  Router: ComponentType<{ children: ReactNode }>;
  /** Called once the first render is on screen (for a hydrated page: once React has taken the HTML over). */
  onMounted?: () => void;
}

function Mounted({ onMounted }: { onMounted: () => void }) {
  // A layout effect runs in the commit itself: nothing else happens between the page being adopted and this.
  useLayoutEffect(onMounted, [onMounted]);
  return null;
}

/**
 * The root view: the area where pages appear, and the toast area (docs/behaviour.md#routes). No MUI theme here:
 * the shell is plain markup styled by the static stylesheet, and what uses MUI brings its theme (docs/styling.md).
 */
export function App({ store, Router, onMounted }: AppProps) {
  return (
    <StrictMode>
      {/* Lingui's one instance speaks the visitor's language (src/app/language.ts; on the server, src/ssr). */}
      <I18nProvider i18n={i18n}>
        <JotaiProvider store={store}>
          <Router>
            <AppRoutes />
          </Router>
          <ToastHost />
        </JotaiProvider>
      </I18nProvider>
      {onMounted && <Mounted onMounted={onMounted} />}
    </StrictMode>
  );
}
