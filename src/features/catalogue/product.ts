import { readTranslations, type ShopLanguage } from '../../i18n/languages';
import { MAX_PRICE, MAX_QUANTITY } from '../../state/cart';
import { fromMinorUnits, toMinorUnits } from '../../lib/money';
import { normaliseDate } from '../../state/dates';
import { describe, isRecord, trueKeys } from '../../state/validation';
import { isTaxRateId } from '../taxes/model';

export interface Product {
  id: string;
  title: string;
  price: number;
  description: string;
  image: string;
  category: string;
  /** ISO date-time of the event, for tickets. */
  date: string | null;
  venue: string | null;
  /** Units left; null when the product is not counted (no limit). */
  stock: number | null;
  /** The most one order may hold (the rules enforce it; DEFAULT_MAX_PER_ORDER when staff set none). */
  maxPerOrder: number;
  /** The fewest one order may hold (1 when staff set none; the rules enforce it). */
  minPerOrder: number;
  /** When sales open and close (ms since the epoch, on the database's clock); null: no bound (docs/data-model.md#products). */
  onSaleFrom: number | null;
  onSaleUntil: number | null;
  /** Checkout asks for the name of each ticket's attendee (events only: goods issue no tickets). */
  attendeeNames: boolean;
  /** Whether buyers are told how many are left when few are ("Only 3 left"); the organiser may keep it to themselves. */
  showLeft: boolean;
  /**
   * The product this one is a type (or variant) of, whose card, event and tickets it shares; null for a product of
   * its own, or the first of its types (docs/data-model.md#types-and-quotas).
   */
  group: string | null;
  /** The type's name ("Concession", "Large"); null for a product sold without types. */
  typeName: string | null;
  /** The shared quotas (quotas/{id}) each unit sold draws on as well as `stock`. */
  quotas: string[];
  /**
   * A gift card (docs/gift-cards.md#selling-them): each unit paid for is issued as a card worth the price, valid
   * `months` from its issue, or for ever (null); null for any other product. With `amount`, the buyer chooses what
   * each card is worth, from `min` to `max` (in the shop's currency, as `price`, which is then the amount suggested).
   */
  giftCard: { months: number | null; amount: GiftCardAmount | null } | null;
  /**
   * Sold only with a voucher that applies to it, such as a crew or press ticket (docs/vouchers.md#unlocking-a-hidden-type):
   * the shop shows it to a buyer whose voucher unlocks it, and the allocator sells it to no one else.
   */
  voucherOnly?: true;
  /**
   * The tax rate it is sold at, by id (taxSettings/rates; docs/taxes.md#settings); absent: the shop's default rate.
   * A type names its own: a concession may be taxed unlike the full ticket.
   */
  taxRate?: string;
  active: boolean;
  sort: number | null;
  /** The organiser's texts in the shop's other languages; the fields above are in its main one (docs/languages.md#organiser-content). */
  translations: Translations;
  /**
   * The language of each text shown in another language than the reader's, for want of a translation (its `lang`);
   * empty as the product is stored, filled by productIn.
   */
  textLanguage: Partial<Record<ProductText, ShopLanguage>>;
}

/** The texts of a product that the organiser may write in each language. */
export const PRODUCT_TEXTS = ['title', 'description', 'typeName'] as const;
export type ProductText = (typeof PRODUCT_TEXTS)[number];
type ProductTexts = Partial<Record<ProductText, string>>;
type Translations = Partial<Record<ShopLanguage, ProductTexts>>;

/** Below this many left, a product shows "Only N left". */
const LOW_STOCK = 5;
/** The most of one product an order may hold when staff set no maxPerOrder: the same default as the rules'. */
export const DEFAULT_MAX_PER_ORDER = 10;
/** The highest maxPerOrder the rules accept. */
export const MAX_PER_ORDER_LIMIT = 1000;

export type StockState = 'available' | 'low' | 'sold-out';

/** Where a product stands with its on-sale window at `now` (the database's clock). */
export type SaleWindow = { state: 'upcoming'; opens: number } | { state: 'open' } | { state: 'ended' };

