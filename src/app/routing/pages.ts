import { pageLoader } from './pageLoader';

/**
 * One chunk per route: pages are loaded on demand, not at start-up (docs/behaviour.md#routes). A page drawn with MUI
 * wraps itself in MUI's theme (lib/mui/MuiScope), so the theme is in its chunk's static imports, and the plain
 * pages never load either (docs/styling.md).
 */
export const pages = {
  comingSoon: pageLoader(() => import('../../pages/ComingSoonPage')),
  home: pageLoader(() => import('../../pages/HomePage')),
  products: pageLoader(() => import('../../pages/ProductsPage')),
  about: pageLoader(() => import('../../pages/AboutPage')),
  contact: pageLoader(() => import('../../pages/ContactPage')),
  cart: pageLoader(() => import('../../pages/CartPage')),
  checkout: pageLoader(() => import('../../pages/CheckoutPage')),
  login: pageLoader(() => import('../../pages/LoginPage')),
  dashboard: pageLoader(() => import('../../pages/DashboardPage')),
  order: pageLoader(() => import('../../pages/OrderPage')),
};

export type PageName = keyof typeof pages;
