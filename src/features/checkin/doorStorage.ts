import { isRecord } from '../../state/validation';
import { deskKey } from '../orders';
import type { DoorTicket, EventList } from './decide';

/** A scan the device made, kept until the database has it; its id is fixed at the scan (see docs). */
export interface Scan {
  id: string;
  eventId: string;
  ticket: string;
  result: 'admitted' | 'already' | 'void';
  scanned: number;
  device: string;
  /**
   * Money taken at the door as this ticket was admitted (minor units) and whose order it pays: sent as a payment
   * mark with the scan, under the scan's id, so it is recorded once however often it is sent (docs/payments.md).
   */
  took?: { uid: string; order: string; amount: number };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

const STATUSES: readonly unknown[] = ['valid', 'void', 'unpaid'] satisfies DoorTicket['status'][];

/**
 * A ticket's standing and type, as the database and the stored lists hold them alike; null when its status is not
 * one. A list stored before types has no type: its tickets read as of no type.
 */
function standingOf(raw: Record<string, unknown>): Pick<DoorTicket, 'uid' | 'status' | 'due' | 'type'> | null {
  if (!STATUSES.includes(raw.status)) return null;
  const due = raw.due;
  return {
    uid: typeof raw.uid === 'string' ? raw.uid : '',
    status: raw.status as DoorTicket['status'],
    due: typeof due === 'number' && Number.isInteger(due) && due > 0 ? due : null,
    type: isText(raw.type) ? raw.type : null,
  };
}

function parseDoorTicket(raw: unknown): DoorTicket | null {
  if (!isRecord(raw) || !isText(raw.id) || !isText(raw.code) || typeof raw.holder !== 'string') return null;
  const standing = standingOf(raw);
  if (!standing) return null;
  const checkin = raw.checkin;
  if (checkin !== null && !(isRecord(checkin) && typeof checkin.at === 'number' && isText(checkin.device))) return null;
  return {
    id: raw.id,
    code: raw.code,
    holder: raw.holder,
    ...standing,
    checkin: checkin === null ? null : { at: checkin.at as number, device: checkin.device as string },
  };
}

/** A stored reference (8 characters) or, kept as it is, anything up to this long; null: the order has none. */
const REFERENCE_MAX = 64;

/** The references as stored; a list stored before the door kept them has none yet (they are looked up online). */
function parseReferences(raw: unknown, eventId: string): Record<string, string | null> {
  if (raw === undefined) return {};
  const fine =
    isRecord(raw) &&
    Object.values(raw).every((ref) => ref === null || (typeof ref === 'string' && ref.length <= REFERENCE_MAX));
  if (!fine) throw new Error(`the order references of ${eventId} are unreadable`);
  return raw as Record<string, string | null>;
}

/** The downloaded lists as stored; anything else throws, and the caller drops it and downloads again. */
export function parseLists(text: string): Record<string, EventList> {
  const raw: unknown = JSON.parse(text);
  if (!isRecord(raw)) throw new Error('not a list of events');
  const lists: Record<string, EventList> = {};
  for (const [eventId, list] of Object.entries(raw)) {
    if (
      !isRecord(list) ||
      list.eventId !== eventId ||
      typeof list.title !== 'string' ||
      typeof list.syncedAt !== 'number' ||
      !Array.isArray(list.tickets)
    ) {
      throw new Error(`event ${eventId} is unreadable`);
    }
    const tickets = list.tickets.map(parseDoorTicket);
    if (tickets.some((t) => t === null)) throw new Error(`a ticket of ${eventId} is unreadable`);
    lists[eventId] = {
      eventId,
      title: list.title,
      syncedAt: list.syncedAt,
      tickets: tickets as DoorTicket[],
      references: parseReferences(list.references, eventId),
    };
  }
  return lists;
}

const RESULTS: readonly unknown[] = ['admitted', 'already', 'void'];

function isTaken(value: unknown): value is NonNullable<Scan['took']> {
  return (
    isRecord(value) &&
    isText(value.uid) &&
    isText(value.order) &&
    typeof value.amount === 'number' &&
    Number.isInteger(value.amount) &&
    value.amount > 0
  );
}

export function parseOutbox(text: string): Scan[] {
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw)) throw new Error('not an outbox');
  return raw.map((scan: unknown) => {
    if (
      !isRecord(scan) ||
      !isText(scan.id) ||
      !isText(scan.eventId) ||
      !isText(scan.ticket) ||
      !RESULTS.includes(scan.result) ||
      typeof scan.scanned !== 'number' ||
      !isText(scan.device) ||
      (scan.took !== undefined && !isTaken(scan.took))
    ) {
      throw new Error('a waiting scan is unreadable');
    }
    return {
      id: scan.id,
      eventId: scan.eventId,
      ticket: scan.ticket,
      result: scan.result as Scan['result'],
      scanned: scan.scanned,
      device: scan.device,
      ...(isTaken(scan.took) ? { took: scan.took } : {}),
    };
  });
}

