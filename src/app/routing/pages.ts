import { needMessages } from '../../i18n/catalogues';
import { pageLoader, type PageModule } from './pageLoader';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * A page drawn with MUI: MUI's styling runtime (with the theme's module) is evaluated first, in a task of its own,
 * and the page's chunk in the next, so that neither holds the main thread as long as both (docs/performance.md).
 */
const muiPage = (importPage: () => Promise<PageModule>) =>
  pageLoader(() =>
    // The rest of the shop's messages come with the first such page (src/i18n/catalogues.ts).
    Promise.all([import('../../lib/mui/MuiScope'), needMessages('more')])
      .then(nextTask)
      .then(importPage),
  );

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
  cart: muiPage(() => import('../../pages/CartPage')),
  checkout: muiPage(() => import('../../pages/CheckoutPage')),
  login: muiPage(() => import('../../pages/LoginPage')),
  dashboard: muiPage(() => import('../../pages/DashboardPage')),
  order: muiPage(() => import('../../pages/OrderPage')),
};

export type PageName = keyof typeof pages;
