import { i18n } from '@lingui/core';
import { PRODUCT_TEXTS, type Product, type ProductText } from '../../catalogue';
import { LANGUAGES, type ShopLanguage } from '../../../i18n/languages';
import { fromLocalInput, toLocalInput } from '../../dashboardKit';
import { slugify } from '../../../lib/slug';
import { fieldDecimal } from '../../../lib/format';

/** A text in another language, as the form names it: "title-de-DE" (docs/languages.md#organiser-content). */
export type TranslatedField = `${ProductText}-${ShopLanguage}`;
export const translatedField = (text: ProductText, language: ShopLanguage): TranslatedField => `${text}-${language}`;

const TRANSLATED_FIELDS = LANGUAGES.flatMap((language) => PRODUCT_TEXTS.map((text) => translatedField(text, language)));
const NO_TRANSLATIONS = Object.fromEntries(TRANSLATED_FIELDS.map((name) => [name, ''])) as Record<
  TranslatedField,
  string
>;
/** The most characters of each text, as for the main language's (database.rules.json). */
export const TEXT_LIMITS: Record<ProductText, number> = { title: 200, description: 5000, typeName: 100 };

/**
 * The product editor's fields, as typed (numbers too, so a half-typed price is not lost), with its texts in each
 * language besides the main one, empty where there is no translation.
 */
export interface ProductFields extends Record<TranslatedField, string> {
  id: string;
  title: string;
  price: string;
  description: string;
  image: string;
  category: string;
  date: string;
  venue: string;
  stock: string;
  maxPerOrder: string;
  minPerOrder: string;
  onSaleFrom: string;
  onSaleUntil: string;
  sort: string;
  active: boolean;
  attendeeNames: boolean;
  showLeft: boolean;
  /** A gift card (goods only), and how many months its cards stay valid; empty: for ever (docs/gift-cards.md). */
  giftCard: boolean;
  giftCardMonths: string;
  /**
   * The least and the most a buyer may choose a gift card to be worth, the price being the amount suggested; both
   * empty: it is worth its price (docs/gift-cards.md#an-amount-the-buyer-chooses).
   */
  giftCardMin: string;
  giftCardMax: string;
  /** Sold only with a voucher that names it: a crew or press ticket (docs/vouchers.md#unlocking-a-hidden-type). */
  voucherOnly: boolean;
  /** The tax rate it is sold at, by id; empty: the shop's default (docs/taxes.md#settings). */
  taxRate: string;
  /** The type's name ("Concession"); empty for a product sold without types. */
  typeName: string;
  /** The first product of the group this one is a type of; empty for a product of its own. */
  group: string;
  /** The shared quotas it draws on, by id. */
  quotas: string[];
}

export const EMPTY_PRODUCT: ProductFields = {
  id: '',
  title: '',
  price: '',
  description: '',
  image: '',
  category: '',
  date: '',
  venue: '',
  stock: '',
  maxPerOrder: '',
  minPerOrder: '',
  onSaleFrom: '',
  onSaleUntil: '',
  sort: '',
  active: true,
  attendeeNames: false,
  showLeft: true,
  giftCard: false,
  giftCardMonths: '',
  giftCardMin: '',
  giftCardMax: '',
  voucherOnly: false,
  taxRate: '',
  typeName: '',
  group: '',
  quotas: [],
  ...NO_TRANSLATIONS,
};

/** On-sale moments are stored as milliseconds, the helpers of dateTimeInput speak ISO: these convert. */
const momentInput = (time: number | null, zone: string) =>
  toLocalInput(time === null ? null : new Date(time).toISOString(), zone);

/** The moment a `datetime-local` value means, in ms; null when empty or unusable. */
export function momentOf(value: string, zone: string): number | null {
  const iso = fromLocalInput(value, zone);
  return iso === null ? null : Date.parse(iso);
}

