import type { PageName } from './routing/pages';
import { catalogueAtom, quotasAtom } from '../features/catalogue/catalogueState';
import { parseCatalogue } from '../features/catalogue/product';
import { renderedLanguageAtom, siteAtom } from '../state/atoms';
import { categoryNamesAtom, readCategoryNames, readTaglines, taglinesAtom } from '../features/site/siteTranslations';
import { isLanguage, type Language } from '../i18n/languages';
import { serverNowAtom } from '../state/liveAtoms';
import { readSiteFields } from '../state/site';
import type { AppStore } from '../state/store';
import { isRecord } from '../state/validation';

/**
 * The pages a first visit gets already rendered, with the live properties and catalogue, from the server
 * (src/ssr/renderPage.tsx). Every later visit, once the service worker serves the app shell, starts in the browser.
 * The server renders every page as a visitor with nothing stored sees it: signed out, with an empty wishlist. For
 * the pages about the visitor's own state (VISITORS_OWN_PAGES) that is only right for such a visitor; one who has
 * signed in or kept a wishlist on this device gets those pages drawn by the app instead (docs/performance.md).
 */
export const FIRST_VISIT_PAGES: Readonly<Partial<Record<string, PageName>>> = {
  '/home': 'home',
  '/products': 'products',
  '/about': 'about',
  '/contact': 'contact',
  '/cart': 'cart',
  '/checkout': 'checkout',
  '/login': 'login',
  '/coming-soon': 'comingSoon',
};

/** Pages that show the visitor's own sign-in or wishlist, which the server cannot know. */
export const VISITORS_OWN_PAGES: ReadonlySet<PageName> = new Set(['cart', 'checkout', 'login']);

/**
 * Set on <html> by index.html's first script, before the page is shown, when this device has a sign-in or a
 * wishlist stored: a server-rendered page of VISITORS_OWN_PAGES is then hidden (base.css) until the app has drawn
 * the visitor's own (startApp.tsx), rather than showing an empty wishlist or a sign-in form for a moment.
 */
export const OWN_STATE_ATTRIBUTE = 'data-own-state';
/** On #root of a server-rendered page of VISITORS_OWN_PAGES: its start tag comes before anything it holds. */
export const VISITORS_OWN_ATTRIBUTE = 'data-visitors-own';

/** What the server read from the database for a page; sent with it so that the browser's first render matches. */
export interface FirstVisitData {
  properties: unknown;
  products: unknown;
  /** The server's clock when it read them (epoch ms). */
  now: number;
  /** The language the page was rendered in (from the request's Accept-Language). */
  language: Language;
}

export const FIRST_VISIT_DATA_ID = 'first-visit-data';

/** Puts the data into a store the way the live subscriptions would (the same checks on every field). */
export function applyFirstVisitData(store: AppStore, data: FirstVisitData): void {
  store.set(siteAtom, readSiteFields(data.properties).site);
  store.set(taglinesAtom, readTaglines(data.properties));
  store.set(categoryNamesAtom, readCategoryNames(data.properties));
  store.set(catalogueAtom, { products: parseCatalogue(data.products).products, source: 'live', updatedAt: data.now });
  // The server reads no quotas: until the live ones come, the page counts the products' own stock, as it did.
  store.set(quotasAtom, null);
  store.set(serverNowAtom, data.now);
  store.set(renderedLanguageAtom, data.language);
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
    if (
      isRecord(parsed) &&
      typeof parsed.now === 'number' &&
      Number.isFinite(parsed.now) &&
      isLanguage(parsed.language)
    ) {
      return { properties: parsed.properties, products: parsed.products, now: parsed.now, language: parsed.language };
    }
  } catch {
    // reported below
  }
  console.warn('The page’s server data is unreadable; the page starts from scratch.');
  return null;
}
