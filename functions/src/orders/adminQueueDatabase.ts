/**
 * The allocator's connection to the database: firebase-admin acting as the allocator's own identity
 * (databaseAuthVariableOverride), so that every batch it writes is judged by the rules like anyone's write. That is
 * what makes two allocators, or one request delivered twice, safe: a batch that settles a request someone else
 * already took off the queue, or takes stock below zero, is refused whole (docs/security.md).
 *
 * In Cloud Functions the database is the project's (FIREBASE_CONFIG); on one machine it is the local database at
 * TRUSTED_CODE_DATABASE_URL (an http:// address, which firebase-admin talks to as an emulator).
 */
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type DataSnapshot, getDatabase } from 'firebase-admin/database';
import { ALLOCATOR_UID } from '../../../src/features/orders/orderRequest';
import type { QueueDatabase } from './allocator';
import type { CancelsDatabase } from '../payments/cancel';
import type { GiftCardDeskDatabase } from '../giftcards/deskRequests';
import type { WaitingDeskDatabase } from '../waitinglist/deskRequests';
import type { VoucherDeskDatabase } from '../vouchers/deskRequests';
import type { HoldsDatabase } from '../payments/expiry';
import type { MarksDatabase } from '../payments/marks';
import type { RemindersDatabase } from '../payments/reminders';
import type { RefundsDatabase } from '../payments/refunds';
import type { InvoicesDatabase } from '../invoices/issue';
import { invoicePaths } from '../../../src/features/invoices/model/invoiceDocument';
import { paymentPaths } from '../../../src/features/payments/model/paymentRecords';
import { refundPaths } from '../../../src/features/payments/model/refundRecords';
import { deskPaths } from '../../../src/features/orders/deskIndex';
import { cancelPaths } from '../../../src/features/orders/orderCancels';
import { giftCardDeskPaths } from '../../../src/features/giftcards/model/deskRequests';
import { waitingListDeskPaths } from '../../../src/features/waitinglist/model/deskRequests';
import { voucherDeskPaths } from '../../../src/features/vouchers/model/deskRequests';
import type { QueuedRequest } from './settle';

let apps = 0;

/** The database URL of this deployment: the given one, else TRUSTED_CODE_DATABASE_URL, else FIREBASE_CONFIG's. */
function trustedDatabaseUrl(given?: string): string | undefined {
  if (given) return given;
  if (process.env.TRUSTED_CODE_DATABASE_URL) return process.env.TRUSTED_CODE_DATABASE_URL;
  try {
    const config = JSON.parse(process.env.FIREBASE_CONFIG ?? '{}') as { databaseURL?: unknown };
    return typeof config.databaseURL === 'string' ? config.databaseURL : undefined;
  } catch {
    return undefined;
  }
}

/** A firebase-admin app of this deployment's database acting as trusted code's identity `uid` (what: for errors). */
export function trustedApp(uid: string, what: string, databaseURL?: string): App {
  const url = trustedDatabaseUrl(databaseURL);
  if (!url) throw new Error(`${what} needs a database: set TRUSTED_CODE_DATABASE_URL (or run in Cloud Functions)`);
  return initializeApp({ databaseURL: url, databaseAuthVariableOverride: { uid } }, `${uid}-${++apps}`);
}

/** A query's children in its order, with their keys. */
function childrenOf(snapshot: DataSnapshot): { key: string; raw: unknown }[] {
  const children: { key: string; raw: unknown }[] = [];
  snapshot.forEach((child) => {
    children.push({ key: child.key!, raw: child.val() as unknown });
  });
  return children;
}

/**
 * The allocator's connection; the expiry job of unpaid holds (payments/expiry.ts), the payment marks
 * (payments/marks.ts), the refunds (payments/refunds.ts), staff's cancels (payments/cancel.ts) and staff's requests
 * of gift cards, of the waiting list and of vouchers act through it too, as the one identity that moves stock and
 * payments, and so does the issuer of invoices and credit notes (invoices/issue.ts), the record of that money.
 */
export function adminQueueDatabase(
  databaseURL?: string,
): QueueDatabase &
  HoldsDatabase &
  MarksDatabase &
  RemindersDatabase &
  RefundsDatabase &
  CancelsDatabase &
  GiftCardDeskDatabase &
  WaitingDeskDatabase &
  VoucherDeskDatabase &
  InvoicesDatabase & { close(): Promise<void> } {
  const app = trustedApp(ALLOCATOR_UID, 'the allocator', databaseURL);
  const db = getDatabase(app);
  // The connection opens now, not at the first buyer's call: opening it (and the first read of the queue) took
  // most of a second, once, in the middle of a rush (docs/performance.md#the-on-sale-rush).
  db.ref('orderQueue')
    .orderByChild('at')
    .limitToFirst(1)
    .get()
    .catch(() => undefined);
  return {
    async oldestRequests(limit) {
      const snapshot = await db.ref('orderQueue').orderByChild('at').limitToFirst(limit).get();
      return childrenOf(snapshot).map(({ key, raw }): QueuedRequest => ({ uid: key, raw }));
    },
    async lapsedHolds(now, limit) {
      const query = db.ref(deskPaths.orders).orderByChild('hold').startAt(0).endAt(now).limitToFirst(limit);
      return childrenOf(await query.get());
    },
    async holdsEnding(after, until, limit) {
      const query = db
        .ref(deskPaths.orders)
        .orderByChild('hold')
        .startAt(after + 1)
        .endAt(until)
        .limitToFirst(limit);
      return childrenOf(await query.get());
    },
    async oldestMarks(limit) {
      return childrenOf(await db.ref(paymentPaths.marks).orderByChild('at').limitToFirst(limit).get());
    },
    async oldestRefundRequests(limit) {
      return childrenOf(await db.ref(refundPaths.requests).orderByChild('at').limitToFirst(limit).get());
    },
    async oldestCancels(limit) {
      return childrenOf(await db.ref(cancelPaths.requests).orderByChild('at').limitToFirst(limit).get());
    },
    async oldestGiftCardRequests(limit) {
      return childrenOf(await db.ref(giftCardDeskPaths.requests).orderByChild('at').limitToFirst(limit).get());
    },
    async oldestWaitingListRequests(limit) {
      return childrenOf(await db.ref(waitingListDeskPaths.requests).orderByChild('at').limitToFirst(limit).get());
    },
    async oldestVoucherRequests(limit) {
      return childrenOf(await db.ref(voucherDeskPaths.requests).orderByChild('at').limitToFirst(limit).get());
    },
    async oldestInvoiceRequests(limit) {
      return childrenOf(await db.ref(invoicePaths.queue).orderByChild('at').limitToFirst(limit).get());
    },
    async readAll(paths) {
      const values = await Promise.all(paths.map(async (path) => [path, (await db.ref(path).get()).val()] as const));
      return new Map(values);
    },
    update: (update) => db.ref().update(update),
    isRefusal: (error) => error instanceof Error && /permission[_ ]denied/i.test(error.message),
    close: () => deleteApp(app),
  };
}
