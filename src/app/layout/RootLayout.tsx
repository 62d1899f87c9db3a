import Box from '@mui/material/Box';
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
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <SkipLink />
        <AppHeader />
        <ComingSoonBanner />
        <LiveStatusNotice />
        {/* At least a screen tall, so the footer starts below the fold: a page whose content arrives after the
            first paint (its chunk, live data) then never pushes the footer about in view (a layout shift). */}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flex: 1, minHeight: '100vh', '&:focus': { outline: 'none' } }}
        >
          <PageWidth maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
            <PageErrorBoundary key={pathname}>
              <Outlet />
            </PageErrorBoundary>
          </PageWidth>
        </Box>
        <SiteFooter />
      </Box>
    </ComingSoonGate>
  );
}
