import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../routing/PageErrorBoundary';

/** For the coming-soon page: no shop navigation, just the page. */
export function MinimalLayout() {
  const { pathname } = useLocation();
  return (
    <Box component="main" id="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <PageErrorBoundary key={pathname}>
            <Outlet />
          </PageErrorBoundary>
      </Container>
    </Box>
  );
}
