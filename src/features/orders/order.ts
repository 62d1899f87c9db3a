import { lineTotal } from '../../lib/money';
import { isRecord } from '../../state/validation';
import { parseDeliveries, type MailDelivery } from './orderMail';
import { parseOrderPayment, type OrderPayment, type StoredOrderPayment } from './orderPayment';

export const ORDER_STATUSES = ['pending', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
};

/** One product in a stored order: its title and price as the catalogue had them when it was ordered. */
interface OrderItem {
  title: string;
  price: number;
  quantity: number;
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
}

/** A new order as checkout builds it: pending, and `created` left for the server to stamp. */
export type NewOrder = Omit<StoredOrder, 'status' | 'created' | 'ref' | 'link' | 'mail' | 'pay'> & {
  status: 'pending';
};

/** One item of an order with its product id: a line as the dashboard and the tickets list them. */
export interface OrderLine extends OrderItem {
  productId: string;
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
}

/** An order's total, always added up from its items: the stored total is never trusted (docs/security.md). */
export function orderTotal(order: Pick<StoredOrder, 'items'>): number {
  return lineTotal(Object.values(order.items));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function parseLines(raw: unknown): OrderLine[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw).flatMap(([productId, line]) => {
    if (!isRecord(line)) return [];
    const price = finite(line.price);
    const quantity = finite(line.quantity);
    return price === null || quantity === null
      ? []
      : [{ productId, title: text(line.title) || productId, price, quantity }];
  });
}

/** Reads one order; null when it lacks what the dashboard needs to show it honestly (a status). */
export function parseOrder(uid: string, id: string, raw: unknown): Order | null {
  if (!isRecord(raw)) return null;
  const status = raw.status;
  if (!(ORDER_STATUSES as readonly unknown[]).includes(status)) return null;
  const contact = isRecord(raw.contact) ? raw.contact : {};
  const lines = parseLines(raw.items);
  const total = lineTotal(lines);
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
