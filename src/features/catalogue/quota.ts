import { isRecord } from '../../state/validation';
import type { Product } from './product';

/**
 * Shared capacity: a number of places that several products (the types of an event) draw on together, such as a
 * venue of 200 over Standard, Concession and VIP. Kept at quotas/{id} and counted down by trusted code as orders
 * take it, as a product's own stock is (docs/data-model.md#types-and-quotas).
 */
export interface Quota {
  id: string;
  name: string;
  /** Places left. */
  left: number;
}

/** The highest number of places a quota holds: the same bound as a product's stock in the rules. */
const MAX_QUOTA = 1_000_000;

/** Reads quotas/ (an object by id); an entry without a usable name or count is left out and named. */
export function parseQuotas(raw: unknown): { quotas: Map<string, Quota>; problems: string[] } {
  const quotas = new Map<string, Quota>();
  const problems: string[] = [];
  if (!isRecord(raw)) return { quotas, problems: raw == null ? [] : ['the quotas node is not an object'] };
  for (const [id, value] of Object.entries(raw)) {
    const left = isRecord(value) ? value.left : undefined;
    const name = isRecord(value) && typeof value.name === 'string' ? value.name.trim() : '';
    if (typeof left !== 'number' || !Number.isInteger(left) || left < 0 || left > MAX_QUOTA || name === '') {
      problems.push(`quota ${id} has no usable name and count of places left`);
      continue;
    }
    quotas.set(id, { id, name, left });
  }
  return { quotas, problems };
}

/**
 * How many of `product` can still be sold: its own stock and every quota it draws on, whichever is least; null
 * when nothing limits it. A quota that is named but not there counts as none left: selling without the limit the
 * organiser set could oversell the room.
 */
export function unitsLeft(
  product: Pick<Product, 'stock' | 'quotas'>,
  /** Places left by quota id. */
  quotas: ReadonlyMap<string, number>,
): number | null {
  let left = product.stock;
  for (const id of product.quotas) {
    const quota = quotas.get(id) ?? 0;
    left = left === null ? quota : Math.min(left, quota);
  }
  return left;
}

/**
 * How many of `product` the public can still buy: as unitsLeft, less the places the people on waiting lists want of
 * its stock and of each quota it draws on (docs/waiting-list.md#before-the-public), never below nothing.
 */
export function publicUnitsLeft(
  product: Pick<Product, 'id' | 'stock' | 'quotas'>,
  quotas: ReadonlyMap<string, number>,
  waiting: { products: ReadonlyMap<string, number>; quotas: ReadonlyMap<string, number> },
): number | null {
  const less = (left: number, wanted: number | undefined) => Math.max(0, left - (wanted ?? 0));
  const stock = product.stock === null ? null : less(product.stock, waiting.products.get(product.id));
  const open = new Map(product.quotas.map((id) => [id, less(quotas.get(id) ?? 0, waiting.quotas.get(id))]));
  return unitsLeft({ stock, quotas: product.quotas }, open);
}
