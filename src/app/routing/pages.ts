import { pageLoader, type PageModule } from './pageLoader';

/**
 * A page drawn with MUI: its chunk and MUI's theme (lib/mui/MuiScope) load together, and the page is drawn
 * inside the theme. The plain pages never load either (docs/styling.md).
 */
function withMui(importPage: () => Promise<PageModule>): () => Promise<PageModule> {
  return () =>
    Promise.all([importPage(), import('../../lib/mui/MuiScope')]).then(([page, { withMuiScope }]) => ({
      default: withMuiScope(page.default),
    }));
}

/** One chunk per route: pages are loaded on demand, not at start-up (docs/behaviour.md#routes). */
export const pages = {
  comingSoon: pageLoader(() => import('../../pages/ComingSoonPage')),
  home: pageLoader(() => import('../../pages/HomePage')),
  products: pageLoader(() => import('../../pages/ProductsPage')),
  about: pageLoader(() => import('../../pages/AboutPage')),
  contact: pageLoader(() => import('../../pages/ContactPage')),
  cart: pageLoader(withMui(() => import('../../pages/CartPage'))),
  checkout: pageLoader(withMui(() => import('../../pages/CheckoutPage'))),
  login: pageLoader(withMui(() => import('../../pages/LoginPage'))),
  dashboard: pageLoader(withMui(() => import('../../pages/DashboardPage'))),
  order: pageLoader(withMui(() => import('../../pages/OrderPage'))),
};

export type PageName = keyof typeof pages;
