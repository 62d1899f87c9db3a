import { pages, type PageName } from '../routing/pages';

export interface NavItem {
  to: string;
  label: string;
  page: PageName;
}

/** The public pages, in the order the navigation shows them. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/home', label: 'Home', page: 'home' },
  { to: '/products', label: 'Products', page: 'products' },
  { to: '/about', label: 'About', page: 'about' },
  { to: '/contact', label: 'Contact', page: 'contact' },
];

/** Starts fetching a page's chunk when the user shows intent (hover, focus), so the click renders at once. */
export function preload(page: PageName): void {
  pages[page].load().catch(() => {
    // The route itself reports the failure if the user does go there.
  });
}
