/**
 * The products and quotas as the staff editors list them: every product, hidden ones too (staff read them all),
 * each group's types under its first product (docs/behaviour.md#editing-types-and-quotas).
 */
import { typedTitle } from '../../../lib/typedTitle';
import { isRecord } from '../../../state/validation';
import { parseProduct, parseQuotas, type Product, type Quota } from '../../catalogue';

/** Every product by id, in the database's order. */
export function productsById(raw: unknown): Map<string, Product> {
  const products = new Map<string, Product>();
  if (!isRecord(raw)) return products;
  for (const [id, value] of Object.entries(raw)) {
    const parsed = parseProduct(id, value);
    if ('product' in parsed) products.set(id, parsed.product);
  }
  return products;
}

/** A product with its types (none for a product of its own). */
export interface ListedProduct {
  product: Product;
  types: Product[];
}

const bySort = (a: Product, b: Product) => (a.sort ?? Infinity) - (b.sort ?? Infinity);

/**
 * Products by sort order then title, each followed by its types by sort order then price, as the shop orders them.
 * A type whose group is not there is listed on its own, so staff still see it and can fix it.
 */
export function productTree(products: ReadonlyMap<string, Product>): ListedProduct[] {
  const all = [...products.values()];
  return all
    .filter((product) => product.group === null || !products.has(product.group))
    .sort((a, b) => bySort(a, b) || a.title.localeCompare(b.title))
    .map((product) => ({
      product,
      types: all
        .filter((type) => type.group === product.id)
        .sort((a, b) => bySort(a, b) || a.price - b.price || (a.typeName ?? '').localeCompare(b.typeName ?? '')),
    }));
}

/** A product as staff read it in a list: its title and, for a type, its type's name. */
export const productName = (product: Pick<Product, 'title' | 'typeName'>): string =>
  typedTitle(product.title, product.typeName);

/** The quotas there are, by name. */
export function quotaList(raw: unknown): Quota[] {
  return [...parseQuotas(raw).quotas.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The products that draw on `quotaId`, by name: a quota they name cannot go. */
export function quotaUsers(quotaId: string, products: Iterable<Product>): string[] {
  return [...products]
    .filter((product) => product.quotas.includes(quotaId))
    .map(productName)
    .sort((a, b) => a.localeCompare(b));
}
