import { normaliseCode } from '../tickets';

/** What the door needs of a ticket to decide offline: no order, no e-mail, just who and whether. */
export interface DoorTicket {
  id: string;
  code: string;
  holder: string;
  status: 'valid' | 'void';
  /** The first check-in as known to this device (from the database or from its own scans). */
  checkin: { at: number; device: string } | null;
}

/** One event's ticket list as downloaded to the device. */
export interface EventList {
  eventId: string;
  title: string;
  syncedAt: number;
  tickets: DoorTicket[];
}

export type Decision =
  | { kind: 'admitted'; eventId: string; ticket: DoorTicket }
  | { kind: 'already'; eventId: string; ticket: DoorTicket; at: number; device: string }
  | { kind: 'void'; eventId: string; ticket: DoorTicket }
  | { kind: 'other-event'; title: string }
  /** `input`: what was typed or read, to repeat (React shows it as text, whatever it holds). */
  | { kind: 'unknown'; input: string };

/** Codes of every downloaded list, looked up in constant time whatever the size of the event. */
export interface DoorIndex {
  get(code: string): { list: EventList; ticket: DoorTicket } | undefined;
}

export function indexLists(lists: Iterable<EventList>): DoorIndex {
  const byCode = new Map<string, { list: EventList; ticket: DoorTicket }>();
  for (const list of lists) for (const ticket of list.tickets) byCode.set(ticket.code, { list, ticket });
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
  const { list, ticket } = found;
  if (list.eventId !== eventId) return { kind: 'other-event', title: list.title };
  if (ticket.status === 'void') return { kind: 'void', eventId, ticket };
  if (ticket.checkin) return { kind: 'already', eventId, ticket, at: ticket.checkin.at, device: ticket.checkin.device };
  return { kind: 'admitted', eventId, ticket };
}
