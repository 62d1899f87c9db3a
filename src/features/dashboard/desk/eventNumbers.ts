/**
 * An event's numbers and attendee list from its tickets and its index entries (deskEventOrders/{eventId}): pure,
 * so that the figures are tested without a browser.
 */
import { deskKey, type DeskEventEntry } from '../../orders';
import type { Ticket } from '../../tickets';

export interface EventNumbers {
  /** Valid tickets: sold and not cancelled. */
  sold: number;
  /** Sold plus the stock left; null when the event's stock is not counted. */
  capacity: number | null;
  remaining: number | null;
  checkedIn: number;
  /** What the event's tickets were sold for, cancelled orders left out. */
  revenue: number;
}

export function eventNumbers(
  tickets: readonly Ticket[],
  entries: readonly DeskEventEntry[],
  stock: number | null,
): EventNumbers {
  const sold = tickets.filter((ticket) => ticket.status === 'valid').length;
  return {
    sold,
    capacity: stock === null ? null : sold + stock,
    remaining: stock,
    checkedIn: tickets.filter((ticket) => ticket.checkin !== null).length,
    revenue: entries.filter((entry) => entry.status !== 'cancelled').reduce((sum, entry) => sum + entry.amount, 0),
  };
}

export interface SalesDay {
  /** The day's start, epoch ms (the device's days). */
  day: number;
  /** Tickets sold that day, and in all up to its end (cancelled orders left out). */
  sold: number;
  total: number;
}

/** Tickets sold per day, with the running total: the sales chart. */
export function salesByDay(entries: readonly DeskEventEntry[]): SalesDay[] {
  const days = new Map<number, number>();
  for (const entry of entries) {
    if (entry.status === 'cancelled') continue;
    const at = new Date(Number(entry.t));
    const day = new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
    days.set(day, (days.get(day) ?? 0) + entry.quantity);
  }
  let total = 0;
  return [...days]
    .sort(([a], [b]) => a - b)
    .map(([day, sold]) => {
      total += sold;
      return { day, sold, total };
    });
}

export interface Attendee {
  ticketId: string;
  name: string;
  email: string;
  /** The ticket's code cut to its first two groups: enough to tell tickets apart, not enough to get in. */
  code: string;
  status: 'valid' | 'void';
  checkedInAt: number | null;
  device: string;
}

/** Names as people sort them: "Ada 9" before "Ada 10", accents beside their letters. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Attendees in name order, each ticket once; the email comes from the ticket's order (via its index entry). */
export function attendeesOf(tickets: readonly Ticket[], emails: ReadonlyMap<string, string>): Attendee[] {
  return tickets
    .map((ticket) => ({
      ticketId: ticket.id,
      name: ticket.holder,
      email: emails.get(deskKey(ticket.uid, ticket.order)) ?? '',
      code: `${ticket.code.slice(0, 9)}…`,
      status: ticket.status,
      checkedInAt: ticket.checkin?.at ?? null,
      device: ticket.checkin?.device ?? '',
    }))
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.ticketId, b.ticketId));
}
