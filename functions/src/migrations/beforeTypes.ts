/**
 * What the records from before types lack, as the paths of updates (docs/data-model.md#records-from-before-types):
 * an order's item that issued tickets gets `event` and `first` (itemBeforeTypes), a ticket without a line gets its
 * line (lineBeforeTypes). Pure: given every order and every ticket as read, it returns one group of writes per order,
 * its items and its tickets together so that one update makes an order explicit whole, and the paths of the records
 * it cannot make explicit, which are left as they are. It only adds fields that are missing, so a record in the new
 * form (an order the allocator settles while the migration runs) is never written; and it checks each record it
 * writes to as the rules will (database.rules.json), so that no update of the migration is refused for one record.
 */
import { itemBeforeTypes } from '../../../src/features/orders/order';
import { lineBeforeTypes, ticketId } from '../../../src/features/tickets/ticket';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';

export interface BeforeTypesPlan {
  /** One group of update paths per order that lacks anything. */
  groups: Record<string, unknown>[];
  /** Items and tickets the groups complete. */
  items: number;
  tickets: number;
  /** Records that cannot be made explicit, by path: malformed, or not matching the order or item they name. */
  skipped: string[];
}

/** What the rules let an order's id and a product's id be (orders/$orderId, products/$productId). */
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PRODUCT_ID_MAX = 64;
/** The fields the rules insist on, on every write below an order, an item and a ticket. */
const ORDER_FIELDS = ['items', 'total', 'status', 'created', 'contact'];
const ITEM_FIELDS = ['title', 'price', 'quantity'];
const TICKET_FIELDS = ['uid', 'order', 'n', 'code', 'holder', 'status', 'created'];

type Fields = Record<string, unknown>;

const has = (record: Fields, fields: readonly string[]) => fields.every((field) => record[field] != null);
const isWhole = (value: unknown, below: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < below;

/** The children of each child of `root` (`orders/{uid}/{orderId}`, `tickets/{eventId}/{ticketId}`), by both keys. */
function* grandchildren(root: unknown, skipped: string[], name: string): Generator<[string, string, unknown]> {
  for (const [key, children] of Object.entries(isRecord(root) ? root : {})) {
    if (!isRecord(children)) skipped.push(`${name}/${key}`);
    else for (const [child, value] of Object.entries(children)) yield [key, child, value];
  }
}

/** Whether the item `productId` of `uid`'s order `orderId` issued tickets: its first one is there, and the owner's. */
function issuedTickets(tickets: unknown, productId: string, uid: string, orderId: string): boolean {
  const first = isRecord(tickets) && isRecord(tickets[productId]) ? tickets[productId][ticketId(orderId, 0)] : null;
  return isRecord(first) && first.uid === uid;
}

/**
 * An item as it will be, with the fields it lacks (none for an item in the new form, or one that issued no tickets,
 * which has none to point at); null when it is malformed.
 */
function explicitItem(productId: string, item: unknown, ticketed: boolean): { item: Fields; added: Fields } | null {
  if (!isRecord(item) || !has(item, ITEM_FIELDS) || (item.event === undefined) !== (item.first === undefined)) {
    return null;
  }
  if (item.event !== undefined || !ticketed) return { item, added: {} };
  if (productId.length > PRODUCT_ID_MAX || !isWhole(item.quantity, 1001)) return null;
  const added = itemBeforeTypes(productId);
  return { item: { ...item, ...added }, added };
}

/**
 * A ticket's order (`uid/orderId`) and number, when it is whole enough for the rules: every field, and an id that is
 * its order's and number. Null otherwise.
 */
function ticketPlace(id: string, ticket: unknown): { order: string; n: number } | null {
  if (!isRecord(ticket) || !has(ticket, TICKET_FIELDS) || !isWhole(ticket.n, 1000)) return null;
  const { uid, order, n } = ticket;
  return typeof uid === 'string' && typeof order === 'string' && id === ticketId(order, n)
    ? { order: `${uid}/${order}`, n }
    : null;
}

/** Whether `item`, once explicit, holds ticket `n` of `eventId` as the rules ask of a ticket of no type. */
function holdsTicket(item: Fields, eventId: string, n: number): boolean {
  const { event, first, quantity, type } = item;
  if (event !== eventId || type !== undefined || !isWhole(first, 1000) || !isWhole(quantity, 1001)) return false;
  return n >= first && n < first + quantity;
}

export function planBeforeTypes(orders: unknown, tickets: unknown): BeforeTypesPlan {
  const plan: BeforeTypesPlan = { groups: [], items: 0, tickets: 0, skipped: [] };
  const groups = new Map<string, Fields>();
  const group = (key: string) => groups.get(key) ?? groups.set(key, {}).get(key)!;
  // Each readable order's items as they will be once the groups are applied, by `uid/orderId`.
  const explicit = new Map<string, Record<string, Fields>>();
  for (const [uid, orderId, order] of grandchildren(orders, plan.skipped, paths.orders)) {
    const path = paths.order(uid, orderId);
    if (!isRecord(order) || !ORDER_ID.test(orderId) || !has(order, ORDER_FIELDS) || !isRecord(order.items)) {
      plan.skipped.push(path);
      continue;
    }
    const items: Record<string, Fields> = {};
    for (const [productId, stored] of Object.entries(order.items)) {
      const made = explicitItem(productId, stored, issuedTickets(tickets, productId, uid, orderId));
      if (!made) {
        plan.skipped.push(`${path}/items/${productId}`);
        continue;
      }
      items[productId] = made.item;
      for (const [field, value] of Object.entries(made.added)) {
        group(`${uid}/${orderId}`)[`${path}/items/${productId}/${field}`] = value;
      }
      if (Object.keys(made.added).length > 0) plan.items++;
    }
    explicit.set(`${uid}/${orderId}`, items);
  }
  for (const [eventId, id, ticket] of grandchildren(tickets, plan.skipped, paths.tickets)) {
    if (isRecord(ticket) && ticket.line !== undefined) continue;
    const line = lineBeforeTypes(eventId);
    const place = ticketPlace(id, ticket);
    const item = place && explicit.get(place.order)?.[line];
    if (!place || !item || !holdsTicket(item, eventId, place.n)) {
      plan.skipped.push(paths.ticket(eventId, id));
      continue;
    }
    group(place.order)[`${paths.ticket(eventId, id)}/line`] = line;
    plan.tickets++;
  }
  plan.groups = [...groups.values()];
  return plan;
}
