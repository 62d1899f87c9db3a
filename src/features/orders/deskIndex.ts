/**
 * The staff desk's index of orders, as pure logic shared by trusted code (which writes it) and the app (which reads
 * it and keeps its status in step). deskOrders/{uid~orderId} holds one small entry per order: what a row shows and
 * the fields the database sorts and searches by; deskEventOrders/{eventId}/{uid~orderId} holds, per event, what the
 * event's numbers and attendee list need. Why an index at all, and its shape: docs/decisions.md#the-organisers-desk.
 */
import { isRecord } from '../../state/validation';
import { lineTotal } from '../../lib/money';
import { typedTitle } from '../../lib/typedTitle';
import { heldLine, orderTotal, type StoredOrder } from './order';
import { ORDER_STATUSES, type OrderStatus } from './orderStatus';
import { STORED_REFERENCE } from './orderReference';
import { PAY_STATES, type PayState } from '../payments/model';

/** Every index path, named once; the rules in database.rules.json use the same names. */
export const deskPaths = {
  orders: 'deskOrders',
  order: (key: string) => `deskOrders/${key}`,
  eventOrders: (eventId: string) => `deskEventOrders/${eventId}`,
  eventOrder: (eventId: string, key: string) => `deskEventOrders/${eventId}/${key}`,
  /** The version of the index trusted code last completed a backfill for. */
  indexed: 'deskMeta/indexed',
} as const;

/**
 * Bumped when entries gain a field that old ones lack: trusted code then fills the index in again, and adds the
 * field to entries that lack it (functions/src/desk/backfill.ts). 2: partKey.
 */
export const INDEX_VERSION = 2;

/** An order's key in the index: its owner and id, which the rules check against the entry. */
export function deskKey(uid: string, orderId: string): string {
  return `${uid}~${orderId}`;
}

/** A time as the index sorts it: 13 digits of epoch milliseconds (every date from 2001 to 2286). */
export function timeKey(ms: number): string {
  return String(Math.max(0, Math.min(9_999_999_999_999, Math.floor(ms)))).padStart(13, '0');
}

/** Names and emails as searched: lower case, accents off, spaces single. */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** The surname first ("ada lovelace" → "lovelace ada"), so that a search by surname is a prefix search too. */
function surnameFirst(key: string): string {
  const words = key.split(' ');
  return words.length < 2 ? key : [words.at(-1), ...words.slice(0, -1)].join(' ');
}

/**
 * A double-barrelled surname's second part first ("ann parks-smith" → "smith ann"), so that "Smith" finds
 * Ann Parks-Smith as a prefix search too; the first part is the start of `surnameKey` already. Null when the
 * surname has no second part.
 */
function partKeyOf(nameKey: string): string | null {
  const words = nameKey.split(' ');
  const surname = words.at(-1) ?? '';
  const hyphen = surname.indexOf('-');
  const rest = hyphen < 0 ? '' : surname.slice(hyphen + 1);
  return rest ? [rest, ...words.slice(0, -1)].join(' ') : null;
}

/** What the status filter sorts by: the status, then the time (so one status is one range of the index). */
export function statusKey(status: OrderStatus, t: string): string {
  return `${status}~${t}`;
}

/** One order's entry at deskOrders/{key}. */
export interface DeskEntry {
  uid: string;
  order: string;
  /** The order reference in its stored form, when the order has one. */
  ref?: string;
  t: string;
  sk: string;
  status: OrderStatus;
  created: number;
  name: string;
  email: string;
  phone?: string;
  nameKey: string;
  surnameKey: string;
  partKey?: string;
  emailKey: string;
  total: number;
  summary: string;
  /** The events (dated products) the order holds tickets for. */
  events?: Record<string, true>;
  /** The order's payment state; orders from before payments have none. */
  pay?: PayState;
  /** While the payment is pending, when its hold ends (epoch ms): the expiry job finds lapsed holds by it. */
  hold?: number;
}

/** One order's entry for one of its events at deskEventOrders/{eventId}/{key}. */
export interface DeskEventEntry {
  t: string;
  sk: string;
  status: OrderStatus;
  quantity: number;
  amount: number;
  name: string;
  email: string;
  /** How many of `quantity` are of each type (by the type's product id), for an event sold by type. */
  types?: Record<string, number>;
}

const SUMMARY_MAX = 300;

function summaryOf(items: StoredOrder['items']): string {
  const text = Object.values(items)
    .map((item) => `${item.quantity} × ${typedTitle(item.title, item.type)}`)
    .join(', ');
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}

/** An order as the index needs it: `created` may still be the server's time placeholder in the allocator's update. */
export interface IndexedOrder extends Omit<StoredOrder, 'created'> {
  created: number | object;
  ref?: string;
}

/**
 * The index writes for one order, as paths of a multi-path update: its entry and one entry per event it holds.
 * `t` is when it arrived (the queue's server time, or `created` for an order indexed later); `eventIds` are the
 * order's items that are events.
 */
