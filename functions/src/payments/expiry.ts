/**
 * The hold's end (docs/payments.md#the-hold): an order still unpaid when its hold ends lapses. Its stock goes back
 * on sale, it is cancelled with its tickets void, its open-order slot is freed, and the buyer is told by email, all
 * in one atomic update per order, as the allocator's identity (the one that takes stock). Each order on its own, so
 * one that cannot be expired (paid a moment before, deleted by staff) holds up no other.
 *
 * Safe to run twice, or by two processes at once, or to kill at any point: the rules refuse an update made from a
 * stale reading (the payment summary's `v`, and `expired` only from `pending` once the hold has passed), and a
 * refused or unfinished order is simply found again by the next run.
 */
import { paths } from '../../../src/firebase/paths';
import { deskPaths, parseDeskEntry, type DeskEntry } from '../../../src/features/orders/deskIndex';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { type OrderPayment, parseOrderPayment } from '../../../src/features/payments/model/orderPayment';
import type { CardPayments } from './card';
import { closeOrderWrites, readForClose } from './closeOrder';
import { giftCardBack } from '../giftcards/giveBack';
import { isRecord } from '../../../src/state/validation';

import { SERVER_TIME } from './settlePayment';
import { drainQueue } from '../drainQueue';

/** What the expiry job needs of the database: the allocator's connection (orders/adminQueueDatabase.ts). */
export interface HoldsDatabase {
  /** Up to `limit` desk index entries whose hold ended at or before `now`, soonest first, with their keys. */
  lapsedHolds(now: number, limit: number): Promise<{ key: string; raw: unknown }[]>;
  readAll(paths: readonly string[]): Promise<Map<string, unknown>>;
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

/** Whether an order with this payment lapses at `now`: unpaid with its hold over. */
const lapsesNow = (pay: OrderPayment, now: number): boolean =>
  pay.state === 'pending' && pay.until !== null && pay.until <= now;

/** The expired email's id is fixed by its order: an order lapses once, so it can never be queued twice. */
const expiredMessageId = (orderId: string): string => `${orderId}-expired`;

/** An index entry whose order is gone (deleted by hand) is taken out of the index, with its events' entries. */
function goneOrderWrites(key: string, entry: DeskEntry): Record<string, unknown> {
  const writes: Record<string, unknown> = { [deskPaths.order(key)]: null };
  for (const eventId of Object.keys(entry.events ?? {})) writes[deskPaths.eventOrder(eventId, key)] = null;
  return writes;
}

/**
 * The one update that lets an order lapse, or null when it must not yet. An index entry whose order is no longer
 * pending (paid, lapsed) only loses its hold, so it is not found again; one whose order is gone leaves the index.
 */
export function expiryUpdate(
  key: string,
  entry: DeskEntry,
  order: unknown,
  reads: ReadonlyMap<string, unknown>,
  now: number,
): Record<string, unknown> | null {
  if (!isRecord(order)) return goneOrderWrites(key, entry);
  const pay = parseOrderPayment(order.pay);
  // Cancelled by staff through trusted code (cancel.ts): closed already, its places back. Fulfilled: staff handed it
  // over, so nothing goes back on sale; what it owes stays on the desk (docs/payments.md#the-hold).
  if (!pay || isRecord(order.cancelled) || order.status === 'fulfilled')
    return { [`${deskPaths.order(key)}/hold`]: null };
  if (pay.state !== 'pending')
    return { [`${deskPaths.order(key)}/hold`]: null, [`${deskPaths.order(key)}/pay`]: pay.state };
  if (!lapsesNow(pay, now)) return null;
  const { uid, order: orderId } = entry;
  const orderPath = paths.order(uid, orderId);
  const update: Record<string, unknown> = {
    ...closeOrderWrites(key, entry, order, reads, now),
    // What a gift card paid goes back to it (docs/gift-cards.md#giving-it-back).
    ...giftCardBack(entry, order, reads).writes,
    [`${orderPath}/pay/state`]: 'expired',
    [`${orderPath}/pay/v`]: pay.v + 1,
    [`${deskPaths.order(key)}/pay`]: 'expired',
  };
  const contact = isRecord(order.contact) ? order.contact : {};
  // An order staff cancelled before cancelling went through trusted code lapses without a second email.
  if (typeof contact.email === 'string' && order.status !== 'cancelled') {
    Object.assign(
      update,
      queuedMail(expiredMessageId(orderId), { uid, order: orderId, kind: 'expired', to: contact.email }, SERVER_TIME),
    );
  }
  return update;
}

/** What one run did. */
export interface ExpiryReport {
  expired: number;
  /** Index entries put right without expiring anything (paid, or gone). */
  tidied: number;
  /** Orders the database refused to expire this time (a payment raced it): the next run reads them again. */
  refused: number;
}

/** Orders looked at per query; a run goes on until none is left due. */
const PAGE = 100;

/**
 * Expires every order whose hold has ended by `now`. Refusals are counted and left for the next run; any other
 * error (the database gone) ends the run and is thrown, with what was done so far already applied.
 */
export async function expireHolds(
  db: HoldsDatabase,
  now: number,
  /** Card payments, whose open pages are closed before their order lapses (card.ts). */
  cards?: Pick<CardPayments, 'closeOpenPayments'>,
): Promise<ExpiryReport> {
  const report: ExpiryReport = { expired: 0, tidied: 0, refused: 0 };
  await drainQueue(
    (limit) => db.lapsedHolds(now, limit),
    PAGE,
    async (key, raw) => {
      const entry = parseDeskEntry(raw);
      let update: Record<string, unknown> | null;
      try {
        update = entry ? await updateFor(db, key, entry, now, cards) : { [`${deskPaths.order(key)}/hold`]: null };
      } catch (error) {
        // One order that cannot be decided (its card payment unreadable, say) holds up no other: the next run
        // tries it again. The database gone fails the next query, which ends the run.
        console.error(`expiring ${key}:`, error);
        report.refused++;
        return 'skip';
      }
      if (!update) return 'skip';
      try {
        await db.update(update);
        if (update[`${deskPaths.order(key)}/pay`] === 'expired') report.expired++;
        else report.tidied++;
        return 'done';
      } catch (error) {
        if (!db.isRefusal(error)) throw error;
        report.refused++;
        return 'skip';
      }
    },
  );
  return report;
}

async function updateFor(
  db: HoldsDatabase,
  key: string,
  entry: DeskEntry,
  now: number,
  cards: Pick<CardPayments, 'closeOpenPayments'> | undefined,
): Promise<Record<string, unknown> | null> {
  const orderPath = paths.order(entry.uid, entry.order);
  let order = (await db.readAll([orderPath])).get(orderPath);
  const pay = isRecord(order) ? parseOrderPayment(order.pay) : null;
  if (cards && pay && lapsesNow(pay, now)) {
    // Nobody may pay for stock that goes back on sale: the provider's page closes first. Paid at the last moment,
    // the order is paid, not lapsed; a bank debit on its way holds it; a provider that cannot say leaves it for the
    // next run. Whatever the method is now: switching away from card leaves a page or a debit under way as it was.
    if ((await cards.closeOpenPayments(entry)) !== 'closed') return null;
    // What closing found (a payment made at the last moment) is in the order now.
    order = (await db.readAll([orderPath])).get(orderPath);
  }
  const reads = await readForClose(db, entry, order);
  return expiryUpdate(key, entry, order, reads, now);
}