export function saleWindow(product: Pick<Product, 'onSaleFrom' | 'onSaleUntil'>, now: number): SaleWindow {
  if (product.onSaleFrom !== null && now < product.onSaleFrom) return { state: 'upcoming', opens: product.onSaleFrom };
  if (product.onSaleUntil !== null && now >= product.onSaleUntil) return { state: 'ended' };
  return { state: 'open' };
}

/** The next moment after `now` at which one of `products` opens or closes its sales; null when none will. */
export function nextSaleChange(
  products: Iterable<Pick<Product, 'onSaleFrom' | 'onSaleUntil'>>,
  now: number,
): number | null {
  let next: number | null = null;
  for (const { onSaleFrom, onSaleUntil } of products) {
    for (const at of [onSaleFrom, onSaleUntil]) if (at !== null && at > now && (next === null || at < next)) next = at;
  }
  return next;
}

export function stockState(product: Pick<Product, 'stock'>): StockState {
  if (product.stock === null) return 'available';
  if (product.stock <= 0) return 'sold-out';
  return product.stock <= LOW_STOCK ? 'low' : 'available';
}

/** How many one order may hold now: the stock left, and never more than the product's limit per order. */
export function maxQuantity(product: Pick<Product, 'stock' | 'maxPerOrder'> | undefined): number {
  if (!product) return MAX_QUANTITY;
  return Math.max(0, Math.min(product.stock ?? Number.POSITIVE_INFINITY, product.maxPerOrder));
}

/** Whether the per-order limit, rather than the stock, is what caps `product` now. */
export function limitedPerOrder(product: Pick<Product, 'stock' | 'maxPerOrder'>): boolean {
  return product.stock === null || product.stock > product.maxPerOrder;
}

const perOrderCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PER_ORDER_LIMIT;

/** The range of moments the rules accept, as for the event date and the launch: 2000 to 2100. */
const EARLIEST_MOMENT = 946_684_800_000;
const LATEST_MOMENT = 4_133_980_800_000;

const moment = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= EARLIEST_MOMENT && value < LATEST_MOMENT
    ? value
    : null;

/** The on-sale window as stored; a close that is not after the opening is ignored, as the rules would refuse it. */
function parseSaleWindow(raw: Record<string, unknown>): Pick<Product, 'onSaleFrom' | 'onSaleUntil'> {
  const onSaleFrom = moment(raw.onSaleFrom);
  const until = moment(raw.onSaleUntil);
  return { onSaleFrom, onSaleUntil: until !== null && (onSaleFrom === null || until > onSaleFrom) ? until : null };
}

