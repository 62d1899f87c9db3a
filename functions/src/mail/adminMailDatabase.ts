/**
 * The mail sender's connection to the database: firebase-admin acting as the sender's own identity
 * (MAILER_UID), so that the rules judge its writes as they judge the allocator's (docs/security.md#email). The
 * database is found as the allocator finds it (adminQueueDatabase.ts).
 */
import { deleteApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { MAILER_UID } from '../../../src/features/orders/orderMail';
import { invoicePaths } from '../../../src/features/invoices/model/invoiceDocument';
import { paths } from '../../../src/firebase/paths';
import { trustedApp } from '../orders/adminQueueDatabase';
import type { MailDatabase } from './orderData';

export function adminMailDatabase(databaseURL?: string): MailDatabase & { close(): Promise<void> } {
  const app = trustedApp(MAILER_UID, 'the mail sender', databaseURL);
  const db = getDatabase(app);
  const children = (snapshot: { forEach(each: (child: { key: string | null; val(): unknown }) => void): unknown }) => {
    const found: [string, unknown][] = [];
    snapshot.forEach((child) => {
      found.push([child.key!, child.val()]);
    });
    return found;
  };
  return {
    read: async (path) => (await db.ref(path).get()).val() as unknown,
    async ticketsOf(eventId, orderId) {
      const snapshot = await db
        .ref(paths.ticketsOf(eventId))
        .orderByKey()
        .startAt(`${orderId}-`)
        .endAt(`${orderId}-\uf8ff`)
        .get();
      return new Map(children(snapshot));
    },
    async dueJobs(now, limit) {
      const snapshot = await db.ref(paths.outbox).orderByChild('next').startAt(0).endAt(now).limitToFirst(limit).get();
      return children(snapshot).map(([id, raw]) => ({ id, raw }));
    },
    async dueMessages(now, limit) {
      const snapshot = await db
        .ref(paths.eventMessages)
        .orderByChild('expand')
        .startAt(0)
        .endAt(now)
        .limitToFirst(limit)
        .get();
      return children(snapshot).map(([id, raw]) => ({ id, raw }));
    },
    async documentsIssued(from, to) {
      return children(
        await db
          .ref(invoicePaths.documents)
          .orderByChild('issued')
          .startAt(from)
          .endAt(to - 1)
          .get(),
      );
    },
    async jobsOf(messageId) {
      const snapshot = await db
        .ref(paths.outbox)
        .orderByKey()
        .startAt(`${messageId}-`)
        .endAt(`${messageId}-\uf8ff`)
        .get();
      return children(snapshot).map(([id]) => id);
    },
    async transact(path, change, options) {
      try {
        const result = await db.ref(path).transaction(
          // The SDK first guesses from its cache (often empty: null) and is told the server's value if it guessed
          // wrong; a null is answered with null, which asks for that value without aborting. A record that may be
          // created is asked about null too: a wrong guess is refused by the server and asked again.
          (current: unknown) => (current === null && !options?.create ? null : change(current)),
          undefined,
          false,
        );
        return result.committed && result.snapshot.exists();
      } catch (error) {
        // A record that is not there (null written as null is refused by the rules): nothing to claim.
        if (error instanceof Error && /permission[_ ]denied/i.test(error.message)) return false;
        throw error;
      }
    },
    update: (update) => db.ref().update(update),
    close: () => deleteApp(app),
  };
}
