import { atom } from 'jotai';
import { SIGNED_OUT } from './auth';
import { EMPTY_CART, cartCount } from './cart';
import { DEFAULT_STATE } from './persistence';
import type { AuthState, CartState, RootState, SiteState } from './types';
import { chooseLanguage, mainLanguage, type Language } from '../i18n/languages';

/** The persisted root (docs/behaviour.md#state-and-persistence): every change to a slice goes through here. */
export const rootAtom = atom<RootState>(DEFAULT_STATE);

export const siteAtom = atom(
  (get) => get(rootAtom).site,
  (get, set, site: SiteState) => set(rootAtom, { ...get(rootAtom), site }),
);

/**
 * True while React adopts a page rendered on the server (src/ssr), which cannot know this device's own state:
 * until then the sign-in and the wishlist read as a first visitor's, so the first render matches the HTML.
 */
export const hydratingAtom = atom(false);

export const authAtom = atom(
  (get) => (get(hydratingAtom) ? SIGNED_OUT : get(rootAtom).auth),
  (get, set, auth: AuthState) => set(rootAtom, { ...get(rootAtom), auth }),
);

export const cartAtom = atom(
  (get) => (get(hydratingAtom) ? EMPTY_CART : get(rootAtom).cart),
  (get, set, cart: CartState) => set(rootAtom, { ...get(rootAtom), cart }),
);

export const cartCountAtom = atom((get) => cartCount(get(cartAtom)));

/** The language the browser asks for, as the shop speaks it (the server renders in renderedLanguageAtom's). */
const BROWSER_LANGUAGE = chooseLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);

/** The language the server rendered a first visit's page in (src/app/firstVisit.ts), while React adopts it. */
export const renderedLanguageAtom = atom<Language | null>(null);

/**
 * The language of what the page shown is about, while the visitor has chosen none: the order page's is its order's
 * (docs/languages.md#the-order-page). Never remembered.
 */
export const pageLanguageAtom = atom<Language | null>(null);

/**
 * The language the shop speaks to this visitor: their own choice, remembered with the state, or else the page's, or
 * else the browser's. While a page from the server is adopted, the server's, so that the first render matches its
 * HTML.
 */
export const languageAtom = atom(
  (get): Language => {
    const rendered = get(renderedLanguageAtom);
    if (rendered !== null && get(hydratingAtom)) return rendered;
    return get(rootAtom).language ?? get(pageLanguageAtom) ?? BROWSER_LANGUAGE;
  },
  (get, set, language: Language) => set(rootAtom, { ...get(rootAtom), language }),
);

/**
 * The language the organiser writes in (the shop's `locale`): products and the tagline are stored in it, with
 * translations into the others (docs/languages.md#organiser-content).
 */
export const mainLanguageAtom = atom((get) => mainLanguage(get(siteAtom).locale));
