/*
 * Over 400 lines: one store owns the door's whole offline life (lists, scans, their outbox and its sending), so the
 * order of its writes to this device and to the database reads in one place (docs/tickets-and-check-in.md).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { atom } from 'jotai';
import { readValue, subscribeValue, updateFromRoot } from '../../firebase/database';
import { isPermissionDenied } from '../../firebase/errors';
import { appStore } from '../../state/appStore';
import { connectedAtom } from '../../state/liveAtoms';
import { StorageSlot, type StorageFailure } from '../../state/storage';
import { isRecord } from '../../state/validation';
import { nudgeOnce } from '../../lib/nudge';
import { PAYMENT_MARKS_ENDPOINT } from '../payments/model';
import { readDeskDetails } from '../orders';
import { queueMark } from '../payments';
import { decide, indexLists, type Decision, type DoorIndex, type EventList } from './decide';
import {
  findConflicts,
  listFromDatabase,
  ordersToLookUp,
  parseLists,
  parseOutbox,
  type Conflict,
  type Scan,
} from './doorStorage';
import { paths } from '../../firebase/paths';

/**
 * The door's device state: downloaded lists, the outbox of scans not yet in the database, this device's name,
 * and what the staff member needs to read (last result, notices, conflicts). Kept in local storage under keys
 * of their own, so a reload offline keeps everything; if storage fails it all goes on in memory and says so.
 */
/**
 * What the door has to say about this device's storage. Some are found before any language is loaded, so they are
 * kept as descriptors and said in the language spoken where they show.
 */
export const doorNoticesAtom = atom<readonly MessageDescriptor[]>([]);

/** Each trouble is said once, and one does not hide another (a full disk and a dropped list, say). */
function tell(notice: MessageDescriptor): void {
  const notices = appStore.get(doorNoticesAtom);
  if (!notices.some((told) => told.id === notice.id)) appStore.set(doorNoticesAtom, [...notices, notice]);
}

function storageTrouble(failure: StorageFailure): void {
  tell(
    failure === 'full'
      ? msg`This device’s storage is full: check-in goes on, but the list and waiting scans are kept only until this tab closes.`
      : msg`This browser does not let the app store anything: check-in goes on, but only until this tab closes.`,
  );
}

const slots = {
  lists: new StorageSlot(() => window.localStorage, 'door-lists', storageTrouble),
  outbox: new StorageSlot(() => window.localStorage, 'door-outbox', storageTrouble),
  device: new StorageSlot(() => window.localStorage, 'door-device', storageTrouble),
};

function load<T>(slot: StorageSlot, parse: (text: string) => T, empty: T, dropped: MessageDescriptor): T {
  const text = slot.read();
  if (text === null) return empty;
  try {
    return parse(text);
  } catch (error) {
    console.warn(`Stored ${slot.key} dropped:`, error);
    slot.remove();
    tell(dropped);
    return empty;
  }
}

function randomId(length: number): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => alphabet[byte & 31]).join('');
}

function loadDevice(): string {
  const stored = slots.device.read();
  if (stored && /^door-[0-9a-z]{4}$/.test(stored)) return stored;
  const name = `door-${randomId(4)}`;
  slots.device.write(name);
  return name;
}

export const deviceName = loadDevice();
export const doorListsAtom = atom<Record<string, EventList>>(
  load(
    slots.lists,
    parseLists,
    {},
    msg`The ticket lists stored on this device could not be read and were removed: download the event again.`,
  ),
);
export const outboxAtom = atom<Scan[]>(
  load(
    slots.outbox,
    parseOutbox,
    [],
    msg`Scans waiting on this device could not be read and were removed. Scans already sent are safe.`,
  ),
);
export const lastDecisionAtom = atom<{ decision: Decision; at: number } | null>(null);
export const conflictsAtom = atom<Conflict[]>([]);
export const downloadAtom = atom<'idle' | 'loading' | 'failed'>('idle');

