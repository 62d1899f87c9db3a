import { atom } from 'jotai';
import { SIGNED_OUT } from './auth';
import { EMPTY_CART, cartCount } from './cart';
import { DEFAULT_STATE } from './persistence';
import type { AuthState, CartState, RootState, SiteState } from './types';

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
