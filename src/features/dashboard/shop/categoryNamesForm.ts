import { optionalText, validateFields, type FieldErrors } from '../../../lib/forms';
import { categoriesOf, DEFAULT_CATEGORY, type Product } from '../../catalogue';
import { categoryKey, MAX_CATEGORY_NAME } from '../../site';

/**
 * The categories' names in one other language as the editor holds them, as typed (empty: no name), one field per
 * category in the order listed: `category-0`, `category-1`… (a name is no element id: docs/languages.md#categories).
 */
export type CategoryNameFields = Record<string, string>;

export const categoryField = (index: number) => `category-${index}`;

/** The categories staff name: every product's but the types' (which are their group's) and "Other", the app's own. */
export function namedCategories(products: Iterable<Product>, locale: string): string[] {
  const leads = [...products].filter((product) => product.group === null);
  return categoriesOf(leads)
    .filter((category) => category !== DEFAULT_CATEGORY)
    .sort((a, b) => a.localeCompare(b, locale));
}

export function categoryNameFields(
  categories: readonly string[],
  names: Readonly<Record<string, string>>,
): CategoryNameFields {
  return Object.fromEntries(
    categories.map((category, index) => [categoryField(index), Object.hasOwn(names, category) ? names[category]! : '']),
  );
}

export function validateCategoryNames(fields: CategoryNameFields): FieldErrors<CategoryNameFields> {
  return validateFields(
    fields,
    Object.fromEntries(Object.keys(fields).map((name) => [name, optionalText(MAX_CATEGORY_NAME)])),
  );
}

/**
 * What is stored for one language (`properties/translations/{language}/categories`): the names given, by the
 * category's key; null when there is none, so the node goes. Names of categories no product has any more go too.
 */
export function categoryNamesRecord(
  categories: readonly string[],
  fields: CategoryNameFields,
): Record<string, string> | null {
  const record = Object.fromEntries(
    categories.flatMap((category, index) => {
      const name = (fields[categoryField(index)] ?? '').trim();
      return name === '' ? [] : [[categoryKey(category), name]];
    }),
  );
  return Object.keys(record).length > 0 ? record : null;
}