// The index is rebuilt only when the lists change, not per scan.
let indexed: { lists: Record<string, EventList>; index: DoorIndex } | null = null;
function currentIndex(): DoorIndex {
  const lists = appStore.get(doorListsAtom);
  if (indexed?.lists !== lists) indexed = { lists, index: indexLists(Object.values(lists)) };
  return indexed.index;
}

/**
 * Runs `work` once the next frame has been drawn: a zero timeout alone runs before it, so the work would delay
 * the result it follows (measured in bench/doorBrowser.ts). A hidden tab draws no frames: a timer runs it then.
 */
function afterPaint(work: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}

let saveQueued = false;
/** Saving 5,000 tickets takes milliseconds: done after the result is on screen, once for a burst of changes. */
function saveListsSoon(): void {
  if (saveQueued) return;
  saveQueued = true;
  afterPaint(() => {
    saveQueued = false;
    slots.lists.write(JSON.stringify(appStore.get(doorListsAtom)));
  });
}

function setLists(lists: Record<string, EventList>): void {
  appStore.set(doorListsAtom, lists);
  saveListsSoon();
}

function setOutbox(outbox: Scan[]): void {
  appStore.set(outboxAtom, outbox);
  slots.outbox.write(JSON.stringify(outbox));
}

/** The device's local check-ins not yet confirmed by the database survive a fresh download of the list. */
function withLocalCheckins(list: EventList): EventList {
  const waiting = new Map(
    appStore
      .get(outboxAtom)
      .filter((s) => s.eventId === list.eventId && s.result === 'admitted')
      .map((s) => [s.ticket, s]),
  );
  if (waiting.size === 0) return list;
  return {
    ...list,
    tickets: list.tickets.map((t) => {
      const scan = waiting.get(t.id);
      return !t.checkin && scan ? { ...t, checkin: { at: scan.scanned, device: scan.device } } : t;
    }),
  };
}

function storeList(list: EventList): void {
  setLists({ ...appStore.get(doorListsAtom), [list.eventId]: withLocalCheckins(list) });
}

function addReferences(eventId: string, found: Record<string, string | null>): void {
  const list = appStore.get(doorListsAtom)[eventId];
  if (!list || Object.keys(found).length === 0) return;
  setLists({ ...appStore.get(doorListsAtom), [eventId]: { ...list, references: { ...list.references, ...found } } });
}

/**
 * The references of the orders of `raw` (tickets/{eventId}) that are not in `known`, by order id, read from the
 * desk's index: the tickets do not carry them, and the door shows them offline (docs/tickets-and-check-in.md#the-door).
 */
async function lookUpReferences(
  raw: unknown,
  known: Readonly<Record<string, string | null>>,
): Promise<Record<string, string | null>> {
  // Every check-in changes the list; a snapshot that arrives while a lookup is on its way does not ask again.
  const wanted = [...ordersToLookUp(raw, known)].filter(([key]) => !lookingUp.has(key));
  if (wanted.length === 0) return {};
  for (const [key] of wanted) lookingUp.add(key);
  try {
    const found = await readDeskDetails(
      readValue,
      wanted.map(([key]) => key),
      ['ref'],
    );
    return Object.fromEntries(wanted.map(([key, order]) => [order, found.get(key)?.ref ?? null]));
  } finally {
    for (const [key] of wanted) lookingUp.delete(key);
  }
}

/** Desk keys of the orders whose references are being read now. */
const lookingUp = new Set<string>();

/** Downloads an event's ticket list to the device, with the references of its orders. */
export async function downloadList(eventId: string, title: string): Promise<void> {
  appStore.set(downloadAtom, 'loading');
  try {
    const raw = await readValue(paths.ticketsOf(eventId));
    // Without them the door still decides; following the event looks them up again.
    const references = await lookUpReferences(raw, {}).catch((error: unknown) => {
      console.warn('Order references not looked up:', error);
      return {};
    });
    storeList(listFromDatabase(eventId, title, raw, Date.now(), references));
    appStore.set(downloadAtom, 'idle');
  } catch (error) {
    console.warn('Ticket list download failed:', error);
    appStore.set(downloadAtom, 'failed');
  }
}

