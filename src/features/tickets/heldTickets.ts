import { isRecord } from '../../state/validation';
import { normaliseReference } from '../orders';
import { parseTicket, ticketRecord, type Ticket } from './ticket';

/** What a ticket needs to be shown offline: the event it admits to, as the shop described it. */
export interface EventInfo {
  title: string;
  /** ISO date-time of the event, or null when the shop gave none we could read. */
  date: string | null;
  venue: string | null;
  /** The shop's IANA time zone (the event's local time), or null to use the device's. */
  timeZone: string | null;
  /** What one ticket cost, from its order (in the shop's currency), or null where that is not known. */
  price: number | null;
}

/** A ticket kept on this device: the ticket, its event, and whether a guest (no account) bought it here. */
export interface HeldTicket {
  ticket: Ticket;
  event: EventInfo;
  guest: boolean;
  /** The order's reference as stored (orders/…/ref), shown instead of its id; absent for orders without one. */
  ref?: string;
}

const HELD_TICKETS_VERSION = 1;

const optionalText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function parseEvent(raw: unknown): EventInfo | null {
  if (!isRecord(raw) || typeof raw.title !== 'string') return null;
  return {
    title: raw.title,
    date: optionalText(raw.date),
    venue: optionalText(raw.venue),
    timeZone: optionalText(raw.timeZone),
    price: typeof raw.price === 'number' && Number.isFinite(raw.price) && raw.price >= 0 ? raw.price : null,
  };
}

/**
 * Reads the device's stored tickets. Anything that is not our stored shape throws: the caller drops the whole
 * value and fetches again, rather than showing a ticket it cannot vouch for.
 */
export function parseHeldTickets(text: string): HeldTicket[] {
  const raw: unknown = JSON.parse(text);
  if (!isRecord(raw) || raw.version !== HELD_TICKETS_VERSION || !Array.isArray(raw.tickets)) {
    throw new Error('not a stored ticket list');
  }
  return raw.tickets.map((entry: unknown, index) => {
    const ticket =
      isRecord(entry) &&
      isRecord(entry.ticket) &&
      typeof entry.ticket.eventId === 'string' &&
      typeof entry.ticket.id === 'string'
        ? parseTicket(entry.ticket.eventId, entry.ticket.id, entry.ticket)
        : null;
    const event = isRecord(entry) ? parseEvent(entry.event) : null;
    if (!ticket || !event || !isRecord(entry) || typeof entry.guest !== 'boolean')
      throw new Error(`stored ticket ${index} is unreadable`);
    const ref = typeof entry.ref === 'string' ? normaliseReference(entry.ref) : null;
    return { ticket, event, guest: entry.guest, ...(ref ? { ref } : {}) };
  });
}

export function serialiseHeldTickets(tickets: readonly HeldTicket[]): string {
  return JSON.stringify({
    version: HELD_TICKETS_VERSION,
    tickets: tickets.map(({ ticket, event, guest, ref }) => ({
      ticket: { eventId: ticket.eventId, id: ticket.id, ...ticketRecord(ticket) },
      event,
      guest,
      ...(ref ? { ref } : {}),
    })),
  });
}

const keyOf = (ticket: Ticket) => `${ticket.eventId}/${ticket.id}`;

/** The stored list with `incoming` replacing the same tickets (newer news from the database) and added otherwise. */
export function mergeHeldTickets(stored: readonly HeldTicket[], incoming: readonly HeldTicket[]): HeldTicket[] {
  const merged = new Map(stored.map((held) => [keyOf(held.ticket), held]));
  for (const held of incoming) {
    const before = merged.get(keyOf(held.ticket));
    // A guest's ticket stays a guest's: signing in later must not hide it from the guest view.
    const ref = held.ref ?? before?.ref;
    merged.set(
      keyOf(held.ticket),
      before ? { ...held, guest: before.guest || held.guest, ...(ref ? { ref } : {}) } : held,
    );
  }
  return [...merged.values()].sort(
    (a, b) => (a.event.date ?? '').localeCompare(b.event.date ?? '') || a.ticket.id.localeCompare(b.ticket.id),
  );
}

export type TicketState =
  { kind: 'valid' } | { kind: 'void' } | { kind: 'unpaid' } | { kind: 'checked-in'; at: number };

export function ticketState(ticket: Ticket): TicketState {
  if (ticket.checkin) return { kind: 'checked-in', at: ticket.checkin.at };
  return ticket.status === 'valid' ? { kind: 'valid' } : { kind: ticket.status };
}
