import { t } from '@lingui/core/macro';
import { referenceOrId } from '../orders';
import { normaliseCode } from '../tickets';

/** What the door needs of a ticket to decide offline: no order, no e-mail, just who and whether. */
export interface DoorTicket {
  id: string;
  /** The buyer's account: a payment taken at the door is recorded against their order (empty in older lists). */
  uid: string;
  code: string;
  holder: string;
  /** Unpaid: its order waits for a card or transfer payment, so it admits nobody (docs/payments.md#tickets-once-paid). */
  status: 'valid' | 'void' | 'unpaid';
  /** What its order still owes, in minor units, when it is to be paid at the door; null when nothing is. */
  due: number | null;
  /** The first check-in as known to this device (from the database or from its own scans). */
  checkin: { at: number; device: string } | null;
  /** Its type ("Concession"), for an event sold by type; null otherwise and in lists stored before types. */
  type: string | null;
}

/** Who a ticket admits as the door says it: the holder, and the type where it has one ("Ada Lovelace · VIP"). */
export function holderText(ticket: Pick<DoorTicket, 'holder' | 'type'>): string {
  return ticket.type ? `${ticket.holder} · ${ticket.type}` : ticket.holder;
}

/** One event's ticket list as downloaded to the device. */
export interface EventList {
  eventId: string;
  title: string;
  syncedAt: number;
  tickets: DoorTicket[];
  /**
   * Each order's reference in its stored form, by order id, looked up when the list is downloaded (null: the order
   * has none). Staff read it out to the holder; it is not in the tickets (docs/tickets-and-check-in.md#the-door).
   */
  references: Record<string, string | null>;
}

/**
 * Which of its order's tickets a ticket is and which order, as the buyer's own tickets say it ("ticket 2 of 3 ·
 * order K7M4-QXPR"), from what is on the device; never the ticket's internal id.
 */
interface TicketPlace {
  n: number;
  of: number;
  /**
   * The order as people read it: its reference, or its id when it has none (as on the buyer's ticket); null while
   * the device has not looked it up (then only the place is said, never an id that may hide a reference).
   */
  order: string | null;
}

/** "ticket 2 of 3 · order K7M4-QXPR", in the language spoken. */
export function placeText(place: TicketPlace): string {
  const { of, order } = place;
  const n = place.n + 1;
  return order === null ? t`ticket ${n} of ${of}` : t`ticket ${n} of ${of} · order ${order}`;
}

export type Decision =
  | { kind: 'admitted'; eventId: string; ticket: DoorTicket; place: TicketPlace }
  | { kind: 'already'; eventId: string; ticket: DoorTicket; place: TicketPlace; at: number; device: string }
  | { kind: 'void'; eventId: string; ticket: DoorTicket; place: TicketPlace }
  /** Its order waits for a card or transfer payment: not admitted. */
  | { kind: 'unpaid'; eventId: string; ticket: DoorTicket; place: TicketPlace }
  /** To be paid at the door: staff take `amount` (minor units) and admit, or do not (doorStore.admitPaid). */
  | { kind: 'collect'; eventId: string; ticket: DoorTicket; place: TicketPlace; amount: number }
  | { kind: 'other-event'; title: string }
  /** `input`: what was typed or read, to repeat (React shows it as text, whatever it holds). */
  | { kind: 'unknown'; input: string };

/** Codes of every downloaded list, looked up in constant time whatever the size of the event. */
export interface DoorIndex {
  get(code: string): { list: EventList; ticket: DoorTicket; place: TicketPlace } | undefined;
}

/** A ticket's id is `{orderId}-{n}` (docs/tickets-and-check-in.md#data). */
function orderAndNumber(id: string): { order: string; n: number } {
  const cut = id.lastIndexOf('-');
  return { order: id.slice(0, cut), n: Number(id.slice(cut + 1)) };
}

/** Every ticket of a list with its place in its order (and the order's reference, if the list has looked it up). */
export function* withPlaces(list: EventList): Generator<{ ticket: DoorTicket; place: TicketPlace }> {
  const perOrder = new Map<string, number>();
  for (const ticket of list.tickets) {
    const { order } = orderAndNumber(ticket.id);
    perOrder.set(order, (perOrder.get(order) ?? 0) + 1);
  }
  for (const ticket of list.tickets) {
    const { order, n } = orderAndNumber(ticket.id);
    const known = Object.hasOwn(list.references, order);
    const place = {
      n,
      of: perOrder.get(order) ?? 1,
      order: known ? referenceOrId(list.references[order], order) : null,
    };
    yield { ticket, place };
  }
}

export function indexLists(lists: Iterable<EventList>): DoorIndex {
  const byCode = new Map<string, { list: EventList; ticket: DoorTicket; place: TicketPlace }>();
  for (const list of lists) {
    for (const { ticket, place } of withPlaces(list)) byCode.set(ticket.code, { list, ticket, place });
  }
  return byCode;
}

/**
 * The door's decision for what was typed or scanned at `eventId`, against the lists on the device only (so it
 * works offline). Anything that is not a code of a known ticket is just "unknown", whatever it holds.
 */
export function decide(input: string, eventId: string, index: DoorIndex): Decision {
  const code = normaliseCode(input);
  const found = code === null ? undefined : index.get(code);
  if (!found) return { kind: 'unknown', input };
  const { list, ticket, place } = found;
  if (list.eventId !== eventId) return { kind: 'other-event', title: list.title };
  if (ticket.status === 'void') return { kind: 'void', eventId, ticket, place };
  if (ticket.status === 'unpaid') return { kind: 'unpaid', eventId, ticket, place };
  if (ticket.checkin)
    return { kind: 'already', eventId, ticket, place, at: ticket.checkin.at, device: ticket.checkin.device };
  if (ticket.due !== null) return { kind: 'collect', eventId, ticket, place, amount: ticket.due };
  return { kind: 'admitted', eventId, ticket, place };
}