/**
 * Decides a typed or scanned code at `eventId` from the device alone, shows the result, and queues the scan of
 * a ticket of this event for the database. Unknown input changes nothing.
 */
export function scan(input: string, eventId: string): Decision {
  const decision = decide(input, eventId, currentIndex());
  const at = Date.now();
  appStore.set(lastDecisionAtom, { decision, at });
  if (decision.kind === 'admitted' || decision.kind === 'already' || decision.kind === 'void') {
    record(eventId, decision.ticket.id, decision.kind, at);
  }
  return decision;
}

/** A ticket's order id: tickets are `{orderId}-{n}` (docs/tickets-and-check-in.md#data). */
const orderOf = (ticketId: string) => ticketId.slice(0, ticketId.lastIndexOf('-'));

/**
 * Staff took what a ticket's order owes at the door (`collect`) and admit its holder: the scan goes out with the
 * payment, which trusted code records once (docs/payments.md#the-door). On this device at once, every ticket of
 * the order has nothing more to take, so its other holders are not asked to pay again, offline too.
 */
export function admitPaid(decision: Extract<Decision, { kind: 'collect' }>): void {
  const { eventId, ticket, place, amount } = decision;
  const at = Date.now();
  const order = orderOf(ticket.id);
  const list = appStore.get(doorListsAtom)[eventId]!;
  const tickets = list.tickets.map((t) => (orderOf(t.id) === order ? { ...t, due: null } : t));
  setLists({ ...appStore.get(doorListsAtom), [eventId]: { ...list, tickets } });
  appStore.set(lastDecisionAtom, {
    decision: { kind: 'admitted', eventId, ticket: { ...ticket, due: null }, place },
    at,
  });
  record(eventId, ticket.id, 'admitted', at, { uid: ticket.uid, order, amount });
}

/** Keeps a scan on the device and in the outbox; an admitting one marks the ticket checked in here at once. */
function record(eventId: string, ticketId: string, result: Scan['result'], at: number, took?: Scan['took']): void {
  if (result === 'admitted') {
    const list = appStore.get(doorListsAtom)[eventId]!;
    const tickets = list.tickets.map((t) => (t.id === ticketId ? { ...t, checkin: { at, device: deviceName } } : t));
    setLists({ ...appStore.get(doorListsAtom), [eventId]: { ...list, tickets } });
  }
  setOutbox([
    ...appStore.get(outboxAtom),
    {
      id: `${deviceName}-${at.toString(36)}-${randomId(8)}`,
      eventId,
      ticket: ticketId,
      result,
      scanned: at,
      device: deviceName,
      ...(took ? { took } : {}),
    },
  ]);
  // Sending writes locally first, and the live list then re-reads every ticket: after the result is shown.
  afterPaint(() => void flushOutbox());
}

function scanRecord(scanned: Scan, stamp: unknown, uid: string): Record<string, unknown> {
  return {
    ticket: scanned.ticket,
    device: scanned.device,
    result: scanned.result,
    scanned: scanned.scanned,
    received: stamp,
    by: uid,
  };
}

/**
 * Sends one scan under its fixed id. An admitting scan also records the ticket's first check-in; if another
 * device was first, the rules refuse that and the scan is kept alone (the conflict record). A refusal because the
 * id is taken means an earlier send arrived: done, never counted twice.
 */
