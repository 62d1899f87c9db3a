import { parseBillingDetails, type BillingDetails } from './billing';
import { isShopLanguage, type ShopLanguage } from '../../i18n/languages';
import { fromMinorUnits, lineTotal } from '../../lib/money';
import { typedTitle } from '../../lib/typedTitle';
import { isRecord, trueKeys } from '../../state/validation';
import { parseDeliveries, type MailDelivery } from './orderMail';
import { ORDER_STATUSES, type OrderStatus } from './orderStatus';
import { parseOrderPayment, type OrderPayment, type StoredOrderPayment } from '../payments/model';
import { parseGiftRecipient, type GiftRecipient } from '../giftcards/model';
import { parseOrderTaxRecord, taxOnTop, type OrderTaxRecord } from '../taxes/model';

/** One product in a stored order: its title and price as the catalogue had them when it was ordered. */
interface OrderItem {
  title: string;
  price: number;
  quantity: number;
  /** The product's type name ("Concession"), for a type of a product (docs/data-model.md#types-and-quotas). */
  type?: string;
  /** For an event: the product its tickets are under (its group), and the number of its first ticket there. */
  event?: string;
  first?: number;
  /** The shared quotas it drew on: given back to them if the order lapses. */
  quotas?: Record<string, true>;
  /** A gift card line, and how many months its cards are valid (none: for ever), as the product was. */
  giftCard?: true;
  giftCardMonths?: number;
  /** The catalogue's price, when a voucher lowered `price` to what was paid (docs/vouchers.md). */
  listPrice?: number;
}

/**
 * The one order model: an order as the database holds it at orders/{uid}/{orderId} (docs/data-model.md#orders),
 * written by checkout, shown by the dashboard, issuing tickets, read back by the tests.
 */
export interface StoredOrder {
  /** By product id. */
  items: Record<string, OrderItem>;
  total: number;
  status: OrderStatus;
  /** The server's clock when the order arrived (epoch ms). */
  created: number;
  contact: { name: string; email: string; telephone?: string };
  notes?: string;
  /** The reference people read and type, stored form (orderReference.ts); orders before references have none. */
  ref?: string;
  /** The order page's secret (orderLink.ts). */
  link?: string;
  /** Each email's delivery state, by message id (orderMail.ts). */
  mail?: Record<string, unknown>;
  /** How it is paid and where that stands; orders from before payments have none (payments/orderPayment.ts). */
  pay?: StoredOrderPayment;
  /** The language its emails and tickets speak, the buyer's at checkout; orders from before languages have none. */
  language?: ShopLanguage;
  /** The voucher it was placed with, and what that took off in minor units (docs/vouchers.md). */
  voucher?: OrderVoucher;
  /** Its tax, fixed when it was placed; none when the shop charged none (docs/taxes.md#the-orders-tax). */
  tax?: OrderTaxRecord;
  /** The company, address and VAT number its invoice is made out to, when the buyer gave them. */
  billing?: Record<string, string>;
}

export interface OrderVoucher {
  code: string;
  off: number;
}

/** A new order as checkout builds it: pending, and `created` left for the server to stamp. */
export type NewOrder = Omit<StoredOrder, 'status' | 'created' | 'ref' | 'link' | 'mail' | 'pay'> & {
  status: 'pending';
};

/**
 * One item of an order with its product id: a line as the dashboard and the tickets list them. Its title names its
 * type too ("Harbour Jazz Night · Concession"), so every list shows which type was bought.
 */
export interface OrderLine extends Pick<OrderItem, 'title' | 'price' | 'quantity' | 'listPrice'> {
  productId: string;
  /** The type's name alone, when it is a type (for figures by type). */
  type: string | null;
  /** Where its tickets are, and their numbers: `event` and `first` … `first + quantity - 1` (heldLines). */
  event: string;
  first: number;
}

/** What an item holds of the shop's places: how many, its tickets' event and first number, the quotas drawn on. */
export interface HeldLine {
  productId: string;
  quantity: number;
  event: string;
  first: number;
  quotas: string[];
}

const isTicketNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * An item placed before types, in the fields types added: its tickets, if it issued any, are under its own product,
 * numbered from 0. The migration writes this into every such item that issued tickets (functions/src/migrations/),
 * and heldLine reads an item without `event` as this (docs/data-model.md#records-from-before-types).
 */
export function itemBeforeTypes(productId: string): Pick<HeldLine, 'event' | 'first'> {
  return { event: productId, first: 0 };
}

/**
 * The lines of an order's stored items, for giving back or taking again what they hold and for finding their
 * tickets.
 */
export function heldLines(items: unknown): HeldLine[] {
  return isRecord(items) ? Object.entries(items).map(([productId, item]) => heldLine(productId, item)) : [];
}

/**
 * One stored item's line. An item without `event` is read as one from before types (itemBeforeTypes): the migration
 * makes those that issued tickets explicit, but the old form can still be met where it has not reached (a database
 * it has not run on yet, a record written with admin rights since, a copy a device saved), and an item that issued
 * no tickets (goods) has no `event` at all. Either way its tickets are looked for where they would be, and a line
 * whose first ticket is missing issued none (docs/data-model.md#records-from-before-types).
 */
export function heldLine(productId: string, item: unknown): HeldLine {
  const fields = isRecord(item) ? item : {};
  const before = itemBeforeTypes(productId);
  return {
    productId,
    quantity: typeof fields.quantity === 'number' ? fields.quantity : 0,
    event: typeof fields.event === 'string' && fields.event !== '' ? fields.event : before.event,
    first: isTicketNumber(fields.first) ? fields.first : before.first,
    quotas: trueKeys(fields.quotas),
  };
}

/** The ticket numbers of a line: its order's tickets of its event from `first`, one per unit. */
export function lineTicketNumbers(line: Pick<HeldLine, 'first' | 'quantity'>): number[] {
  return Array.from({ length: Math.max(0, line.quantity) }, (_, n) => line.first + n);
}

/** What a buyer asks for: which product, how many (the wishlist's lines at checkout). */
export type WantedLine = Pick<OrderLine, 'productId' | 'quantity'>;

/** A stored order as read for display, checked field by field; the ids come from its path. */
export interface Order {
  uid: string;
  id: string;
  lines: OrderLine[];
  /** Added up from the lines: the stored total is never trusted (docs/security.md). */
  total: number;
  /** The total as stored, when it is not what the lines add up to (staff are shown the mismatch). */
  storedTotalMismatch: number | null;
  status: OrderStatus;
  created: number;
  contact: Required<StoredOrder['contact']>;
  notes: string;
  /** Stored form; empty for an order placed before references. */
  ref: string;
  /** Whether the order has a page link, which every email of it carries (orders before links have none). */
  linked: boolean;
  deliveries: MailDelivery[];
  /** How it is paid and where that stands (`pay`); null for an order from before payments. */
  payment: OrderPayment | null;
  /** The language its emails speak; null for an order from before languages, or one naming a language not spoken. */
  language: ShopLanguage | null;
  /** Whom its gift cards are for, when the buyer named someone (docs/gift-cards.md#selling-them). */
  gift?: GiftRecipient;
  voucher?: OrderVoucher;
  /** Its tax as fixed when it was placed (docs/taxes.md#the-orders-tax). */
  tax?: OrderTaxRecord;
  /** Its invoice's details, as the buyer last gave them (docs/invoices.md#the-buyers-details). */
  billing?: BillingDetails;
}

/**
 * What tax adds to an order's lines, in the shop's unit as its prices are: the tax it keeps when the prices did not
 * include it (docs/taxes.md#the-orders-tax); nothing for the others.
 */
const addedTax = (tax: OrderTaxRecord | null): number => (tax ? fromMinorUnits(taxOnTop(tax), tax.currency) : 0);

/**
 * An order's total, always added up from its items, and the tax it keeps when that came on top of their prices: the
 * stored total is never trusted (docs/security.md).
 */
export function orderTotal(order: Pick<StoredOrder, 'items' | 'tax'>): number {
  const added = addedTax(parseOrderTaxRecord(order.tax));
  return lineTotal([...Object.values(order.items), { price: added, quantity: 1 }]);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const giftOf = (raw: unknown) => {
  const gift = parseGiftRecipient(raw);
  return gift ? { gift } : {};
};
/** The voucher an order was placed with, as stored or as its page was sent; null when it is none we can read. */
export function parseOrderVoucher(raw: unknown): OrderVoucher | null {
  return isRecord(raw) && typeof raw.code === 'string' && Number.isSafeInteger(raw.off) && (raw.off as number) >= 0
    ? { code: raw.code, off: raw.off as number }
    : null;
}
const voucherOf = (raw: unknown) => {
  const voucher = parseOrderVoucher(raw);
  return voucher ? { voucher } : {};
};
const taxOf = (tax: OrderTaxRecord | null) => (tax ? { tax } : {});
const billingOf = (raw: unknown) => {
  const billing = parseBillingDetails(raw);
  return billing ? { billing } : {};
};
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An order's stored items as lines, each checked; an item without a usable price or quantity is left out. */
export function orderLines(raw: unknown): OrderLine[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw).flatMap(([productId, line]) => {
    if (!isRecord(line)) return [];
    const price = finite(line.price);
    const quantity = finite(line.quantity);
    const type = text(line.type) || null;
    const { event, first } = heldLine(productId, line);
    const listPrice = finite(line.listPrice);
    return price === null || quantity === null
      ? []
      : [
          {
            productId,
            title: typedTitle(text(line.title) || productId, type),
            price,
            quantity,
            type,
            event,
            first,
            ...(listPrice !== null && listPrice > price ? { listPrice } : {}),
          },
        ];
  });
}

/** Reads one order; null when it lacks what the dashboard needs to show it honestly (a status). */
export function parseOrder(uid: string, id: string, raw: unknown): Order | null {
  if (!isRecord(raw)) return null;
  const status = raw.status;
  if (!(ORDER_STATUSES as readonly unknown[]).includes(status)) return null;
  const contact = isRecord(raw.contact) ? raw.contact : {};
  const lines = orderLines(raw.items);
  const tax = parseOrderTaxRecord(raw.tax);
  const total = lineTotal([...lines, { price: addedTax(tax), quantity: 1 }]);
  const stored = finite(raw.total);
  return {
    uid,
    id,
    lines,
    total,
    storedTotalMismatch: stored === total ? null : stored,
    status: status as OrderStatus,
    created: finite(raw.created) ?? 0,
    contact: { name: text(contact.name), email: text(contact.email), telephone: text(contact.telephone) },
    notes: text(raw.notes),
    ref: text(raw.ref),
    linked: text(raw.link) !== '',
    deliveries: parseDeliveries(raw.mail),
    payment: parseOrderPayment(raw.pay),
    language: isShopLanguage(raw.language) ? raw.language : null,
    ...giftOf(raw.gift),
    ...voucherOf(raw.voucher),
    ...taxOf(tax),
    ...billingOf(raw.billing),
  };
}

const newestFirst = (a: Order, b: Order) => b.created - a.created;

/** The orders of one user (the value of orders/{uid}), newest first. */
export function parseUserOrders(uid: string, raw: unknown): Order[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .flatMap(([id, value]) => parseOrder(uid, id, value) ?? [])
    .sort(newestFirst);
}