/** The per-order bounds; a minimum above the maximum is ignored (the rules refuse it). */
function parsePerOrder(raw: Record<string, unknown>): Pick<Product, 'maxPerOrder' | 'minPerOrder'> {
  const maxPerOrder = perOrderCount(raw.maxPerOrder) ? raw.maxPerOrder : DEFAULT_MAX_PER_ORDER;
  const min = raw.minPerOrder;
  return { maxPerOrder, minPerOrder: perOrderCount(min) && min <= maxPerOrder ? min : 1 };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The most months a gift card may be valid for when it expires at all; the rules' bound. */
export const GIFT_CARD_MONTHS_LIMIT = 120;

/** The amounts a buyer may choose a gift card's worth between, in the shop's currency as a product's price. */
export interface GiftCardAmount {
  min: number;
  max: number;
}

const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_PRICE;

/**
 * The amounts a buyer may choose between as stored (`giftCardAmount: {min, max}`), which must hold the suggested
 * price; anything else is no choice, and the card is worth its price (the rules refuse such writes).
 */
function parseGiftCardAmount(raw: unknown, price: number): GiftCardAmount | null {
  if (!isRecord(raw) || !isPrice(raw.min) || !isPrice(raw.max)) return null;
  return raw.min <= price && price <= raw.max ? { min: raw.min, max: raw.max } : null;
}

/** A gift card's terms as stored (`giftCard: true`, `giftCardMonths`, `giftCardAmount`); an event is never one. */
function parseGiftCardTerms(raw: Record<string, unknown>, price: number): Product['giftCard'] {
  if (raw.giftCard !== true || raw.date != null) return null;
  const months = raw.giftCardMonths;
  const valid =
    typeof months === 'number' && Number.isInteger(months) && months >= 1 && months <= GIFT_CARD_MONTHS_LIMIT;
  return { months: valid ? months : null, amount: parseGiftCardAmount(raw.giftCardAmount, price) };
}

/**
 * The price of one unit of `product` whose buyer chose `chosen` (as the catalogue writes prices): the catalogue's
 * when nothing was chosen; the chosen amount for a gift card whose buyer chooses, within its bounds and in whole
 * minor units of `currency`. Null when the amount cannot be had: outside the bounds, finer than the currency counts,
 * or for a product that takes no chosen amount (any longer) (docs/gift-cards.md#an-amount-the-buyer-chooses).
 */
export function chosenPrice(
  product: Pick<Product, 'price' | 'giftCard'>,
  chosen: number | undefined,
  currency: string,
): number | null {
  if (chosen === undefined) return product.price;
  const amount = product.giftCard?.amount;
  if (!amount || chosen < amount.min || chosen > amount.max) return null;
  return fromMinorUnits(toMinorUnits(chosen, currency), currency) === chosen ? chosen : null;
}

/** The translations as stored: languages the shop speaks, non-empty texts; anything else is no translation. */
function parseTranslations(raw: unknown): Translations {
  return readTranslations(raw, (texts) => {
    const own: ProductTexts = {};
    for (const name of PRODUCT_TEXTS) if (text(texts[name]).trim() !== '') own[name] = text(texts[name]).trim();
    return Object.keys(own).length > 0 ? own : null;
  });
}

/**
 * `product` as a reader of `language` sees it: its texts from their translation, and those without one in `main`,
 * the shop's main language, marked in textLanguage (docs/languages.md#organiser-content). Trusted code names an
 * order's lines this way, in the order's language.
 */
export function productIn(product: Product, language: ShopLanguage, main: ShopLanguage): Product {
  if (language === main) return product;
  const own = product.translations[language] ?? {};
  const shown: Partial<Product> = {};
  const textLanguage: Product['textLanguage'] = {};
  for (const name of PRODUCT_TEXTS) {
    const translated = own[name];
    if (translated !== undefined) shown[name] = translated;
    else if (product[name]) textLanguage[name] = main;
  }
  return { ...product, ...shown, textLanguage };
}

/**
 * The category of a product stored without one. Shown in the reader's language where categories show
 * (`categoryName`, src/features/catalogue/categoryName.ts): this module is shared with trusted code, which has no
 * messages of its own for it.
 */
export const DEFAULT_CATEGORY = 'Other';

/**
 * Reads one product from the database. A product without a usable title or price is refused (with the reason)
 * so the page can leave it out; lesser fields fall back to empty values, and an unusable date is no date: the
 * product still shows (ignoredDate names it).
 */
export function parseProduct(id: string, raw: unknown): { product: Product } | { problem: string } {
  if (!isRecord(raw)) return { problem: `product ${id} is not an object` };
  const { title, price, stock, sort } = raw;
  if (typeof title !== 'string' || title.trim() === '') return { problem: `product ${id} has no title` };
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > MAX_PRICE) {
    return { problem: `product ${id} ("${title}") has an unusable price: ${describe(price)}` };
  }
  return {
    product: {
      id,
      title,
      price,
      description: text(raw.description),
      image: text(raw.image),
      category: text(raw.category) || DEFAULT_CATEGORY,
      date: normaliseDate(raw.date) ?? null,
      venue: text(raw.venue) || null,
      stock: typeof stock === 'number' && Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : null,
      ...parsePerOrder(raw),
      ...parseSaleWindow(raw),
      attendeeNames: raw.attendeeNames === true,
      showLeft: raw.showLeft !== false,
      group: typeof raw.group === 'string' && raw.group !== '' && raw.group !== id ? raw.group : null,
      typeName: text(raw.typeName).trim() || null,
      quotas: trueKeys(raw.quotas),
      giftCard: parseGiftCardTerms(raw, price),
      ...(raw.voucherOnly === true ? { voucherOnly: true as const } : {}),
      ...(typeof raw.taxRate === 'string' && isTaxRateId(raw.taxRate) ? { taxRate: raw.taxRate } : {}),
      active: raw.active === true,
      sort: typeof sort === 'number' && Number.isFinite(sort) ? sort : null,
      translations: parseTranslations(raw.translations),
      textLanguage: {},
    },
  };
}

