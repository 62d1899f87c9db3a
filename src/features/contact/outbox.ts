import { plural, t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { withTimeout } from '../../lib/withTimeout';
import type { ToastMessage } from '../../lib/toast/types';
import { hydratingAtom } from '../../state/atoms';
import { connectedAtom } from '../../state/liveAtoms';
import type { StorageSlot } from '../../state/storage';
import type { AppStore } from '../../state/store';
import { describe, isRecord, summarise } from '../../state/validation';
import { parseContactFields, validateContact, type ContactFields } from './contactMessage';

export interface QueuedMessage {
  id: string;
  message: ContactFields;
  attempts: number;
}

export interface OutboxDeps {
  store: AppStore;
  slot: StorageSlot;
  write(id: string, message: ContactFields): Promise<void>;
  isPermissionDenied(error: unknown): boolean;
  notify(message: ToastMessage): unknown;
  newId(): string;
  /**
   * Messages that can never be sent as they are (stored content the database would refuse, or refused by it):
   * handed back so that the visitor can correct them rather than lose them.
   */
  giveBack(messages: ContactFields[]): void;
  /** How long one send may take before it is treated as lost and retried on the next connection. */
  timeoutMs?: number;
  /** How long after a failed send, with the connection still up, the queue is tried again. */
  retryMs?: number;
}

/** Messages written but not yet acknowledged by the database, kept across reloads under their own key. */
export const outboxAtom = atom<QueuedMessage[]>([]);
/**
 * The queue as the page shows it: empty while a page from the server is being taken over, as the server rendered
 * it (it cannot know this device's queue), and the device's own once the page is live here.
 */
export const shownOutboxAtom = atom((get) => (get(hydratingAtom) ? [] : get(outboxAtom)));
/** Whether the last attempt failed with the connection up, so that the queue waits for a retry. */
export const outboxRetryingAtom = atom(false);

/** Far more than anyone writes offline; a stored queue beyond it is not someone's messages. */
export const MAX_QUEUED_MESSAGES = 200;

/**
 * Whether `id` can name a message: a database key (no . $ # [ ] / or control characters) no longer than the
 * rules allow. A message under any other id could never be written, only retried for ever.
 */
export function isMessageId(id: unknown): id is string {
  // eslint-disable-next-line no-control-regex
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 && !/[.$#[\]/\u0000-\u001f\u007f]/.test(id);
}

export interface StoredOutbox {
  queue: QueuedMessage[];
  /** Stored messages whose content the database would refuse. */
  unsendable: ContactFields[];
  /** What was repaired or dropped, for the console. */
  problems: string[];
}

/**
 * Reads the stored queue entry by entry. An id that is not a database key is replaced (a message under it cannot
 * have reached the database, so a new id can never duplicate it); content the database would refuse is set
 * aside; entries that are not messages at all are dropped.
 */
export function parseStoredOutbox(text: string | null, newId: () => string): StoredOutbox {
  const result: StoredOutbox = { queue: [], unsendable: [], problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch {
    result.problems.push('the stored outbox is not JSON');
    return result;
  }
  if (!Array.isArray(parsed)) {
    result.problems.push('the stored outbox is not a list');
    return result;
  }
  if (parsed.length > MAX_QUEUED_MESSAGES) {
    const beyond = parsed.length - MAX_QUEUED_MESSAGES;
    result.problems.push(`${beyond} entries beyond the first ${MAX_QUEUED_MESSAGES} dropped`);
  }
  for (const entry of parsed.slice(0, MAX_QUEUED_MESSAGES) as unknown[]) {
    const record: Partial<Record<keyof QueuedMessage, unknown>> = isRecord(entry) ? entry : {};
    const message = parseContactFields(record.message);
    if (!message) {
      result.problems.push('an entry without a message dropped');
    } else if (Object.keys(validateContact(message)).length > 0) {
      result.unsendable.push(message);
    } else if (!isMessageId(record.id)) {
      result.problems.push(`message id ${describe(record.id)} is not a valid database key: sent under a new id`);
      result.queue.push({ id: newId(), message, attempts: 0 });
    } else {
      const { attempts } = record;
      const counted = typeof attempts === 'number' && Number.isSafeInteger(attempts) && attempts > 0 ? attempts : 0;
      result.queue.push({ id: record.id, message, attempts: counted });
    }
  }
  return result;
}

export interface Outbox {
  /** Queues a message and sends it at once when connected; otherwise it waits for the connection. */
  send(message: ContactFields): Promise<'sent' | 'queued' | 'refused'>;
  flush(): Promise<void>;
}

/** arrived: a resend refused because an earlier attempt had arrived (its answer lost); nothing to announce. */
type Outcome = 'sent' | 'arrived' | 'queued' | 'refused';

// Made when said, in the language spoken then (docs/languages.md).
const thanks = () => t`Thank you, we will get back to you soon.`;

/**
 * Contact messages never get lost to a bad connection: each is stored before it is sent and removed only once
 * the database has acknowledged it; the rest go out when the connection returns. Every message has a fixed id,
 * so a resend is the same message, never a duplicate.
 */
export function createOutbox(deps: OutboxDeps): Outbox {
  const { store, slot } = deps;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const retryMs = deps.retryMs ?? 20_000;
  const stored = parseStoredOutbox(slot.read(), deps.newId);
  if (stored.problems.length > 0) console.warn(`The contact outbox was repaired: ${summarise(stored.problems)}.`);
  const save = (queue: QueuedMessage[]) => {
    store.set(outboxAtom, queue);
    if (queue.length === 0) slot.remove();
    else slot.write(JSON.stringify(queue));
  };
  save(stored.queue);
  if (stored.unsendable.length > 0) deps.giveBack(stored.unsendable);

  const inFlight = new Set<string>();
  const without = (id: string) => store.get(outboxAtom).filter((queued) => queued.id !== id);
  let retry: ReturnType<typeof setTimeout> | undefined;

  const attempt = async (entry: QueuedMessage): Promise<Outcome> => {
    try {
      await withTimeout(deps.write(entry.id, entry.message), timeoutMs, 'sending a contact message');
      save(without(entry.id));
      return 'sent';
    } catch (error) {
      if (deps.isPermissionDenied(error)) {
        save(without(entry.id));
        // Messages can only be created, never overwritten: a resend is refused when an earlier attempt did
        // arrive but its answer was lost (its content was checked when it was queued). A first attempt refused
        // means the database rejected the content.
        return entry.attempts > 0 ? 'arrived' : 'refused';
      }
      save(
        store
          .get(outboxAtom)
          .map((queued) => (queued.id === entry.id ? { ...queued, attempts: queued.attempts + 1 } : queued)),
      );
      console.warn('A contact message will be sent again later:', error);
      clearTimeout(retry);
      retry = setTimeout(() => void flush(), retryMs);
      store.set(outboxRetryingAtom, true);
      return 'queued';
    }
  };

  /** Sends the given messages one after the other; one already on its way is not sent twice at once. */
  const deliver = async (entries: QueuedMessage[]): Promise<Map<QueuedMessage, Outcome>> => {
    const outcomes = new Map<QueuedMessage, Outcome>();
    store.set(outboxRetryingAtom, false);
    for (const entry of entries) {
      if (inFlight.has(entry.id)) {
        outcomes.set(entry, 'queued');
        continue;
      }
      inFlight.add(entry.id);
      try {
        outcomes.set(entry, await attempt(entry));
      } finally {
        inFlight.delete(entry.id);
      }
    }
    return outcomes;
  };

  /**
   * Sends everything queued, with one toast for the whole queue however long it is. A flush asked for while one
   * runs (the connection coming up as the app starts) joins it, and it goes round once more for anything added.
   */
  let flushing: Promise<void> | null = null;
  let again = false;
  const flush = (): Promise<void> => {
    again = true;
    flushing ??= (async () => {
      // Lets `flushing` be assigned before the body runs: with nothing to do it would finish at once, and its
      // `flushing = null` would come before the assignment and leave a finished flush in place for good.
      await Promise.resolve();
      let sent = 0;
      const refused: ContactFields[] = [];
      while (again && store.get(connectedAtom)) {
        again = false;
        clearTimeout(retry);
        for (const [entry, outcome] of await deliver(store.get(outboxAtom))) {
          if (outcome === 'sent') sent += 1;
          if (outcome === 'refused') refused.push(entry.message);
        }
      }
      flushing = null;
      if (sent > 0) {
        const summary = plural(sent, { one: 'Message sent', other: '# messages sent' });
        deps.notify({ severity: 'success', summary, detail: thanks() });
      }
      if (refused.length > 0) deps.giveBack(refused);
    })();
    return flushing;
  };
  store.sub(connectedAtom, () => void flush());

  return {
    async send(message) {
      const entry: QueuedMessage = { id: deps.newId(), message, attempts: 0 };
      save([...store.get(outboxAtom), entry]);
      if (!store.get(connectedAtom)) {
        deps.notify({
          severity: 'info',
          key: 'contact-queued',
          summary: t`You are offline`,
          detail: t`Your message is saved and will be sent when the connection returns.`,
        });
        return 'queued';
      }
      const outcome = (await deliver([entry])).get(entry) ?? 'queued';
      if (outcome === 'sent') deps.notify({ severity: 'success', summary: t`Message sent`, detail: thanks() });
      if (outcome === 'refused') {
        deps.notify({
          severity: 'error',
          summary: t`Message not accepted`,
          detail: t`Please check the form and try again.`,
        });
      }
      return outcome === 'arrived' ? 'sent' : outcome;
    },
    flush,
  };
}
