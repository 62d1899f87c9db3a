/**
 * The product editor's checks (docs/behaviour.md#the-staff-desk): the same limits as the products rules in
 * database.rules.json, and a group the rules and the shop can use, said in the staff's language.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import {
  DEFAULT_MAX_PER_ORDER,
  GIFT_CARD_MONTHS_LIMIT,
  MAX_PER_ORDER_LIMIT,
  PRODUCT_TEXTS,
  type Product,
} from '../../catalogue';
import { LANGUAGES } from '../../../i18n/languages';
import { optionalText, requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { typedTitle } from '../../../lib/typedTitle';
import { fromLocalInput } from '../../dashboardKit';
import { formatList } from '../../../lib/format';
import {
  momentOf,
  number,
  priceNumber,
  TEXT_LIMITS,
  translatedField,
  typesOf,
  type ProductFields,
} from './productForm';

/** The most per order the field means (the default when empty); null when it is not an allowed count. */
function mostPerOrder(value: string): number | null {
  if (value.trim() === '') return DEFAULT_MAX_PER_ORDER;
  const most = number(value);
  return Number.isInteger(most) && most >= 1 && most <= MAX_PER_ORDER_LIMIT ? most : null;
}

/**
 * What is wrong with one bound of the amounts a buyer may choose (`which`: the lowest or the highest), beside the other
 * (`other`) and the price, which is the amount suggested and must lie between them; undefined when fine.
 */
function amountBoundProblem(
  value: string,
  other: string,
  price: number,
  which: 'lowest' | 'highest',
): string | undefined {
  if (value.trim() === '' && other.trim() === '') return undefined;
  if (value.trim() === '') return t`Please enter both amounts, or leave both empty: the card is then worth its price.`;
  const bound = priceNumber(value);
  if (!Number.isFinite(bound) || bound <= 0 || bound > 1_000_000)
    return t`Please enter an amount above 0 and up to 1,000,000, with at most two decimal places.`;
  if (Number.isFinite(price) && (which === 'lowest' ? bound > price : bound < price))
    return which === 'lowest'
      ? t`The lowest amount must not be above the price, which is the amount suggested.`
      : t`The highest amount must not be below the price, which is the amount suggested.`;
  return undefined;
}

/** What a product is checked against besides its own fields: the shop's products and quotas, as the rules see them. */
export interface ProductContext {
  /** The product being edited (its id is its own), or null for a new one. */
  editing: string | null;
  /** Every product, by id. */
  products: ReadonlyMap<string, Product>;
  /** The ids of the quotas there are. */
  quotaIds: ReadonlySet<string>;
  /** The ids of the shop's tax rates (docs/taxes.md#settings). */
  taxRateIds: ReadonlySet<string>;
}

/** What is wrong with the chosen group, as the rules would refuse it or as it would break the group; undefined when fine. */
function groupProblem(group: string, id: string, context: ProductContext): string | undefined {
  if (group === '') return undefined;
  const first = context.products.get(group);
  if (group === id) return t`A product cannot be a type of itself.`;
  if (!first) return t`That product is no longer in the shop: please choose another.`;
  // One level only: the group's first product is no type itself (database.rules.json, products' group).
  if (first.group !== null) {
    const type = typedTitle(first.title, first.typeName);
    return t`${type} is itself a type: choose the first product of its group.`;
  }
  const own = typesOf(id, context.products.values());
  if (own.length === 0) return undefined;
  const types = formatList(
    own.map((type) => type.typeName ?? type.id),
    i18n.locale,
    'unit',
  );
  return t`This product has types of its own (${types}), so it cannot be a type of another.`;
}

