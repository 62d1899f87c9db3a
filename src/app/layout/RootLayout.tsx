import { Outlet, useLocation } from 'react-router';
import { ComingSoonBanner, ComingSoonGate } from '../../features/site/ComingSoonGate';
import { LiveStatusNotice } from '../../features/site/LiveStatusNotice';
import { PageErrorBoundary } from '../routing/PageErrorBoundary';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';
import { useFocusMainOnNavigation } from './useFocusMainOnNavigation';
import { PageWidth } from './PageWidth';

const MAIN_ID = 'main';

/** The root view for the shop's pages (docs/behaviour.md#routes): banner, main area for the page, contact footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useFocusMainOnNavigation(MAIN_ID);
  return (
    <ComingSoonGate>
      <div className="root-layout">
        <SkipLink />
        <AppHeader />
        <ComingSoonBanner />
        <LiveStatusNotice />
        {/* At least a screen tall (layout.css), so the footer starts below the fold: a page whose content arrives
            after the first paint (its chunk, live data) then never pushes the footer about in view. */}
        <main id={MAIN_ID} tabIndex={-1} className="root-layout__main">
          <PageWidth maxWidth="lg" className="root-layout__page">
            <PageErrorBoundary key={pathname}>
              <Outlet />
            </PageErrorBoundary>
          </PageWidth>
        </main>
        <SiteFooter />
      </div>
    </ComingSoonGate>
  );
}
