import { SIGNED_OUT, login } from './auth';
import { EMPTY_CART, cartTotal, validateCartItem } from './cart';
import { DEFAULT_SITE, readSiteFields } from './site';
import type { AuthState, CartItem, CartState, RootState, SiteState } from './types';
import { TransitionError, isRecord } from './validation';

/** The whole state lives under this one key (docs/behaviour.md#state-and-persistence). */
export const STORAGE_KEY = 'state';

export const DEFAULT_STATE: RootState = { site: DEFAULT_SITE, auth: SIGNED_OUT, cart: EMPTY_CART };

/**
 * empty: nothing stored; ok: used as stored; repaired: some slices or items were unusable and fell back to
 * defaults while the rest was kept (a bad site field must not cost anyone their wishlist); corrupt: not JSON or
 * not an object at all, so everything is default and the stored value should be removed.
 */
export type DecodeStatus = 'empty' | 'ok' | 'repaired' | 'corrupt';

export interface DecodedState {
  state: RootState;
  status: DecodeStatus;
  /** Human-readable notes on what was dropped, for the console. */
  problems: string[];
}

function decodeSite(raw: unknown, problems: string[]): SiteState {
  if (raw === undefined) {
    problems.push('site is missing');
    return DEFAULT_SITE;
  }
  const { site, invalid } = readSiteFields(raw);
  if (invalid.length > 0) problems.push(`site fields reset: ${invalid.join(', ')}`);
  return site;
}

function decodeAuth(raw: unknown, problems: string[]): AuthState {
  if (!isRecord(raw)) {
    problems.push('auth is missing or not an object');
    return SIGNED_OUT;
  }
  if (raw.authenticated !== true) return SIGNED_OUT;
  try {
    return login(raw);
  } catch (error) {
    problems.push(`auth reset: ${(error as Error).message}`);
    return SIGNED_OUT;
  }
}

function decodeCart(raw: unknown, problems: string[]): CartState {
  if (!isRecord(raw) || !Array.isArray(raw.products)) {
    problems.push('cart is missing or has no product list');
    return EMPTY_CART;
  }
  const products: CartItem[] = [];
  for (const entry of raw.products) {
    try {
      const item = validateCartItem(entry);
      if (products.some((kept) => kept.id === item.id)) throw new TransitionError(`duplicate item ${item.id}`);
      products.push(item);
    } catch (error) {
      problems.push(`cart item dropped: ${(error as Error).message}`);
    }
  }
  // The stored total is never trusted: it is derived from the items.
  const total = cartTotal(products);
  if (raw.total !== total) problems.push('cart total recomputed from its items');
  return { products, total };
}

export function decodeState(raw: string | null): DecodedState {
  if (raw === null) return { state: DEFAULT_STATE, status: 'empty', problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { state: DEFAULT_STATE, status: 'corrupt', problems: ['stored state is not valid JSON'] };
  }
  if (!isRecord(parsed)) {
    return { state: DEFAULT_STATE, status: 'corrupt', problems: ['stored state is not an object'] };
  }
  const problems: string[] = [];
  const state: RootState = {
    site: decodeSite(parsed.site, problems),
    auth: decodeAuth(parsed.auth, problems),
    cart: decodeCart(parsed.cart, problems),
  };
  return { state, status: problems.length > 0 ? 'repaired' : 'ok', problems };
}

export function encodeState(state: RootState): string {
  return JSON.stringify(state);
}