/** `zone`: the shop's time zone, in which the event's date and the on-sale window are shown and typed (inputZone). */
export function productFields(product: Product, zone: string): ProductFields {
  return {
    id: product.id,
    title: product.title,
    price: priceText(product.price),
    description: product.description,
    image: product.image,
    category: product.category,
    date: toLocalInput(product.date, zone),
    venue: product.venue ?? '',
    stock: product.stock === null ? '' : String(product.stock),
    maxPerOrder: String(product.maxPerOrder),
    minPerOrder: String(product.minPerOrder),
    onSaleFrom: momentInput(product.onSaleFrom, zone),
    onSaleUntil: momentInput(product.onSaleUntil, zone),
    sort: product.sort === null ? '' : String(product.sort),
    active: product.active,
    attendeeNames: product.attendeeNames,
    showLeft: product.showLeft,
    giftCard: product.giftCard !== null,
    giftCardMonths: product.giftCard?.months ? String(product.giftCard.months) : '',
    giftCardMin: product.giftCard?.amount ? priceText(product.giftCard.amount.min) : '',
    giftCardMax: product.giftCard?.amount ? priceText(product.giftCard.amount.max) : '',
    voucherOnly: product.voucherOnly === true,
    taxRate: product.taxRate ?? '',
    typeName: product.typeName ?? '',
    group: product.group ?? '',
    quotas: product.quotas,
    ...(Object.fromEntries(
      LANGUAGES.flatMap((language) =>
        PRODUCT_TEXTS.map((text) => [translatedField(text, language), product.translations[language]?.[text] ?? '']),
      ),
    ) as Record<TranslatedField, string>),
  };
}

/**
 * What the types of a group share with its first product: one card in the shop, one event and one list of tickets
 * (docs/behaviour.md#editing-types-and-quotas). A type's form shows them as its group has them.
 */
const SHARED_FIELDS = [
  ...(['title', 'description', 'image', 'category', 'date', 'venue'] as const),
  ...LANGUAGES.flatMap((language) => [translatedField('title', language), translatedField('description', language)]),
];
export type SharedFields = Pick<ProductFields, (typeof SHARED_FIELDS)[number]>;

export const pickShared = (fields: ProductFields): SharedFields =>
  Object.fromEntries(SHARED_FIELDS.map((name) => [name, fields[name]])) as SharedFields;

/** A shared field's text and, for a translated one, its language. */
function splitField(name: (typeof SHARED_FIELDS)[number]): [string, ShopLanguage | null] {
  const language = LANGUAGES.find((candidate) => name.endsWith(`-${candidate}`));
  return language ? [name.slice(0, -language.length - 1), language] : [name, null];
}

/** The fields `group`'s types take from it, as the form shows them. */
export const sharedFields = (group: Product, zone: string): SharedFields => pickShared(productFields(group, zone));

/** A new type of `group`: its shared fields, and its attendee names and visibility to start with. */
export function newTypeFields(group: Product, zone: string): ProductFields {
  return {
    ...EMPTY_PRODUCT,
    ...sharedFields(group, zone),
    attendeeNames: group.attendeeNames,
    active: group.active,
    group: group.id,
  };
}

/** A new type's id until staff type one: its group's and its name's ("harbour-jazz-night-concession"). */
export const typeId = (group: string, typeName: string): string => slugify(`${group} ${typeName}`);

/** A number as typed (NaN when it is none). */
export const number = (value: string) => Number(value.trim());

/**
 * A price as typed, with a decimal point or a decimal comma (as German staff write it, "12,50"): with at most two
 * decimals and no grouping, the two cannot be confused. NaN when it is no price.
 */
export const priceNumber = (value: string) =>
  /^\d+([.,]\d{1,2})?$/.test(value.trim()) ? number(value.replace(',', '.')) : NaN;

/** A price as the reader's language writes it in a field: "12.5" in English, "12,5" in German. */
const priceText = (price: number) => fieldDecimal(price, i18n.locale);

/** The types of `id`: the products that name it as their group. */
export const typesOf = (id: string, products: Iterable<Product>): Product[] =>
  [...products].filter((product) => product.group === id);

