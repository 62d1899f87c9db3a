import { SIGNED_OUT, login } from './auth';
import { EMPTY_CART, MAX_QUANTITY, MAX_WISHLIST_ITEMS, cartTotal, validateCartItem } from './cart';
import { DEFAULT_SITE, readSiteFields } from './site';
import type { AuthState, CartItem, CartState, RootState, SiteState } from './types';
import { TransitionError, isRecord } from './validation';
import { isLanguage } from '../i18n/languages';

/** The whole state lives under this one key (docs/behaviour.md#state-and-persistence). */
export const STORAGE_KEY = 'state';

export const DEFAULT_STATE: RootState = { site: DEFAULT_SITE, auth: SIGNED_OUT, cart: EMPTY_CART };

/**
 * empty: nothing stored; ok: used as stored; repaired: some slices or items were unusable and fell back to
 * defaults while the rest was kept (a bad site field must not cost anyone their wishlist); corrupt: not JSON or
 * not an object at all, so everything is default and the stored value should be removed.
 */
type DecodeStatus = 'empty' | 'ok' | 'repaired' | 'corrupt';

export interface DecodedState {
  state: RootState;
  status: DecodeStatus;
  /** Human-readable notes on what was dropped, for the console. */
  problems: string[];
  /** How many wishlist items were stored when there were more than a wishlist holds; absent otherwise. */
  wishlistOverflow?: number;
  /** Titles of wishlist items whose stored quantity was more than one item may have; absent when none was. */
  quantitiesCapped?: string[];
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

/** A stored quantity above the general cap is lowered to it (a number too large to count is still "many"). */
function cappedQuantity(entry: unknown): unknown {
  if (!isRecord(entry) || typeof entry.quantity !== 'number' || !(entry.quantity > MAX_QUANTITY)) return entry;
  return { ...entry, quantity: MAX_QUANTITY };
}

interface DecodedCart {
  cart: CartState;
  /** The number of stored items when it is beyond what a wishlist holds. */
  overflow?: number;
  /** Titles of items whose quantity was capped. */
  capped: string[];
}

/**
 * Linear in the stored items (ids are checked against a set), and it stops once the wishlist is full: a stored
 * list of a hundred thousand items costs no more than reading it.
 */
function decodeCart(raw: unknown, problems: string[]): DecodedCart {
  if (!isRecord(raw) || !Array.isArray(raw.products)) {
    problems.push('cart is missing or has no product list');
    return { cart: EMPTY_CART, capped: [] };
  }
  const products: CartItem[] = [];
  const ids = new Set<string>();
  const capped: string[] = [];
  let read = 0;
  for (const entry of raw.products as unknown[]) {
    if (products.length === MAX_WISHLIST_ITEMS) break;
    read += 1;
    try {
      const item = validateCartItem(cappedQuantity(entry));
      if (ids.has(item.id)) throw new TransitionError(`duplicate item ${item.id}`);
      if (item.quantity !== (entry as CartItem).quantity) {
        problems.push(`cart item ${item.id}: quantity capped at ${MAX_QUANTITY}`);
        capped.push(item.title);
      }
      ids.add(item.id);
      products.push(item);
    } catch (error) {
      problems.push(`cart item dropped: ${(error as Error).message}`);
    }
  }
  const overflow = read < raw.products.length ? raw.products.length : undefined;
  if (overflow) problems.push(`cart held ${overflow} items; the first ${MAX_WISHLIST_ITEMS} usable ones are kept`);
  // The stored total is never trusted: it is derived from the items.
  const total = cartTotal(products);
  if (raw.total !== total) problems.push('cart total recomputed from its items');
  return { cart: { products, total }, overflow, capped };
}

/** One slice that throws while being read falls back to its default: it never costs the other slices. */
function guarded<Slice>(name: string, decode: () => Slice, fallback: Slice, problems: string[]): Slice {
  try {
    return decode();
  } catch (error) {
    problems.push(`${name} reset: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
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
  const { cart, overflow, capped } = guarded(
    'cart',
    () => decodeCart(parsed.cart, problems),
    { cart: EMPTY_CART, capped: [] },
    problems,
  );
  const state: RootState = {
    site: guarded('site', () => decodeSite(parsed.site, problems), DEFAULT_SITE, problems),
    auth: guarded('auth', () => decodeAuth(parsed.auth, problems), SIGNED_OUT, problems),
    cart,
  };
  // A language the shop no longer speaks (or never did) is forgotten: the browser's own decides again.
  if (isLanguage(parsed.language)) state.language = parsed.language;
  else if (parsed.language !== undefined) problems.push('language reset: not one the shop speaks');
  const status = problems.length > 0 ? 'repaired' : 'ok';
  return {
    state,
    status,
    problems,
    ...(overflow && { wishlistOverflow: overflow }),
    ...(capped.length > 0 && { quantitiesCapped: capped }),
  };
}

export function encodeState(state: RootState): string {
  return JSON.stringify(state);
}
