import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT, type Product } from '../../catalogue';
import { optionalText, requiredText, validateFields, type FieldErrors } from '../../../lib/forms';
import { fromLocalInput, toLocalInput } from './dateTimeInput';

/** The product editor's fields, as typed (numbers too, so a half-typed price is not lost). */
export interface ProductFields {
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
};

/** On-sale moments are stored as milliseconds, the helpers of dateTimeInput speak ISO: these convert. */
const momentInput = (time: number | null, zone: string) =>
  toLocalInput(time === null ? null : new Date(time).toISOString(), zone);

/** The moment a `datetime-local` value means, in ms; null when empty or unusable. */
function momentOf(value: string, zone: string): number | null {
  const iso = fromLocalInput(value, zone);
  return iso === null ? null : Date.parse(iso);
}

/** `zone`: the shop's time zone, in which the event's date and the on-sale window are shown and typed (inputZone). */
export function productFields(product: Product, zone: string): ProductFields {
  return {
    id: product.id,
    title: product.title,
    price: String(product.price),
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
  };
}

/** A readable id from the title: "Harbour Jazz Night" → "harbour-jazz-night". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

const number = (value: string) => Number(value.trim());

/** The most per order the field means (the default when empty); null when it is not an allowed count. */
function mostPerOrder(value: string): number | null {
  if (value.trim() === '') return DEFAULT_MAX_PER_ORDER;
  const most = number(value);
  return Number.isInteger(most) && most >= 1 && most <= MAX_PER_ORDER_LIMIT ? most : null;
}

/** The same limits as the products rules in database.rules.json; `takenIds` keeps a new id from replacing a product. */
export function validateProduct(
  fields: ProductFields,
  takenIds: ReadonlySet<string>,
  zone: string,
): FieldErrors<ProductFields> {
  // fromLocalInput also refuses the years the rules refuse, so a date outside them is "unusable" here too.
  const moment = (value: string) =>
    value === '' || fromLocalInput(value, zone)
      ? undefined
      : 'Please choose a date and time from 2000 to 2100, or leave it empty.';
  return validateFields(fields, {
    id: (value) => {
      const id = value.trim();
      if (id === '') return 'Please enter an id (letters, digits and dashes).';
      if (!/^[a-z0-9-]{1,64}$/.test(id)) return 'Use up to 64 lower-case letters, digits and dashes.';
      return takenIds.has(id) ? 'Another product already has this id.' : undefined;
    },
    title: requiredText('a title', 200),
    price: (value) => {
      if (value.trim() === '') return 'Please enter a price.';
      const price = number(value);
      if (!Number.isFinite(price) || price < 0 || price > 1_000_000) return 'Please enter a price from 0 to 1,000,000.';
      // Checked on the text: in binary floating point 0.29 × 100 is not a whole number.
      return /^\d+(\.\d{1,2})?$/.test(value.trim()) ? undefined : 'Please use at most two decimal places.';
    },
    description: optionalText(5000),
    image: optionalText(2000),
    category: requiredText('a category', 100),
    date: moment,
    venue: optionalText(200),
    stock: (value) => {
      if (value.trim() === '') return undefined;
      const stock = number(value);
      return Number.isSafeInteger(stock) && stock >= 0
        ? undefined
        : 'Please enter a whole number of 0 or more, or leave it empty for no limit.';
    },
    maxPerOrder: (value) =>
      mostPerOrder(value) === null
        ? `Please enter a whole number from 1 to ${MAX_PER_ORDER_LIMIT}, or leave it empty for ${DEFAULT_MAX_PER_ORDER}.`
        : undefined,
    minPerOrder: (value, { maxPerOrder }) => {
      if (value.trim() === '') return undefined;
      // While the most per order is itself wrong (and said so), the minimum is held to the widest bound only.
      const most = mostPerOrder(maxPerOrder) ?? MAX_PER_ORDER_LIMIT;
      const least = number(value);
      return Number.isInteger(least) && least >= 1 && least <= most
        ? undefined
        : `Please enter a whole number from 1 to ${most} (the most per order), or leave it empty for 1.`;
    },
    onSaleFrom: moment,
    onSaleUntil: (value, { onSaleFrom }) => {
      const opens = momentOf(onSaleFrom, zone);
      const closes = momentOf(value, zone);
      return opens !== null && closes !== null && closes <= opens ? 'Sales must close after they open.' : moment(value);
    },
    sort: (value) =>
      value.trim() === '' || Number.isFinite(number(value)) ? undefined : 'Please enter a number, or leave it empty.',
  });
}

/** The value written to products/{id}; empty optional fields are left out rather than stored empty. */
export function productRecord(fields: ProductFields, zone: string): Record<string, unknown> {
  const record: Record<string, unknown> = {
    title: fields.title.trim(),
    price: number(fields.price),
    description: fields.description.trim(),
    image: fields.image.trim(),
    category: fields.category.trim(),
    active: fields.active,
  };
  const date = fromLocalInput(fields.date, zone);
  if (date) record.date = date;
  // Kept only where it means something: an event issues tickets, goods do not.
  if (fields.attendeeNames && record.date) record.attendeeNames = true;
  if (fields.venue.trim() !== '') record.venue = fields.venue.trim();
  if (fields.stock.trim() !== '') record.stock = number(fields.stock);
  if (fields.maxPerOrder.trim() !== '') record.maxPerOrder = number(fields.maxPerOrder);
  if (fields.minPerOrder.trim() !== '') record.minPerOrder = number(fields.minPerOrder);
  const onSaleFrom = momentOf(fields.onSaleFrom, zone);
  if (onSaleFrom !== null) record.onSaleFrom = onSaleFrom;
  const onSaleUntil = momentOf(fields.onSaleUntil, zone);
  if (onSaleUntil !== null) record.onSaleUntil = onSaleUntil;
  if (fields.sort.trim() !== '') record.sort = number(fields.sort);
  return record;
}