/** The texts typed in each language besides the main one, as stored: empty ones are no translation. */
function translationsRecord(fields: ProductFields): Record<string, Record<string, string>> {
  const translations: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    const texts = PRODUCT_TEXTS.flatMap((text) => {
      const value = fields[translatedField(text, language)].trim();
      // A type's name is translated only where it has one to translate.
      return value === '' || (text === 'typeName' && fields.typeName.trim() === '') ? [] : [[text, value] as const];
    });
    if (texts.length > 0) translations[language] = Object.fromEntries(texts);
  }
  return translations;
}

/** The value written to products/{id}; empty optional fields are left out rather than stored empty. */
export function productRecord(fields: ProductFields, zone: string): Record<string, unknown> {
  const record: Record<string, unknown> = {
    title: fields.title.trim(),
    price: priceNumber(fields.price),
    description: fields.description.trim(),
    image: fields.image.trim(),
    category: fields.category.trim(),
    active: fields.active,
  };
  const date = fromLocalInput(fields.date, zone);
  if (date) record.date = date;
  // Kept only where it means something: an event issues tickets, goods do not.
  if (fields.attendeeNames && record.date) record.attendeeNames = true;
  // Stored only when off: a product without it tells buyers, as every product did before the switch.
  if (!fields.showLeft) record.showLeft = false;
  // A gift card is goods: an event's line issues tickets, not cards.
  if (fields.giftCard && !record.date) {
    record.giftCard = true;
    if (fields.giftCardMonths.trim() !== '') record.giftCardMonths = number(fields.giftCardMonths);
    if (fields.giftCardMin.trim() !== '') {
      record.giftCardAmount = { min: priceNumber(fields.giftCardMin), max: priceNumber(fields.giftCardMax) };
    }
  }
  if (fields.voucherOnly) record.voucherOnly = true;
  if (fields.taxRate !== '') record.taxRate = fields.taxRate;
  if (fields.venue.trim() !== '') record.venue = fields.venue.trim();
  if (fields.stock.trim() !== '') record.stock = number(fields.stock);
  if (fields.maxPerOrder.trim() !== '') record.maxPerOrder = number(fields.maxPerOrder);
  if (fields.minPerOrder.trim() !== '') record.minPerOrder = number(fields.minPerOrder);
  const onSaleFrom = momentOf(fields.onSaleFrom, zone);
  if (onSaleFrom !== null) record.onSaleFrom = onSaleFrom;
  const onSaleUntil = momentOf(fields.onSaleUntil, zone);
  if (onSaleUntil !== null) record.onSaleUntil = onSaleUntil;
  if (fields.sort.trim() !== '') record.sort = number(fields.sort);
  if (fields.typeName.trim() !== '') record.typeName = fields.typeName.trim();
  if (fields.group !== '') record.group = fields.group;
  if (fields.quotas.length > 0) record.quotas = Object.fromEntries(fields.quotas.map((quota) => [quota, true]));
  const translations = translationsRecord(fields);
  if (Object.keys(translations).length > 0) record.translations = translations;
  return record;
}

/**
 * The update of products/ that saves the product: the whole product, and for the first product of a group its
 * shared fields on each of its types, in the same multi-path update. A type shows its group's card and its tickets
 * are the group's event's, so a type left with an old title, date or venue would sell one event under another's
 * name and time (docs/behaviour.md#editing-types-and-quotas).
 */
export function productWrites(
  fields: ProductFields,
  zone: string,
  products: ReadonlyMap<string, Product>,
): Record<string, unknown> {
  const id = fields.id.trim();
  // A type's shared fields are its group's as they are now, whatever the form held.
  const first = products.get(fields.group);
  const record = productRecord(first ? { ...fields, ...sharedFields(first, zone) } : fields, zone);
  const writes: Record<string, unknown> = { [id]: record };
  const translations = (record.translations ?? {}) as Record<string, Record<string, string>>;
  for (const type of typesOf(id, products.values())) {
    for (const name of SHARED_FIELDS) {
      const [text, language] = splitField(name);
      writes[`${type.id}/${language ? `translations/${language}/${text}` : name}`] =
        (language ? translations[language]?.[text] : record[name]) ?? null;
    }
  }
  return writes;
}
