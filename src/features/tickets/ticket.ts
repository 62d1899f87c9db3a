import type { MessageDescriptor } from '@lingui/core';
import { plausibleTime } from '../../state/dates';
import { isRecord } from '../../state/validation';

/** Unpaid: issued with an order that waits for a card or transfer payment; valid once it is paid (docs/payments.md). */
type TicketStatus = 'valid' | 'void' | 'unpaid';

/** The first check-in of a ticket, recorded once by the database. */
interface FirstCheckin {
  scan: string;
  device: string;
  at: number;
}

/** One ticket as stored at tickets/{eventId}/{orderId}-{n} (docs/tickets-and-check-in.md). */
export interface Ticket {
  eventId: string;
  id: string;
  uid: string;
  order: string;
  n: number;
  code: string;
  holder: string;
  status: TicketStatus;
  /** What its order still owes, in minor units, while it is to be paid at the door; null otherwise. */
  due: number | null;
  created: number;
  checkin: FirstCheckin | null;
  /** The order's line (product) it was issued for (for a ticket from before types, lineBeforeTypes). */
  line: string;
  /** Its type's name ("Concession"), for a type of an event; null otherwise (docs/data-model.md#types-and-quotas). */
  type: string | null;
}

/** Tickets are named by their order and number, so a buyer can never hold more of them than units bought. */
export function ticketId(orderId: string, n: number): string {
  return `${orderId}-${n}`;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function parseCheckin(raw: unknown): FirstCheckin | null {
  if (!isRecord(raw) || !isText(raw.scan) || !isText(raw.device) || typeof raw.at !== 'number') return null;
  return { scan: raw.scan, device: raw.device, at: raw.at };
}

/**
 * The line of a ticket issued before types, which names none: the item of its own event's product. The migration
 * writes this into every such ticket (functions/src/migrations/), and parseTicket reads a ticket without a line as
 * this, since one can still be met where the migration has not reached (a database it has not run on yet, a ticket
 * written with admin rights since, one a device saved; docs/data-model.md#records-from-before-types).
 */
export function lineBeforeTypes(eventId: string): string {
  return eventId;
}

/** Reads one ticket from the database or from storage; null when it is not one (it is then left out). */
export function parseTicket(eventId: string, id: string, raw: unknown): Ticket | null {
  if (!isRecord(raw)) return null;
  const { uid, order, n, code, holder, status, created } = raw;
  if (!isText(uid) || !isText(order) || !isCount(n) || !isText(code) || typeof holder !== 'string') return null;
  if (status !== 'valid' && status !== 'void' && status !== 'unpaid') return null;
  return {
    eventId,
    id,
    uid,
    order,
    n,
    code,
    holder,
    status,
    due: isCount(raw.due) && raw.due > 0 ? raw.due : null,
    created: typeof created === 'number' ? created : 0,
    checkin: parseCheckin(raw.checkin),
    line: isText(raw.line) ? raw.line : lineBeforeTypes(eventId),
    type: isText(raw.type) ? raw.type : null,
  };
}

/** What the database holds for a ticket, from the parsed one: its line always, as the allocator writes it. */
export function ticketRecord(ticket: Ticket): Record<string, unknown> {
  const { uid, order, n, code, holder, status, due, created, checkin, line, type } = ticket;
  return {
    ...{ uid, order, n, code, holder, status, ...(due ? { due } : {}), created, ...(checkin ? { checkin } : {}) },
    line,
    ...(type ? { type } : {}),
  };
}

/** The most characters of a holder's name, as the rules allow (database.rules.json, a ticket's `holder`). */
export const HOLDER_NAME_LIMIT = 200;

/** What is wrong with a name typed for a ticket, in the words the forms show; undefined when nothing is. */
export function holderNameError(typed: string): MessageDescriptor | undefined {
  const name = typed.trim();
  if (!name) return /*i18n*/ { id: 'ticket.holder.missing', message: 'Please enter who this ticket is for.' };
  return name.length > HOLDER_NAME_LIMIT
    ? /*i18n*/ {
        id: 'ticket.holder.long',
        message: 'Please keep this under {limit} characters.',
        values: { limit: HOLDER_NAME_LIMIT },
      }
    : undefined;
}

type HolderChange = 'open' | 'started' | 'checked-in' | 'closed';

/**
 * Whether the name on a ticket may still be corrected from its order page (docs/tickets-and-check-in.md#correcting-a-name):
 * until its event starts, while it is not void and not checked in. An event whose date cannot be read is taken as
 * started: nobody can say it has not. Trusted code decides by it, and the order page offers it by the same test.
 */
export function holderChange(
  ticket: Pick<Ticket, 'status' | 'checkin'>,
  eventDate: unknown,
  now: number,
): HolderChange {
  if (ticket.checkin) return 'checked-in';
  if (ticket.status === 'void') return 'closed';
  const start = plausibleTime(eventDate);
  return start !== null && start > now ? 'open' : 'started';
}