export interface Catalogue {
  products: Product[];
  /** Products left out, with the reason. */
  problems: string[];
  /** Fields ignored in products that are shown; absent when there are none. */
  ignored?: string[];
}

/** Names a date that was given but could not be used, for the console; undefined when there is none. */
export function ignoredDate(raw: unknown, product: Product): string | undefined {
  if (!isRecord(raw) || raw.date == null || raw.date === '' || product.date !== null) return undefined;
  return `product ${product.id} ("${product.title}") shows without its date ${describe(raw.date)}`;
}

/** Reads the products node (an object keyed by id); only active products are kept. */
export function parseCatalogue(raw: unknown): Catalogue {
  const products: Product[] = [];
  const problems: string[] = [];
  const ignored: string[] = [];
  if (isRecord(raw)) {
    for (const [id, value] of Object.entries(raw)) {
      const parsed = parseProduct(id, value);
      if ('problem' in parsed) problems.push(parsed.problem);
      else if (parsed.product.active) {
        products.push(parsed.product);
        const note = ignoredDate(value, parsed.product);
        if (note) ignored.push(note);
      }
    }
  } else if (raw != null) {
    problems.push('the products node is not an object');
  }
  return { products: sortProducts(products, 'featured'), problems, ...(ignored.length > 0 && { ignored }) };
}

export type SortOrder = 'featured' | 'price-asc' | 'price-desc' | 'date' | 'title';

export const SORT_ORDERS: readonly SortOrder[] = ['featured', 'price-asc', 'price-desc', 'date', 'title'];

const byTitle = (a: Product, b: Product) => a.title.localeCompare(b.title);
const nullsLast = (a: number | null, b: number | null) =>
  (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY);

const COMPARATORS: Record<SortOrder, (a: Product, b: Product) => number> = {
  featured: (a, b) => nullsLast(a.sort, b.sort) || byTitle(a, b),
  'price-asc': (a, b) => a.price - b.price || byTitle(a, b),
  'price-desc': (a, b) => b.price - a.price || byTitle(a, b),
  // Dated events first, soonest first; undated products after them.
  date: (a, b) => nullsLast(a.date ? Date.parse(a.date) : null, b.date ? Date.parse(b.date) : null) || byTitle(a, b),
  title: byTitle,
};

export function sortProducts(products: readonly Product[], order: SortOrder): Product[] {
  return [...products].sort(COMPARATORS[order]);
}

export interface CatalogueQuery {
  search: string;
  category: string;
  sort: SortOrder;
}

/** Case- and accent-insensitive search over title, description, category and venue. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The products a query finds, in its order. `categoryName` is a category as the reader reads it
 * (docs/languages.md#categories): a search finds it by that name as well as by the main language's.
 */
export function filterProducts(
  products: readonly Product[],
  query: CatalogueQuery,
  categoryName: (category: string) => string = (category) => category,
): Product[] {
  const words = fold(query.search).split(/\s+/).filter(Boolean);
  const matching = products.filter((product) => {
    if (query.category && product.category !== query.category) return false;
    if (words.length === 0) return true;
    const { title, description, category, venue } = product;
    const haystack = fold(`${title} ${description} ${category} ${categoryName(category)} ${venue ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
  return sortProducts(matching, query.sort);
}

export function categoriesOf(products: readonly Product[]): string[] {
  return [...new Set(products.map((product) => product.category))].sort((a, b) => a.localeCompare(b));
}

export function isSortOrder(value: string | null): value is SortOrder {
  return value !== null && (SORT_ORDERS as readonly string[]).includes(value);
}

/** What the home page shows first: the next events to come, soonest first, then the featured order. */
export function featuredProducts(products: readonly Product[], now: number, count = 4): Product[] {
  const upcoming = sortProducts(
    products.filter((product) => product.date !== null && Date.parse(product.date) > now),
    'date',
  );
  const rest = sortProducts(
    products.filter((product) => !upcoming.includes(product)),
    'featured',
  );
  return [...upcoming, ...rest].slice(0, count);
}