/**
 * An event's list from the database value at tickets/{eventId}, with the order references known so far;
 * unreadable tickets are left out.
 */
export function listFromDatabase(
  eventId: string,
  title: string,
  raw: unknown,
  syncedAt: number,
  references: Record<string, string | null>,
): EventList {
  const tickets: DoorTicket[] = [];
  if (isRecord(raw)) {
    for (const [id, value] of Object.entries(raw)) {
      const standing = isRecord(value) ? standingOf(value) : null;
      if (!isRecord(value) || !isText(value.code) || !standing) continue;
      const checkin =
        isRecord(value.checkin) && typeof value.checkin.at === 'number' && isText(value.checkin.device)
          ? { at: value.checkin.at, device: value.checkin.device }
          : null;
      tickets.push({
        id,
        code: value.code,
        holder: typeof value.holder === 'string' ? value.holder : '',
        ...standing,
        checkin,
      });
    }
  }
  return { eventId, title, syncedAt, tickets, references };
}

/** What a ticket's uid and order may be to name a desk entry: no path characters, no key separator. */
const KEY_PART = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The orders of the tickets at tickets/{eventId} whose reference is not in `known`, as desk key → order id: what
 * the device looks up in the desk's index (src/features/orders/deskDetails.ts).
 */
export function ordersToLookUp(raw: unknown, known: Readonly<Record<string, string | null>>): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const value of Object.values(isRecord(raw) ? raw : {})) {
    if (!isRecord(value) || typeof value.uid !== 'string' || typeof value.order !== 'string') continue;
    const { uid, order } = value;
    // The known ones first: the door runs this at every change of the list, each check-in included.
    if (Object.hasOwn(known, order) || !KEY_PART.test(uid) || !KEY_PART.test(order)) continue;
    wanted.set(deskKey(uid, order), order);
  }
  return wanted;
}

export interface Conflict {
  ticket: string;
  scans: { device: string; scanned: number; first: boolean }[];
}

/** Tickets that more than one scan admitted (devices offline at the same time), from checkins/{eventId}. */
export function findConflicts(raw: unknown, firstScans: ReadonlyMap<string, string>): Conflict[] {
  if (!isRecord(raw)) return [];
  const admitted = new Map<string, { id: string; device: string; scanned: number }[]>();
  for (const [id, scan] of Object.entries(raw)) {
    if (
      !isRecord(scan) ||
      scan.result !== 'admitted' ||
      !isText(scan.ticket) ||
      !isText(scan.device) ||
      typeof scan.scanned !== 'number'
    )
      continue;
    const list = admitted.get(scan.ticket) ?? [];
    list.push({ id, device: scan.device, scanned: scan.scanned });
    admitted.set(scan.ticket, list);
  }
  return [...admitted.entries()]
    .filter(([, scans]) => scans.length > 1)
    .map(([ticket, scans]) => ({
      ticket,
      scans: scans
        .sort((a, b) => a.scanned - b.scanned)
        .map((s) => ({ device: s.device, scanned: s.scanned, first: firstScans.get(ticket) === s.id })),
    }));
}
