import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../routing/PageErrorBoundary';
import { PageWidth } from './PageWidth';
import { LanguagePicker } from './LanguagePicker';

/** For the coming-soon page: no shop navigation, just the page. */
export function MinimalLayout() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="minimal-layout">
      <PageWidth maxWidth="sm" className="minimal-layout__page">
        <PageErrorBoundary key={pathname}>
          <Outlet />
        </PageErrorBoundary>
        <LanguagePicker />
      </PageWidth>
    </main>
  );
}