export function deskIndexWrites(
  uid: string,
  orderId: string,
  order: IndexedOrder,
  arrived: number,
  eventIds: readonly string[],
): Record<string, unknown> {
  const key = deskKey(uid, orderId);
  const t = timeKey(arrived);
  const sk = statusKey(order.status, t);
  const nameKey = searchKey(order.contact.name);
  const partKey = partKeyOf(nameKey);
  // The types of one event share its entry (docs/data-model.md#types-and-quotas): their figures add up, by type too.
  const byEvent = new Map<string, [string, StoredOrder['items'][string]][]>();
  for (const id of eventIds) {
    const item = order.items[id];
    if (!item) continue;
    const { event } = heldLine(id, item);
    byEvent.set(event, [...(byEvent.get(event) ?? []), [id, item]]);
  }
  const events = [...byEvent.keys()];
  const writes: Record<string, unknown> = {
    [deskPaths.order(key)]: {
      uid,
      order: orderId,
      ...(typeof order.ref === 'string' && STORED_REFERENCE.test(order.ref) ? { ref: order.ref } : {}),
      t,
      sk,
      status: order.status,
      created: order.created,
      name: order.contact.name,
      email: order.contact.email,
      ...(order.contact.telephone ? { phone: order.contact.telephone } : {}),
      nameKey,
      surnameKey: surnameFirst(nameKey),
      ...(partKey ? { partKey } : {}),
      emailKey: searchKey(order.contact.email),
      total: orderTotal(order),
      summary: summaryOf(order.items),
      ...(events.length > 0 ? { events: Object.fromEntries(events.map((id) => [id, true])) } : {}),
      ...(order.pay ? { pay: order.pay.state } : {}),
      ...(order.pay?.state === 'pending' && order.pay.until !== undefined ? { hold: order.pay.until } : {}),
    },
  };
  for (const [event, lines] of byEvent) {
    const typed = lines.filter(([, item]) => item.type !== undefined);
    writes[deskPaths.eventOrder(event, key)] = {
      t,
      sk,
      status: order.status,
      quantity: lines.reduce((sum, [, item]) => sum + item.quantity, 0),
      amount: lineTotal(lines.map(([, item]) => item)),
      name: order.contact.name,
      email: order.contact.email,
      ...(typed.length > 0 ? { types: Object.fromEntries(typed.map(([id, item]) => [id, item.quantity])) } : {}),
    } satisfies DeskEventEntry;
  }
  return writes;
}

/** The writes that move an indexed order to `status`, to go in the same update as the order's own status. */
export function deskStatusWrites(key: string, entry: DeskEntry, status: OrderStatus): Record<string, unknown> {
  const sk = statusKey(status, entry.t);
  const writes: Record<string, unknown> = {
    [`${deskPaths.order(key)}/status`]: status,
    [`${deskPaths.order(key)}/sk`]: sk,
  };
  for (const eventId of Object.keys(entry.events ?? {})) {
    writes[`${deskPaths.eventOrder(eventId, key)}/status`] = status;
    writes[`${deskPaths.eventOrder(eventId, key)}/sk`] = sk;
  }
  return writes;
}

const isStatus = (value: unknown): value is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const T = /^[0-9]{13}$/;

/** Reads one entry of deskOrders; null when it is not one (it is then left out and counted). */
export function parseDeskEntry(raw: unknown): DeskEntry | null {
  if (!isRecord(raw)) return null;
  const { uid, order, ref, t, status, created, name, email, phone, total, summary, events, pay, hold } = raw;
  if (!isText(uid) || !isText(order) || !isText(t) || !T.test(t) || !isStatus(status)) return null;
  if (!isText(name) || !isText(email) || !isAmount(total) || !isAmount(created)) return null;
  const nameKey = searchKey(name);
  const partKey = partKeyOf(nameKey);
  return {
    uid,
    order,
    ...(isText(ref) && STORED_REFERENCE.test(ref) ? { ref } : {}),
    t,
    sk: statusKey(status, t),
    status,
    created,
    name,
    email,
    ...(isText(phone) && phone ? { phone } : {}),
    nameKey,
    surnameKey: surnameFirst(nameKey),
    ...(partKey ? { partKey } : {}),
    emailKey: searchKey(email),
    total,
    summary: isText(summary) ? summary : '',
    ...(isRecord(events) ? { events: Object.fromEntries(Object.keys(events).map((id) => [id, true as const])) } : {}),
    ...((PAY_STATES as readonly unknown[]).includes(pay) ? { pay: pay as PayState } : {}),
    ...(isAmount(hold) ? { hold } : {}),
  };
}

/** Reads one entry of deskEventOrders/{eventId}; null when it is not one. */
export function parseDeskEventEntry(raw: unknown): DeskEventEntry | null {
  if (!isRecord(raw)) return null;
  const { t, status, quantity, amount, name, email } = raw;
  if (!isText(t) || !T.test(t) || !isStatus(status) || !isAmount(quantity) || !isAmount(amount)) return null;
  return {
    t,
    sk: statusKey(status, t),
    status,
    quantity,
    amount,
    name: isText(name) ? name : '',
    email: isText(email) ? email : '',
    ...typesOf(raw.types),
  };
}

/** An entry's units by type, each a count; anything else is left out. */
function typesOf(raw: unknown): Pick<DeskEventEntry, 'types'> {
  if (!isRecord(raw)) return {};
  const types = Object.entries(raw).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isInteger(entry[1]) && entry[1] > 0,
  );
  return types.length > 0 ? { types: Object.fromEntries(types) } : {};
}
