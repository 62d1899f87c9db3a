import { atom } from 'jotai';
import { StorageSlot } from '../../state/storage';
import { plausibleTime } from '../../state/dates';
import { isRecord, summarise } from '../../state/validation';
import { languageAtom, mainLanguageAtom } from '../../state/atoms';
import { shopLanguage } from '../../i18n/languages';
import { ignoredDate, parseProduct, productIn, type Product } from './product';
import { parseQuotas, publicUnitsLeft, type Quota } from './quota';
import type { WaitingDemand } from '../waitinglist/model';

export interface CatalogueState {
  products: Product[];
  /** none: nothing known yet; cached: from an earlier visit, not yet confirmed live; live: current. */
  source: 'none' | 'cached' | 'live';
  /** When the products were last received live (epoch ms). */
  updatedAt: number | null;
}

// Kept under keys of their own, so localStorage["state"] keeps its shape (docs/behaviour.md#state-and-persistence).
// The persisted root state already tells the user once when this browser's storage fails.
const cacheSlot = (key: string) =>
  new StorageSlot(
    () => window.localStorage,
    key,
    () => undefined,
  );
const slot = cacheSlot('catalogue');
const quotaSlot = cacheSlot('quotas');

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

/**
 * Places left in each shared quota (docs/data-model.md#types-and-quotas); null until known, live or from this
 * device's cache. A first visit's page is rendered on the server without them (src/app/firstVisit.ts).
 */
export const quotasAtom = atom<ReadonlyMap<string, Quota> | null>(readCachedQuotas());

function readCachedQuotas(): ReadonlyMap<string, Quota> | null {
  const text = quotaSlot.read();
  if (text === null) return null;
  try {
    return parseQuotas(JSON.parse(text)).quotas;
  } catch {
    return null;
  }
}

/** Cached as the database holds them, so that reading them back makes the same checks. */
export function cacheQuotas(quotas: ReadonlyMap<string, Quota>): void {
  quotaSlot.write(JSON.stringify(Object.fromEntries([...quotas].map(([id, { name, left }]) => [id, { name, left }]))));
}

/**
 * The products sold only with a voucher that this visitor's voucher unlocks, as trusted code answered
 * (docs/vouchers.md#unlocking-a-hidden-type): the buyer's catalogue shows those, and no other such product.
 */
export const unlockedProductsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * The places the people on waiting lists want, live (docs/waiting-list.md#before-the-public): the public are never
 * sold those of the places left, so the catalogue counts them off too. None until known.
 */
export const waitingDemandAtom = atom<WaitingDemand>({ products: new Map(), quotas: new Map() });

/** Whether the organiser lets buyers join a waiting list for what is sold out, live. */
export const waitingListOpenAtom = atom(true);

/**
 * The places a voucher kept on this device holds for this visitor, by product (docs/vouchers.md#holding-places),
 * as trusted code answered: theirs to buy when the public are told none are left.
 */
export const heldForMeAtom = atom<ReadonlyMap<string, number>>(new Map());

/**
 * The catalogue as buyers can have it: in the reader's language (productIn), and each product's `stock` what this
 * buyer can still have of it: its own stock and the quotas it draws on, less what people waiting want, and with what
 * a voucher holds for them (publicUnitsLeft), so every "sold out", "Only N left" and cap follows all of them. Until they are known, the own stock alone, as the server's render of a first visit
 * shows. Staff edit products read on their own, with the own stock and every language (src/features/dashboard). A
 * product sold only with a voucher is left out unless this visitor's voucher unlocks it.
 */
export const buyerCatalogueAtom = atom((get): CatalogueState => {
  const catalogue = get(catalogueAtom);
  const unlocked = get(unlockedProductsAtom);
  const quotas = get(quotasAtom);
  const reader = shopLanguage(get(languageAtom));
  const main = get(mainLanguageAtom);
  const waiting = get(waitingDemandAtom);
  const held = get(heldForMeAtom);
  const left = quotas && new Map([...quotas].map(([id, quota]) => [id, quota.left]));
  const shown = catalogue.products.filter((product) => !product.voucherOnly || unlocked.has(product.id));
  const products = shown.map((stored) => {
    const product = productIn(stored, reader, main);
    const wanted = waiting.products.has(product.id) || product.quotas.some((quota) => waiting.quotas.has(quota));
    const mine = held.get(product.id) ?? 0;
    if (!wanted && mine === 0 && (left === null || product.quotas.length === 0)) return product;
    // Until the quotas are known, the own stock alone.
    const counted = left === null ? { ...product, quotas: [] } : product;
    const publicLeft = publicUnitsLeft(counted, left ?? new Map(), waiting);
    return { ...product, stock: publicLeft === null ? null : publicLeft + mine };
  });
  // Unchanged products stay the same objects: nothing re-renders for them.
  return products.length === catalogue.products.length &&
    products.every((product, index) => product === catalogue.products[index])
    ? catalogue
    : { ...catalogue, products };
});

export const productsByIdAtom = atom(
  (get) => new Map(get(buyerCatalogueAtom).products.map((product) => [product.id, product])),
);
