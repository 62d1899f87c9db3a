/**
 * An event's numbers and attendee list from its tickets and its index entries (deskEventOrders/{eventId}): pure,
 * so that the figures are tested without a browser.
 */
import { toMinorUnits } from '../../../lib/money';
import {
  deskKey,
  refundable,
  referenceOrId,
  type DeskDetails,
  type DeskEventEntry,
  type OrderPayment,
} from '../../orders';
import type { Ticket } from '../../tickets';

export interface EventNumbers {
  /** Valid tickets: sold and not cancelled. */
  sold: number;
  /** Sold plus the stock left; null when the event's stock is not counted. */
  capacity: number | null;
  remaining: number | null;
  checkedIn: number;
}

export function eventNumbers(tickets: readonly Ticket[], stock: number | null): EventNumbers {
  const sold = tickets.filter((ticket) => ticket.status === 'valid').length;
  return {
    sold,
    capacity: stock === null ? null : sold + stock,
    remaining: stock,
    checkedIn: tickets.filter((ticket) => ticket.checkin !== null).length,
  };
}

/** What an event's orders brought in and still owe, in the shop currency's minor units. */
export interface EventMoney {
  /** Money kept: what was paid less what was refunded (an order's share for this event); cancelled orders too. */
  takings: number;
  /** What pending orders still owe (due less paid), their share for this event. */
  outstanding: number;
  /** Orders whose payment has not been read yet: the figures leave them out. */
  unread: number;
}

/**
 * The event's takings and what is outstanding (docs/payments.md#refunds), from its index entries (`key` each) and
 * their orders' payment summaries (`pays`: null for an order from before payments, absent while unread). An order
 * that holds other things too counts for this event in the part its entry's amount is of what is due. An order from
 * before payments counts as it always did: its amount, unless cancelled.
 */
export function eventMoney(
  entries: readonly { key: string; entry: DeskEventEntry }[],
  pays: ReadonlyMap<string, OrderPayment | null>,
  currency: string,
): EventMoney {
  const money: EventMoney = { takings: 0, outstanding: 0, unread: 0 };
  for (const { key, entry } of entries) {
    const pay = pays.get(key);
    const amount = toMinorUnits(entry.amount, currency);
    if (pay === undefined) money.unread++;
    else if (pay === null) {
      if (entry.status !== 'cancelled') money.takings += amount;
    } else {
      const share = pay.due > 0 ? Math.min(1, amount / pay.due) : 0;
      money.takings += Math.round(refundable(pay) * share);
      if (pay.state === 'pending' && entry.status !== 'cancelled') {
        money.outstanding += Math.round(Math.max(0, pay.due - pay.paid) * share);
      }
    }
  }
  return money;
}

export interface SalesDay {
  /** The day, as midnight UTC of its date in the shop's time zone (so it is drawn and written with timeZone UTC). */
  day: number;
  /** Tickets sold that day, and in all up to its end (cancelled orders left out). */
  sold: number;
  total: number;
}

/** The date of `at` in `timeZone` (the device's when null), as midnight UTC of that date. */
function shopDay(at: number, timeZone: string | null): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}

/**
 * Tickets sold per day of the shop's time zone, with the running total: the sales chart. When `today` is after
 * the last sale, a last day without sales carries the total to today, so the chart's steps end now and a burst
 * of sales today does not look like steady sales since the first one.
 */
export function salesByDay(
  entries: readonly DeskEventEntry[],
  timeZone: string | null = null,
  today: number | null = null,
): SalesDay[] {
  const days = new Map<number, number>();
  for (const entry of entries) {
    if (entry.status === 'cancelled') continue;
    const day = shopDay(Number(entry.t), timeZone);
    days.set(day, (days.get(day) ?? 0) + entry.quantity);
  }
  let total = 0;
  const sales = [...days]
    .sort(([a], [b]) => a - b)
    .map(([day, sold]) => {
      total += sold;
      return { day, sold, total };
    });
  const now = today === null ? null : shopDay(today, timeZone);
  const last = sales.at(-1);
  if (last && now !== null && now > last.day) sales.push({ day: now, sold: 0, total });
  return sales;
}

export interface Attendee {
  ticketId: string;
  name: string;
  email: string;
  /** The buyer's phone; empty when the order has none. */
  phone: string;
  /** The order as people read it: its reference, or its id when it has none. */
  order: string;
  /** The start of the ticket's code (its first two groups), shown as such, never as a cut-off code. */
  codeStart: string;
  status: Ticket['status'];
  checkedInAt: number | null;
  device: string;
}

/**
 * Two groups of four of the code's seven: enough to tell tickets apart at a desk, not enough to get in with a
 * photo of the list (docs/decisions.md#the-organisers-desk).
 */
const CODE_START = 'ABCD-EFGH'.length;

/** Names as people sort them: "Ada 9" before "Ada 10", accents beside their letters. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Attendees in name order, each ticket once; the email comes from the ticket's order's event entry, the reference
 * and phone from its desk entry (`details`, by desk key; an order not read yet has neither).
 */
export function attendeesOf(
  tickets: readonly Ticket[],
  emails: ReadonlyMap<string, string>,
  details: ReadonlyMap<string, DeskDetails>,
): Attendee[] {
  return tickets
    .map((ticket) => {
      const key = deskKey(ticket.uid, ticket.order);
      const { ref, phone = '' } = details.get(key) ?? {};
      return {
        ticketId: ticket.id,
        name: ticket.holder,
        email: emails.get(key) ?? '',
        phone,
        order: referenceOrId(ref, ticket.order),
        codeStart: ticket.code.slice(0, CODE_START),
        status: ticket.status,
        checkedInAt: ticket.checkin?.at ?? null,
        device: ticket.checkin?.device ?? '',
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.ticketId, b.ticketId));
}
