import { atom } from 'jotai';
import { withTimeout } from '../../lib/withTimeout';
import type { ToastMessage } from '../../lib/toast/types';
import { connectedAtom } from '../../state/liveAtoms';
import type { StorageSlot } from '../../state/storage';
import type { AppStore } from '../../state/store';
import { parseContactFields, type ContactFields } from './contactMessage';

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
  /** How long one send may take before it is treated as lost and retried on the next connection. */
  timeoutMs?: number;
}

/** Messages written but not yet acknowledged by the database, kept across reloads under their own key. */
export const outboxAtom = atom<QueuedMessage[]>([]);

function readQueue(slot: StorageSlot): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(slot.read() ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) => {
      const record = entry as Partial<QueuedMessage> | null;
      const message = parseContactFields(record?.message);
      return message && typeof record?.id === 'string' ? [{ id: record.id, message, attempts: Number(record.attempts) || 0 }] : [];
    });
  } catch {
    return [];
  }
}

export interface Outbox {
  /** Queues a message and sends it at once when connected; otherwise it waits for the connection. */
  send(message: ContactFields): Promise<'sent' | 'queued' | 'refused'>;
  flush(): Promise<void>;
}

/**
 * Contact messages never get lost to a bad connection: each is stored before it is sent and removed only once
 * the database has acknowledged it; the rest go out when the connection returns. Every message has a fixed id,
 * so a resend is the same message, never a duplicate.
 */
export function createOutbox(deps: OutboxDeps): Outbox {
  const { store, slot } = deps;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  store.set(outboxAtom, readQueue(slot));
  const save = (queue: QueuedMessage[]) => {
    store.set(outboxAtom, queue);
    if (queue.length === 0) slot.remove();
    else slot.write(JSON.stringify(queue));
  };
  const inFlight = new Set<string>();

  const deliver = async (entry: QueuedMessage): Promise<'sent' | 'queued' | 'refused'> => {
    if (inFlight.has(entry.id)) return 'queued';
    inFlight.add(entry.id);
    try {
      await withTimeout(deps.write(entry.id, entry.message), timeoutMs, 'sending a contact message');
      save(store.get(outboxAtom).filter((queued) => queued.id !== entry.id));
      deps.notify({ severity: 'success', summary: 'Message sent', detail: 'Thank you, we will get back to you soon.' });
      return 'sent';
    } catch (error) {
      if (deps.isPermissionDenied(error)) {
        save(store.get(outboxAtom).filter((queued) => queued.id !== entry.id));
        // Messages can only be created, never overwritten: a resend is refused when an earlier attempt did
        // arrive but its answer was lost. A first attempt refused means the database rejected the content.
        if (entry.attempts > 0) return 'sent';
        deps.notify({ severity: 'error', summary: 'Message not accepted', detail: 'Please check the form and try again.' });
        return 'refused';
      }
      save(store.get(outboxAtom).map((queued) => (queued.id === entry.id ? { ...queued, attempts: queued.attempts + 1 } : queued)));
      console.warn('A contact message will be sent again later:', error);
      return 'queued';
    } finally {
      inFlight.delete(entry.id);
    }
  };

  const flush = async () => {
    if (!store.get(connectedAtom)) return;
    for (const entry of store.get(outboxAtom)) await deliver(entry);
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
          summary: 'You are offline',
          detail: 'Your message is saved and will be sent when the connection returns.',
        });
        return 'queued';
      }
      return deliver(entry);
    },
    flush,
  };
}
