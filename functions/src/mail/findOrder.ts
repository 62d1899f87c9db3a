/**
 * "Find my order" (the sign-in page): an email address and a reference. When they are an order's, its link is
 * emailed to that address again; the caller is never told whether they were (the answer and its timing are the
 * same either way), so the form cannot be used to learn who ordered or which references exist
 * (docs/security.md#find-my-order). Limited per caller (rateLimit.ts, caller.ts) and per order: at most three link
 * emails an hour, taken from a budget in the database in a transaction, so parallel calls cannot each see room.
 */
import { queuedMail } from '../../../src/features/orders/orderMail';
import { normaliseReference } from '../../../src/features/orders/orderReference';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import { LINK_MAILS_PER_ORDER, orderLinkBudgetKey, spend } from './mailBudget';
import type { MailDatabase } from './orderData';

const SERVER_TIME = { '.sv': 'timestamp' } as const;

export type FindQuery = { email: string; reference: string };

/** The query from a request body; null when it is not one (answered 400: that reveals nothing). */
export function readFindQuery(body: unknown): FindQuery | null {
  if (!isRecord(body) || typeof body.email !== 'string' || typeof body.reference !== 'string') return null;
  if (body.email.length > 254 || body.reference.length > 40) return null;
  return { email: body.email.trim(), reference: body.reference };
}

/** Queues the link email when the query names an order of that address; says whether it did (for tests, logs). */
export async function queueLinkMail(
  db: MailDatabase,
  query: FindQuery,
  now: number,
  messageId: string,
): Promise<boolean> {
  const ref = normaliseReference(query.reference);
  if (!ref) return false;
  const named = await db.read(paths.orderRef(ref));
  if (!isRecord(named) || typeof named.uid !== 'string' || typeof named.order !== 'string') return false;
  const order = await db.read(paths.order(named.uid, named.order));
  if (!isRecord(order) || !isRecord(order.contact) || typeof order.contact.email !== 'string') return false;
  if (order.contact.email.toLowerCase() !== query.email.toLowerCase()) return false;
  if (!(await spend(db, orderLinkBudgetKey(ref), LINK_MAILS_PER_ORDER, now)).ok) return false;
  await db.update(
    queuedMail(messageId, { uid: named.uid, order: named.order, kind: 'link', to: order.contact.email }, SERVER_TIME),
  );
  return true;
}
