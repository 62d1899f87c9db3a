import { atom } from 'jotai';
import { StorageSlot } from '../../state/storage';
import { plausibleTime } from '../../state/dates';
import { isRecord, summarise } from '../../state/validation';
import { ignoredDate, parseProduct, type Product } from './product';

export interface CatalogueState {
  products: Product[];
  /** none: nothing known yet; cached: from an earlier visit, not yet confirmed live; live: current. */
  source: 'none' | 'cached' | 'live';
  /** When the products were last received live (epoch ms). */
  updatedAt: number | null;
}

/** Kept under its own key, so localStorage["state"] keeps its shape (docs/behaviour.md#state-and-persistence). */
const CACHE_KEY = 'catalogue';
// The persisted root state already tells the user once when this browser's storage fails.
const slot = new StorageSlot(
  () => window.localStorage,
  CACHE_KEY,
  () => undefined,
);

const NOTHING_CACHED: CatalogueState = { products: [], source: 'none', updatedAt: null };

/**
 * Reads the cached catalogue product by product, with the same checks as data from the database (storage can be
 * edited or corrupted): one unusable product is left out, the others are kept.
 */
export function parseCachedCatalogue(text: string | null): { state: CatalogueState; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? 'null');
  } catch {
    return { state: NOTHING_CACHED, problems: ['the cached catalogue is not JSON'] };
  }
  if (!isRecord(raw) || !Array.isArray(raw.products)) {
    return { state: NOTHING_CACHED, problems: raw === null ? [] : ['the cached catalogue has no product list'] };
  }
  const problems: string[] = [];
  const products = raw.products.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.id !== 'string') {
      problems.push('a cached product without an id');
      return [];
    }
    const parsed = parseProduct(entry.id, entry);
    if ('problem' in parsed) {
      problems.push(parsed.problem);
      return [];
    }
    const note = ignoredDate(entry, parsed.product);
    if (note) problems.push(note);
    return parsed.product.active ? [parsed.product] : [];
  });
  const updatedAt = plausibleTime(raw.updatedAt);
  return { state: { products, source: 'cached', updatedAt }, problems };
}

function readCachedCatalogue(): CatalogueState {
  const { state, problems } = parseCachedCatalogue(slot.read());
  if (problems.length > 0) console.warn(`The cached catalogue was repaired: ${summarise(problems)}.`);
  return state;
}

export function cacheCatalogue(state: CatalogueState): void {
  slot.write(JSON.stringify({ updatedAt: state.updatedAt, products: state.products }));
}

/** Starts from the cache, so pages seen before render at once, offline too. */
export const catalogueAtom = atom<CatalogueState>(readCachedCatalogue());

export const productsByIdAtom = atom(
  (get) => new Map(get(catalogueAtom).products.map((product) => [product.id, product])),
);
