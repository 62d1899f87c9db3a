import { atom } from 'jotai';
import { StorageSlot } from '../../state/storage';
import { isRecord } from '../../state/validation';
import { parseProduct, type Product } from './product';

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
const slot = new StorageSlot(() => window.localStorage, CACHE_KEY, () => undefined);

export function readCachedCatalogue(): CatalogueState {
  try {
    const raw: unknown = JSON.parse(slot.read() ?? 'null');
    if (!isRecord(raw) || !Array.isArray(raw.products)) return { products: [], source: 'none', updatedAt: null };
    // Stored data is checked again like data from the database: storage can be edited or corrupted.
    const products = raw.products.flatMap((entry: unknown) => {
      const parsed = isRecord(entry) && typeof entry.id === 'string' ? parseProduct(entry.id, entry) : null;
      return parsed && 'product' in parsed && parsed.product.active ? [parsed.product] : [];
    });
    return { products, source: 'cached', updatedAt: typeof raw.updatedAt === 'number' ? raw.updatedAt : null };
  } catch {
    return { products: [], source: 'none', updatedAt: null };
  }
}

export function cacheCatalogue(state: CatalogueState): void {
  slot.write(JSON.stringify({ updatedAt: state.updatedAt, products: state.products }));
}

/** Starts from the cache, so pages seen before render at once, offline too. */
export const catalogueAtom = atom<CatalogueState>(readCachedCatalogue());

export const productsByIdAtom = atom((get) => new Map(get(catalogueAtom).products.map((product) => [product.id, product])));
