/**
 * Refunds staff ask for, queued for trusted code to apply (docs/payments.md#refunds). The SDK keeps a request
 * written offline and sends it when the connection is back.
 */
import { database } from '../../../firebase/database';
import { refundPaths, refundRequestRecord, type NewRefund } from '../model';

/** A fresh refund id: the database's push id, unique and sorted by time; also the provider's idempotency key. */
export async function newRefundId(): Promise<string> {
  return (await database()).newKey(refundPaths.requests);
}

/** Queues `refund` as `refundId` for staff member `by`; rejects when the rules refuse it. */
export async function queueRefund(refundId: string, refund: NewRefund, by: string): Promise<void> {
  const db = await database();
  await db.set(refundPaths.request(refundId), refundRequestRecord(refund, by, db.serverTime));
}
