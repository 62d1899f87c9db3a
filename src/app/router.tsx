import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { MinimalLayout } from './layout/MinimalLayout';
import { RootLayout } from './layout/RootLayout';
import { LazyPage } from './routing/LazyPage';
import { pages, type PageName } from './routing/pages';

function page(path: string, name: PageName): RouteObject {
  // The key gives every route its own loading state instead of reusing the previous page's.
  return { path, element: <LazyPage key={name} loader={pages[name]} /> };
}

/** The routes, with the empty path and any unknown path redirecting to home (docs/behaviour.md#routes). */
const routes: RouteObject[] = [
  { element: <MinimalLayout />, children: [page('coming-soon', 'comingSoon')] },
  {
    element: <RootLayout />,
    children: [
      page('home', 'home'),
      page('products', 'products'),
      page('about', 'about'),
      page('contact', 'contact'),
      page('cart', 'cart'),
      page('checkout', 'checkout'),
      page('login', 'login'),
      page('dashboard', 'dashboard'),
      page('order', 'order'),
      page('document', 'document'),
      page('giftcard', 'giftCard'),
      page('waitinglist', 'waitingList'),
    ],
  },
  { path: '*', element: <Navigate to="/home" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