/** The same limits as the products rules in database.rules.json, and a group the rules and the shop can use. */
export function validateProduct(
  fields: ProductFields,
  context: ProductContext,
  zone: string,
): FieldErrors<ProductFields> {
  // fromLocalInput also refuses the years the rules refuse, so a date outside them is "unusable" here too.
  const moment = (value: string) =>
    value === '' || fromLocalInput(value, zone)
      ? undefined
      : t`Please choose a date and time from 2000 to 2100, or leave it empty.`;
  return validateFields(fields, {
    id: (value) => {
      const id = value.trim();
      if (id === '') return t`Please enter an id (letters, digits and dashes).`;
      if (!/^[a-z0-9-]{1,64}$/.test(id)) return t`Use up to 64 lower-case letters, digits and dashes.`;
      return context.editing === null && context.products.has(id) ? t`Another product already has this id.` : undefined;
    },
    title: requiredText(() => t`Please enter a title.`, 200),
    price: (value) => {
      if (value.trim() === '') return t`Please enter a price.`;
      const price = number(value.replace(',', '.'));
      if (!Number.isFinite(price) || price < 0 || price > 1_000_000)
        return t`Please enter a price from 0 to 1,000,000.`;
      // Checked on the text: in binary floating point 0.29 × 100 is not a whole number.
      return Number.isNaN(priceNumber(value)) ? t`Please use at most two decimal places.` : undefined;
    },
    description: optionalText(5000),
    image: optionalText(2000),
    category: requiredText(() => t`Please enter a category.`, 100),
    date: (value, { id }) => {
      // A type's tickets are its group's, under the group's event (docs/behaviour.md#editing-types-and-quotas).
      const datedTypes = value === '' && typesOf(id.trim(), context.products.values()).some((type) => type.date);
      return datedTypes ? t`Its types are events: keep a date here, which they share.` : moment(value);
    },
    venue: optionalText(200),
    stock: (value) => {
      if (value.trim() === '') return undefined;
      const stock = number(value);
      return Number.isSafeInteger(stock) && stock >= 0
        ? undefined
        : t`Please enter a whole number of 0 or more, or leave it empty for no limit.`;
    },
    maxPerOrder: (value) =>
      mostPerOrder(value) === null
        ? t`Please enter a whole number from 1 to ${MAX_PER_ORDER_LIMIT}, or leave it empty for ${DEFAULT_MAX_PER_ORDER}.`
        : undefined,
    minPerOrder: (value, { maxPerOrder }) => {
      if (value.trim() === '') return undefined;
      // While the most per order is itself wrong (and said so), the minimum is held to the widest bound only.
      const most = mostPerOrder(maxPerOrder) ?? MAX_PER_ORDER_LIMIT;
      const least = number(value);
      return Number.isInteger(least) && least >= 1 && least <= most
        ? undefined
        : t`Please enter a whole number from 1 to ${most} (the most per order), or leave it empty for 1.`;
    },
    onSaleFrom: moment,
    onSaleUntil: (value, { onSaleFrom }) => {
      const opens = momentOf(onSaleFrom, zone);
      const closes = momentOf(value, zone);
      return opens !== null && closes !== null && closes <= opens
        ? t`Sales must close after they open.`
        : moment(value);
    },
    sort: (value) =>
      value.trim() === '' || Number.isFinite(number(value)) ? undefined : t`Please enter a number, or leave it empty.`,
    giftCardMonths: (value, { giftCard }) => {
      if (!giftCard || value.trim() === '') return undefined;
      const months = number(value);
      return Number.isInteger(months) && months >= 1 && months <= GIFT_CARD_MONTHS_LIMIT
        ? undefined
        : t`Please enter a whole number of months from 1 to ${GIFT_CARD_MONTHS_LIMIT}, or leave it empty: it never expires.`;
    },
    giftCardMin: (value, { giftCard, giftCardMax, price }) =>
      giftCard ? amountBoundProblem(value, giftCardMax, priceNumber(price), 'lowest') : undefined,
    giftCardMax: (value, { giftCard, giftCardMin, price }) =>
      giftCard ? amountBoundProblem(value, giftCardMin, priceNumber(price), 'highest') : undefined,
    typeName: (value, { group }) =>
      group !== '' && value.trim() === ''
        ? t`A type needs a name, such as Concession or VIP.`
        : optionalText(100)(value),
    group: (value, { id }) => groupProblem(value, id.trim(), context),
    quotas: (value) =>
      value.some((quota) => !context.quotaIds.has(quota))
        ? t`A chosen quota is no longer there: please untick it.`
        : undefined,
    // The rules take only a rate the shop has; one removed since the form opened is said, not refused unexplained.
    taxRate: (value) =>
      value === '' || context.taxRateIds.has(value)
        ? undefined
        : t`That tax rate is no longer there: choose another, or the shop’s default.`,
    ...Object.fromEntries(
      LANGUAGES.flatMap((language) =>
        PRODUCT_TEXTS.map((text) => [translatedField(text, language), optionalText(TEXT_LIMITS[text])]),
      ),
    ),
  });
}
