import { appStore } from '../../state/appStore';
import { cartAtom } from '../../state/atoms';
import type { MessagePart } from '../../i18n/catalogues';
import { nextTask } from '../../lib/nextTask';
import { pageLoader, type PageModule } from './pageLoader';
import { PAGE_MESSAGES } from './pageMessages';

/**
 * Code drawn with MUI: MUI's styling runtime (with the theme's module) is evaluated first, in a task of its own,
 * and the code's chunk in the next, so that neither holds the main thread as long as both (docs/performance.md).
 */
const withMui = <T>(importCode: () => Promise<T>): Promise<T> =>
  import('../../lib/mui/MuiScope').then(nextTask).then(importCode);

/** A page drawn with MUI. */
const muiPage = (messages: MessagePart, importPage: () => Promise<PageModule>) =>
  pageLoader(() => withMui(importPage), messages);

/**
 * A page drawn plain whatever the visitor has (sign-in), or plain when the wishlist is empty and with MUI otherwise
 * (the wishlist, the checkout): its MUI part, `whenWishlisted`, comes with it when the wishlist has something in it,
 * so that the page shows whole at once. A first visit, with nothing stored, loads no MUI (docs/styling.md).
 */
const plainPage = (
  messages: MessagePart,
  importPage: () => Promise<PageModule>,
  whenWishlisted?: () => Promise<unknown>,
) =>
  pageLoader(
    () =>
      Promise.all([
        importPage(),
        whenWishlisted && appStore.get(cartAtom).products.length > 0 ? withMui(whenWishlisted) : null,
      ]).then(([page]) => page),
    messages,
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
  cart: plainPage(
    PAGE_MESSAGES.cart,
    () => import('../../pages/CartPage'),
    () => import('../../features/wishlist/WishlistPanel'),
  ),
  checkout: plainPage(
    PAGE_MESSAGES.checkout,
    () => import('../../pages/CheckoutPage'),
    () => import('../../features/checkout/CheckoutPanel'),
  ),
  login: plainPage(PAGE_MESSAGES.login, () => import('../../pages/LoginPage')),
  dashboard: muiPage(PAGE_MESSAGES.dashboard, () => import('../../pages/DashboardPage')),
  order: muiPage(PAGE_MESSAGES.order, () => import('../../pages/OrderPage')),
  document: muiPage(PAGE_MESSAGES.document, () => import('../../pages/DocumentPage')),
  giftCard: muiPage(PAGE_MESSAGES.giftCard, () => import('../../pages/GiftCardPage')),
  waitingList: muiPage(PAGE_MESSAGES.waitingList, () => import('../../pages/WaitingListPage')),
};

export type PageName = keyof typeof pages;
