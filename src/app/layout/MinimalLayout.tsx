import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../routing/PageErrorBoundary';
import { PageWidth } from './PageWidth';

/** For the coming-soon page: no shop navigation, just the page. */
export function MinimalLayout() {
  const { pathname } = useLocation();
  return (
    <Box component="main" id="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <PageWidth maxWidth="sm" sx={{ py: 6 }}>
        <PageErrorBoundary key={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </PageWidth>
    </Box>
  );
}
