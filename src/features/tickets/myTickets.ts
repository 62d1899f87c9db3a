import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { readValue } from '../../firebase/database';
import { isPermissionDenied } from '../../firebase/errors';
import { notify } from '../../lib/toast/notifier';
import { appStore } from '../../state/appStore';
import { StorageSlot } from '../../state/storage';
import { isTimeZone } from '../../state/site';
import { isRecord } from '../../state/validation';
import { parseProduct, productIn } from '../catalogue';
import { languageAtom, mainLanguageAtom } from '../../state/atoms';
import { shopLanguage } from '../../i18n/languages';
import {
  mergeHeldTickets,
  parseHeldTickets,
  serialiseHeldTickets,
  type EventInfo,
  type HeldTicket,
} from './heldTickets';
import { parseTicket, ticketId, ticketRecord, type Ticket } from './ticket';
import { KEPT_TICKETS_KEY } from './keptTickets';
import { paths } from '../../firebase/paths';
import { heldLines, lineTicketNumbers, type Order, type OrderLine } from '../orders';
import { typedTitle } from '../../lib/typedTitle';

/** The tickets this device has seen, in their own storage key so they outlive the wishlist state and reloads. */
const slot = new StorageSlot(
  () => window.localStorage,
  KEPT_TICKETS_KEY,
  (failure) =>
    notify({
      severity: 'warn',
      key: 'tickets-storage',
      summary: t`Tickets not saved on this device`,
      detail:
        failure === 'full'
          ? t`This device’s storage is full: your tickets show only while you are online.`
          : t`This browser does not let the shop save your tickets for offline use.`,
      life: 8000,
    }),
);

let dropped = false;

function loadHeld(): HeldTicket[] {
  if (import.meta.env.SSR) return [];
  const text = slot.read();
  if (text === null) return [];
  try {
    return parseHeldTickets(text);
  } catch (error) {
    console.warn('Stored tickets dropped:', error);
    slot.remove();
    dropped = true;
    return [];
  }
}

export const heldTicketsAtom = atom<HeldTicket[]>(loadHeld());
/**
 * Said where the tickets show (not in a passing toast): the visitor is looking for them. Read before any language is
 * loaded, so it is kept as a descriptor and said in the language spoken where it shows.
 */
export const ticketNoticeAtom = atom<MessageDescriptor | null>(
  dropped
    ? msg`Saved tickets could not be read: they were removed from this device and are fetched again from your orders when you are online.`
    : null,
);

export type RefreshState = 'idle' | 'loading' | 'done' | 'failed';
export const ticketRefreshAtom = atom<RefreshState>('idle');

export function keepTickets(incoming: readonly HeldTicket[]): void {
  const merged = mergeHeldTickets(appStore.get(heldTicketsAtom), incoming);
  appStore.set(heldTicketsAtom, merged);
  slot.write(serialiseHeldTickets(merged));
}

const sameTicket = (a: Ticket, b: Ticket) => JSON.stringify(ticketRecord(a)) === JSON.stringify(ticketRecord(b));

/** Newer values of tickets this device holds (liveTickets.ts); tickets it does not hold are not added. */
export function updateHeldTickets(tickets: readonly Ticket[]): void {
  const newer = new Map(tickets.map((ticket) => [`${ticket.eventId}/${ticket.id}`, ticket]));
  let changed = false;
  const next = appStore.get(heldTicketsAtom).map((held) => {
    const ticket = newer.get(`${held.ticket.eventId}/${held.ticket.id}`);
    if (!ticket || ticket.uid !== held.ticket.uid || sameTicket(ticket, held.ticket)) return held;
    changed = true;
    return { ...held, ticket };
  });
  if (!changed) return;
  appStore.set(heldTicketsAtom, next);
  slot.write(serialiseHeldTickets(next));
}