async function send(scanned: Scan, uid: string): Promise<void> {
  // The money first, under the scan's id: sent again with a retried scan, it is still recorded once.
  if (scanned.took) {
    // Refused: this scan's payment was queued or applied before (a send that arrived, then was retried).
    await queueMark(scanned.id, { ...scanned.took, method: 'door' }, uid).catch((error: unknown) => {
      if (!isPermissionDenied(error)) throw error;
    });
    void nudgeOnce(PAYMENT_MARKS_ENDPOINT);
  }
  const path = paths.checkin(scanned.eventId, scanned.id);
  const attempts: ((stamp: unknown) => Record<string, unknown>)[] = [
    (stamp) => ({ [path]: scanRecord(scanned, stamp, uid) }),
  ];
  if (scanned.result === 'admitted') {
    attempts.unshift((stamp) => ({
      [path]: scanRecord(scanned, stamp, uid),
      [paths.ticketCheckin(scanned.eventId, scanned.ticket)]: {
        scan: scanned.id,
        device: scanned.device,
        at: scanned.scanned,
      },
    }));
  }
  for (const attempt of attempts) {
    try {
      await updateFromRoot(attempt);
      return;
    } catch (error) {
      if (!isPermissionDenied(error)) throw error;
    }
  }
  if ((await readValue(path)) !== null) return;
  // Neither form is accepted (the ticket is gone from the database): keeping it would retry forever.
  console.warn(`Scan ${scanned.id} refused by the database and dropped.`);
}

let staffUid: string | null = null;
const inFlight = new Set<string>();
export const sendingAtom = atom(false);

/** Sends every waiting scan, oldest first; what fails for the network stays for the next connection. */
async function flushOutbox(): Promise<void> {
  const uid = staffUid;
  if (!uid) return;
  const waiting = appStore.get(outboxAtom).filter((s) => !inFlight.has(s.id));
  if (waiting.length === 0) return;
  appStore.set(sendingAtom, true);
  await Promise.all(
    waiting.map(async (scanned) => {
      inFlight.add(scanned.id);
      try {
        await send(scanned, uid);
        setOutbox(appStore.get(outboxAtom).filter((s) => s.id !== scanned.id));
      } catch (error) {
        console.warn(`Scan ${scanned.id} not sent yet:`, error);
      } finally {
        inFlight.delete(scanned.id);
      }
    }),
  );
  appStore.set(sendingAtom, inFlight.size > 0);
}

/**
 * While the check-in tab is open for `eventId`: the list and the scans follow the database live (counters and
 * other devices' check-ins), and waiting scans go out whenever the database connection comes back.
 */
export function followEvent(eventId: string, title: string, uid: string): () => void {
  staffUid = uid;
  let firstScans = new Map<string, string>();
  let rawScans: unknown = null;
  const stopTickets = subscribeValue(
    paths.ticketsOf(eventId),
    (raw) => {
      firstScans = new Map(
        isRecord(raw)
          ? Object.entries(raw).flatMap(([id, t]) =>
              isRecord(t) && isRecord(t.checkin) && typeof t.checkin.scan === 'string'
                ? [[id, t.checkin.scan] as const]
                : [],
            )
          : [],
      );
      const known = appStore.get(doorListsAtom)[eventId]?.references ?? {};
      storeList(listFromDatabase(eventId, title, raw, Date.now(), known));
      appStore.set(conflictsAtom, findConflicts(rawScans, firstScans));
      // Orders placed since the download (or a list stored before references were kept): looked up after the
      // list is stored, so the counters do not wait for them.
      lookUpReferences(raw, known).then(
        (found) => addReferences(eventId, found),
        (error: unknown) => console.warn('Order references not looked up:', error),
      );
    },
    (error) => console.warn('Ticket list not followed:', error),
  );
  const stopScans = subscribeValue(
    paths.checkinsOf(eventId),
    (raw) => {
      rawScans = raw;
      appStore.set(conflictsAtom, findConflicts(raw, firstScans));
    },
    (error) => console.warn('Scans not followed:', error),
  );
  const stopConnection = appStore.sub(connectedAtom, () => {
    if (appStore.get(connectedAtom)) void flushOutbox();
  });
  void flushOutbox();
  return () => {
    stopTickets();
    stopScans();
    stopConnection();
    appStore.set(conflictsAtom, []);
  };
}
