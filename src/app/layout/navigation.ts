import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { pages, type PageName } from '../routing/pages';

export interface NavItem {
  to: string;
  /** Made when shown, so that it is in the language spoken then (docs/languages.md). */
  label: MessageDescriptor;
  page: PageName;
}

/** The public pages, in the order the navigation shows them. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/home', label: msg`Home`, page: 'home' },
  { to: '/products', label: msg`Products`, page: 'products' },
  { to: '/about', label: msg`About`, page: 'about' },
  { to: '/contact', label: msg`Contact`, page: 'contact' },
];

/** Starts fetching a page's chunk when the user shows intent (hover, focus), so the click renders at once. */
export function preload(page: PageName): void {
  pages[page].load().catch(() => {
    // The route itself reports the failure if the user does go there.
  });
}