/** An order reduced to what its tickets need. */
export type OrderForTickets = Pick<Order, 'id'> & {
  /** The order's reference, stored form, when it has one. */
  ref?: string;
  lines: readonly (Pick<OrderLine, 'productId' | 'quantity' | 'title' | 'event' | 'first'> &
    Partial<Pick<OrderLine, 'price'>>)[];
};

async function readEvent(line: OrderForTickets['lines'][number], timeZone: string | null): Promise<EventInfo> {
  const paid = { timeZone, price: line.price ?? null };
  try {
    const parsed = parseProduct(line.productId, await readValue(paths.product(line.productId)));
    if ('product' in parsed) {
      // Named in the reader's language where the organiser translated it (docs/languages.md#organiser-content).
      const reader = shopLanguage(appStore.get(languageAtom));
      const { title, typeName, date, venue } = productIn(parsed.product, reader, appStore.get(mainLanguageAtom));
      return { title: typedTitle(title, typeName), date, venue, ...paid };
    }
  } catch (error) {
    // A product taken off sale is hidden from buyers: the ticket still shows, with what the order says.
    if (!isPermissionDenied(error)) throw error;
  }
  return { title: line.title, date: null, venue: null, ...paid };
}

async function readTimeZone(): Promise<string | null> {
  const zone = await readValue(paths.timezone);
  return isTimeZone(zone) ? zone : null;
}

/** The tickets of one order from the database: a line whose first ticket is not there issued none. */
async function fetchOrderTickets(
  uid: string,
  order: OrderForTickets,
  timeZone: string | null,
  guest: boolean,
): Promise<HeldTicket[]> {
  const perLine = await Promise.all(
    order.lines.map(async (line) => {
      const read = (n: number) => readValue(paths.ticket(line.event, ticketId(order.id, n)));
      const [firstNumber, ...others] = lineTicketNumbers(line);
      const first = firstNumber === undefined ? null : await read(firstNumber);
      if (first === null) return [];
      const rest = await Promise.all(others.map(read));
      const event = await readEvent(line, timeZone);
      return [first, ...rest].flatMap((raw, i) => {
        const ticket = parseTicket(line.event, ticketId(order.id, line.first + i), raw);
        return ticket && ticket.uid === uid ? [{ ticket, event, guest, ...(order.ref ? { ref: order.ref } : {}) }] : [];
      });
    }),
  );
  return perLine.flat();
}

/**
 * Fetches the tickets of `orders` and keeps them on the device. Offline or failing, the saved ones stay shown and
 * the state says so.
 */
export async function refreshTickets(uid: string, orders: readonly OrderForTickets[], guest: boolean): Promise<void> {
  appStore.set(ticketRefreshAtom, 'loading');
  try {
    const timeZone = await readTimeZone();
    const fetched = await Promise.all(orders.map((order) => fetchOrderTickets(uid, order, timeZone, guest)));
    keepTickets(fetched.flat());
    appStore.set(ticketRefreshAtom, 'done');
  } catch (error) {
    console.warn('Tickets could not be refreshed:', error);
    appStore.set(ticketRefreshAtom, 'failed');
  }
}

/** The orders of a user as the dashboard's live value gives them, reduced to what tickets need. */
export function ordersForTickets(raw: unknown): OrderForTickets[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw).flatMap(([id, order]) => {
    if (!isRecord(order) || !isRecord(order.items)) return [];
    const items = order.items;
    const lines = heldLines(items).flatMap(({ productId, quantity, event, first }) => {
      const line = items[productId];
      return isRecord(line) && Number.isInteger(quantity) && quantity > 0
        ? [
            {
              productId,
              quantity: Math.min(quantity, 1000),
              title: typeof line.title === 'string' ? line.title : productId,
              event,
              first,
              ...(typeof line.price === 'number' ? { price: line.price } : {}),
            },
          ]
        : [];
    });
    return [{ id, lines, ...(typeof order.ref === 'string' ? { ref: order.ref } : {}) }];
  });
}
