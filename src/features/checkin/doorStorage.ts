import { isRecord } from '../../state/validation';
import type { DoorTicket, EventList } from './decide';

/** A scan the device made, kept until the database has it; its id is fixed at the scan (see docs). */
export interface Scan {
  id: string;
  eventId: string;
  ticket: string;
  result: 'admitted' | 'already' | 'void';
  scanned: number;
  device: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function parseDoorTicket(raw: unknown): DoorTicket | null {
  if (!isRecord(raw) || !isText(raw.id) || !isText(raw.code) || typeof raw.holder !== 'string') return null;
  if (raw.status !== 'valid' && raw.status !== 'void') return null;
  const checkin = raw.checkin;
  if (checkin !== null && !(isRecord(checkin) && typeof checkin.at === 'number' && isText(checkin.device))) return null;
  return {
    id: raw.id,
    code: raw.code,
    holder: raw.holder,
    status: raw.status,
    checkin: checkin === null ? null : { at: checkin.at as number, device: checkin.device as string },
  };
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
    lists[eventId] = { eventId, title: list.title, syncedAt: list.syncedAt, tickets: tickets as DoorTicket[] };
  }
  return lists;
}

const RESULTS: readonly unknown[] = ['admitted', 'already', 'void'];

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
      !isText(scan.device)
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
    };
  });
}

/** An event's list from the database value at tickets/{eventId}; unreadable tickets are left out. */
export function listFromDatabase(eventId: string, title: string, raw: unknown, syncedAt: number): EventList {
  const tickets: DoorTicket[] = [];
  if (isRecord(raw)) {
    for (const [id, value] of Object.entries(raw)) {
      if (!isRecord(value) || !isText(value.code) || (value.status !== 'valid' && value.status !== 'void')) continue;
      const checkin =
        isRecord(value.checkin) && typeof value.checkin.at === 'number' && isText(value.checkin.device)
          ? { at: value.checkin.at, device: value.checkin.device }
          : null;
      tickets.push({
        id,
        code: value.code,
        holder: typeof value.holder === 'string' ? value.holder : '',
        status: value.status,
        checkin,
      });
    }
  }
  return { eventId, title, syncedAt, tickets };
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
