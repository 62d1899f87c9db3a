import type { Product } from './product';

/**
 * Types and variants (docs/data-model.md#types-and-quotas): each type of an event (Standard, Concession, VIP) or
 * variant of a good (S, M, L) is a product of its own, with its own price, stock, limits per order and on-sale
 * window, that names the first of them as its `group`. The group shares one card in the catalogue and, for an
 * event, one list of tickets at the door.
 */

/** The product whose card, event and tickets `product` shares: its group's first product, or itself. */
export const groupOf = (product: Pick<Product, 'id' | 'group'>): string => product.group ?? product.id;

export interface ProductGroup {
  /** The group's id (its first product's). */
  id: string;
  /** What the card shows: the first product when it is on sale, else the first type that is. */
  lead: Product;
  /** Every product of the group on sale, the first one first, then by `sort` and price. */
  types: Product[];
}

const byOrder = (a: Product, b: Product) =>
  (a.sort ?? Number.POSITIVE_INFINITY) - (b.sort ?? Number.POSITIVE_INFINITY) || a.price - b.price;

/** Folds `products` (in their given order) into groups, each at the place of its first member. */
export function groupProducts(products: readonly Product[]): ProductGroup[] {
  const groups = new Map<string, Product[]>();
  for (const product of products) {
    const members = groups.get(groupOf(product));
    if (members) members.push(product);
    else groups.set(groupOf(product), [product]);
  }
  return [...groups].map(([id, members]) => {
    const first = members.find((member) => member.id === id);
    const types = [...(first ? [first] : []), ...members.filter((member) => member !== first).sort(byOrder)];
    return { id, lead: types[0]!, types };
  });
}
