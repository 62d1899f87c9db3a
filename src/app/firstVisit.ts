import type { PageName } from './routing/pages';
import { catalogueAtom } from '../features/catalogue/catalogueState';
import { parseCatalogue } from '../features/catalogue/product';
import { siteAtom } from '../state/atoms';
import { serverNowAtom } from '../state/liveAtoms';
import { readSiteFields } from '../state/site';
import type { AppStore } from '../state/store';
import { isRecord } from '../state/validation';

/**
 * The pages a first visit gets already rendered, with the live properties and catalogue, from the server
 * (src/ssr/renderPage.tsx). They are public and the same for everyone; pages about the visitor's own state (the
 * wishlist, checkout, sign-in, dashboard) start in the browser as before, as does every visit once the service
 * worker serves the app shell.
 */
export const FIRST_VISIT_PAGES: Readonly<Partial<Record<string, PageName>>> = {
  '/home': 'home',
  '/products': 'products',
  '/about': 'about',
  '/contact': 'contact',
};

/** What the server read from the database for a page; sent with it so that the browser's first render matches. */
export interface FirstVisitData {
  properties: unknown;
  products: unknown;
  /** The server's clock when it read them (epoch ms). */
  now: number;
}

export const FIRST_VISIT_DATA_ID = 'first-visit-data';

/** Puts the data into a store the way the live subscriptions would (the same checks on every field). */
export function applyFirstVisitData(store: AppStore, data: FirstVisitData): void {
  store.set(siteAtom, readSiteFields(data.properties).site);
  store.set(catalogueAtom, { products: parseCatalogue(data.products).products, source: 'live', updatedAt: data.now });
  store.set(serverNowAtom, data.now);
}

/** The data as a script element's text: JSON that no value can close the element from ("</script>"). */
export function serializeFirstVisitData(data: FirstVisitData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The data the server put into the page, or null when there is none (the app shell) or it is unusable. */
export function readFirstVisitData(element: Pick<Element, 'textContent'> | null): FirstVisitData | null {
  if (!element?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (isRecord(parsed) && typeof parsed.now === 'number' && Number.isFinite(parsed.now)) {
      return { properties: parsed.properties, products: parsed.products, now: parsed.now };
    }
  } catch {
    // reported below
  }
  console.warn('The page’s server data is unreadable; the page starts from scratch.');
  return null;
}
