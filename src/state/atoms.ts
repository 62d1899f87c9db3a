import { atom } from 'jotai';
import { cartCount } from './cart';
import { DEFAULT_STATE } from './persistence';
import type { AuthState, CartState, RootState, SiteState } from './types';

/** The persisted root (spec §4): every change to a slice goes through here and is saved as a whole. */
export const rootAtom = atom<RootState>(DEFAULT_STATE);

export const siteAtom = atom(
  (get) => get(rootAtom).site,
  (get, set, site: SiteState) => set(rootAtom, { ...get(rootAtom), site }),
);

export const authAtom = atom(
  (get) => get(rootAtom).auth,
  (get, set, auth: AuthState) => set(rootAtom, { ...get(rootAtom), auth }),
);

export const cartAtom = atom(
  (get) => get(rootAtom).cart,
  (get, set, cart: CartState) => set(rootAtom, { ...get(rootAtom), cart }),
);

export const cartCountAtom = atom((get) => cartCount(get(cartAtom)));
