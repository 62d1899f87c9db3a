/**
 * A reminder before a bank transfer's hold ends (docs/payments.md#reminders): a buyer who has not paid by the day
 * before gets one email saying how much, where to and by when. Run by the same job as the hold's expiry, every
 * minute, as the allocator's identity; the email's id is fixed by its order (`{orderId}-reminder`), and the rules
 * let an outbox job be written only once, so an order is reminded at most once whatever runs side by side.
 */
import { paths } from '../../../src/firebase/paths';
import { parseDeskEntry } from '../../../src/features/orders/deskIndex';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { balanceDue, parseOrderPayment } from '../../../src/features/payments/model/orderPayment';
import { isRecord } from '../../../src/state/validation';
import { SERVER_TIME } from './settlePayment';

const HOUR_MS = 3_600_000;
/** How long before the hold's end the reminder goes. */
const REMIND_BEFORE_MS = 24 * HOUR_MS;
/** A hold shorter than two days is reminded halfway, so that nobody gets a reminder on the heels of their order. */
const LEAST_AGE_MS = 12 * HOUR_MS;

export interface RemindersDatabase {
  /** Up to `limit` desk index entries whose hold ends after `after` and at or before `until`, soonest first. */
  holdsEnding(after: number, until: number, limit: number): Promise<{ key: string; raw: unknown }[]>;
  readAll(paths: readonly string[]): Promise<Map<string, unknown>>;
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

const reminderId = (orderId: string) => `${orderId}-reminder`;

/** Holds ending within a day looked at per run: more than a shop has unpaid transfers due on one day. */
const LIMIT = 1_000;

/** Queues the reminders that are due at `now`; returns how many. */
export async function remindTransfers(db: RemindersDatabase, now: number): Promise<number> {
  let reminded = 0;
  for (const { raw } of await db.holdsEnding(now, now + REMIND_BEFORE_MS, LIMIT)) {
    const entry = parseDeskEntry(raw);
    if (!entry) continue;
    const orderPath = paths.order(entry.uid, entry.order);
    const order = (await db.readAll([orderPath])).get(orderPath);
    if (!isRecord(order)) continue;
    const pay = parseOrderPayment(order.pay);
    const messageId = reminderId(entry.order);
    const contact = isRecord(order.contact) ? order.contact : {};
    const created = typeof order.created === 'number' ? order.created : now;
    if (pay?.method !== 'transfer' || pay.state !== 'pending' || balanceDue(pay) === 0) continue;
    if (isRecord(order.mail) && order.mail[messageId] != null) continue;
    if (now - created < LEAST_AGE_MS || typeof contact.email !== 'string') continue;
    try {
      await db.update(
        queuedMail(messageId, { uid: entry.uid, order: entry.order, kind: 'reminder', to: contact.email }, SERVER_TIME),
      );
      reminded++;
    } catch (error) {
      // Another run queued it a moment before.
      if (!db.isRefusal(error)) throw error;
    }
  }
  return reminded;
}
