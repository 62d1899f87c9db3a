/**
 * An event's numbers and attendee list from its tickets and its index entries (deskEventOrders/{eventId}): pure,
 * so that the figures are tested without a browser.
 */
import { toMinorUnits } from '../../../lib/money';
import { isRecord } from '../../../state/validation';
import { parseQuotas, unitsLeft, type Product } from '../../catalogue';
import {
  bookedRecipients,
  deskKey,
  parseDeskEventEntry,
  referenceOrId,
  type BookedOrder,
  type DeskDetails,
  type DeskEventEntry,
} from '../../orders';
import { refundable, type OrderPayment } from '../../payments/model';
import { parseTicket, type Ticket } from '../../tickets';

/** Reads an event's tickets and index entries (each with its key); malformed ones are counted and left out. */
export function readEvent(eventId: string, rawTickets: unknown, rawEntries: unknown) {
  const tickets: Ticket[] = [];
  let malformed = 0;
  for (const [id, raw] of Object.entries(isRecord(rawTickets) ? rawTickets : {})) {
    const ticket = parseTicket(eventId, id, raw);
    if (ticket) tickets.push(ticket);
    else malformed++;
  }
  const entries: DeskEventEntry[] = [];
  const keyed: { key: string; entry: DeskEventEntry }[] = [];
  const booked: BookedOrder[] = [];
  const emails = new Map<string, string>();
  for (const [key, raw] of Object.entries(isRecord(rawEntries) ? rawEntries : {})) {
    const entry = parseDeskEventEntry(raw);
    if (!entry) {
      malformed++;
      continue;
    }
    entries.push(entry);
    keyed.push({ key, entry });
    booked.push({ key, t: entry.t, status: entry.status, name: entry.name, email: entry.email });
    emails.set(key, entry.email);
  }
  return { tickets, entries, keyed, recipients: bookedRecipients(booked), emails, malformed };
}

/** The places left of each shared quota, by its id, as eventPlacesLeft and figuresByType take them. */
export function quotasLeft(rawQuotas: unknown): Map<string, number> {
  return new Map([...parseQuotas(rawQuotas).quotas.values()].map((quota) => [quota.id, quota.left]));
}

export interface EventNumbers {
  /** Valid tickets: sold (paid, or to be paid at the door) and not cancelled. */
  sold: number;
  /** Unpaid tickets: places held for orders awaiting a card or transfer payment, off sale until paid or lapsed. */
  held: number;
  /**
   * Sold, held and left together: what the event has, which a hold, a lapse or a cancel moves between the three
   * but never changes (docs/payments.md#the-order-lifecycle); null when the event's stock is not counted.
   */
  capacity: number | null;
  remaining: number | null;
  checkedIn: number;
}

/** `remaining`: the places left (eventPlacesLeft), null when they are not counted. */
export function eventNumbers(tickets: readonly Ticket[], remaining: number | null): EventNumbers {
  const sold = tickets.filter((ticket) => ticket.status === 'valid').length;
  const held = tickets.filter((ticket) => ticket.status === 'unpaid').length;
  return {
    sold,
    held,
    capacity: remaining === null ? null : sold + held + remaining,
    remaining,
    checkedIn: tickets.filter((ticket) => ticket.checkin !== null).length,
  };
}

/** What limits a line of an event (its own product or one of its types): its stock and the quotas it draws on. */
type Line = Pick<Product, 'id' | 'stock' | 'quotas'>;

/**
 * How many more tickets an event can sell: what each of its lines (the product, or its types) can still sell, a
 * quota several lines share counted once, so a venue of 200 over three types is 200 places and not 600. Null when a
 * line is not limited. Exact when quotas nest or share no lines (a venue over all types, concessions within it);
 * otherwise an upper bound (docs/behaviour.md#editing-types-and-quotas).
 */
export function eventPlacesLeft(lines: readonly Line[], quotas: ReadonlyMap<string, number>): number | null {
  const each = lines.map((line) => unitsLeft(line, quotas));
  if (each.some((left) => left === null)) return null;
  const sum = (indexes: number[]) => indexes.reduce((total, index) => total + (each[index] ?? 0), 0);
  const all = lines.map((_, index) => index);
  let left = sum(all);
  for (const id of new Set(lines.flatMap((line) => line.quotas))) {
    const outside = all.filter((index) => !lines[index]!.quotas.includes(id));
    left = Math.min(left, (quotas.get(id) ?? 0) + sum(outside));
  }
  return left;
}

/** One type's figures: tickets sold (valid ones) and what it can still sell (null: not limited). */
export interface TypeFigures {
  id: string;
  name: string;
  sold: number;
  left: number | null;
}

/**
 * An event's figures by type, in the order of `lines` (the event's product first, then its types), when it has
 * types; a ticket of a line that is gone counts under its own type's name. Empty for an event sold without types.
 */
export function figuresByType(
  tickets: readonly Ticket[],
  lines: readonly (Line & Pick<Product, 'title' | 'typeName'>)[],
  quotas: ReadonlyMap<string, number>,
): TypeFigures[] {
  const figures = new Map<string, TypeFigures>(
    lines.map((line) => [
      line.id,
      { id: line.id, name: line.typeName ?? line.title, sold: 0, left: unitsLeft(line, quotas) },
    ]),
  );
  for (const ticket of tickets) {
    if (ticket.status !== 'valid') continue;
    const line = figures.get(ticket.line);
    if (line) line.sold++;
    else figures.set(ticket.line, { id: ticket.line, name: ticket.type ?? ticket.line, sold: 1, left: null });
  }
  const typed = lines.some((line) => line.typeName !== null) || figures.size > 1;
  return typed ? [...figures.values()] : [];
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
  /** For an event sold by type, the running total of each type up to the day's end, by the type's product id. */
  byType?: Record<string, number>;
}

/**
 * An entry of an event sold by type with all its units by type: those its `types` do not list (a first product
 * without a type name, an order from before types) are the event's own product's, `eventId`.
 */
export function withOwnUnits(entry: DeskEventEntry, eventId: string): DeskEventEntry {
  const types = entry.types ?? {};
  const own = entry.quantity - Object.values(types).reduce((sum, units) => sum + units, 0);
  return own > 0 ? { ...entry, types: { ...types, [eventId]: (types[eventId] ?? 0) + own } } : entry;
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
  const days = new Map<number, DeskEventEntry[]>();
  for (const entry of entries) {
    if (entry.status === 'cancelled') continue;
    const day = shopDay(Number(entry.t), timeZone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  // By type only where the event is sold by type: a day's totals then carry every type seen so far.
  const typed = entries.some((entry) => entry.types !== undefined);
  const byType: Record<string, number> = {};
  let total = 0;
  const sales = [...days]
    .sort(([a], [b]) => a - b)
    .map(([day, sold]): SalesDay => {
      const units = sold.reduce((sum, entry) => sum + entry.quantity, 0);
      total += units;
      if (!typed) return { day, sold: units, total };
      for (const [type, count] of sold.flatMap((entry) => Object.entries(entry.types ?? {}))) {
        byType[type] = (byType[type] ?? 0) + count;
      }
      return { day, sold: units, total, byType: { ...byType } };
    });
  const now = today === null ? null : shopDay(today, timeZone);
  const last = sales.at(-1);
  if (last && now !== null && now > last.day) sales.push({ ...last, day: now, sold: 0 });
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
  /** The ticket's type ("Concession"), for an event sold by type; null otherwise. */
  type: string | null;
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
        type: ticket.type,
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.ticketId, b.ticketId));
}
