import { database } from '../../../firebase/database';
import { markRecord, paymentPaths, type MarkMethod } from '../model';

/**
 * Payments staff take by hand, queued for trusted code to apply (docs/payments.md#payments-staff-record): the one
 * place the desk and the door write a mark. The SDK keeps a mark written offline and sends it when the connection
 * is back.
 */
export interface NewMark {
  uid: string;
  order: string;
  amount: number;
  method: MarkMethod;
  note?: string;
  source?: string;
}

/** A fresh mark id: the database's push id, unique and sorted by time. */
export async function newMarkId(): Promise<string> {
  return (await database()).newKey(paymentPaths.marks);
}

/**
 * Queues `mark` as `markId` for staff member `by`. Resolves once the database has it; offline, the SDK keeps it and
 * this waits for the connection. Rejects when the rules refuse it (a mark of that id was queued or answered
 * before: a statement line applied already).
 */
export async function queueMark(markId: string, mark: NewMark, by: string): Promise<void> {
  const db = await database();
  await db.set(paymentPaths.mark(markId), markRecord(mark, by, db.serverTime));
}
