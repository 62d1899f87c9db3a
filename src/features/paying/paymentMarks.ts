import { isPermissionDenied, updateFromRoot } from '../../firebase/database';
import { markRecord, paymentPaths, PAYMENT_MARKS_ENDPOINT } from '../orders';

/** Long enough for trusted code to apply a short queue; the answer itself comes through the database. */
const NUDGE_TIMEOUT_MS = 10_000;

/**
 * Queues a payment taken at the door (docs/payments.md#the-door) under `markId` for staff member `by` and asks
 * trusted code to apply the queue now. Offline, the write waits in the SDK; the door sends it again with its scan
 * until it arrives. A mark the rules refuse because the same id was queued or answered before was applied
 * already: that is not an error.
 */
export async function queuePaymentMark(
  markId: string,
  mark: Parameters<typeof markRecord>[0],
  by: string,
): Promise<void> {
  try {
    await updateFromRoot((at) => ({ [paymentPaths.mark(markId)]: markRecord(mark, by, at) }));
  } catch (error) {
    if (!isPermissionDenied(error)) throw error;
  }
  await fetch(PAYMENT_MARKS_ENDPOINT, { method: 'POST', signal: AbortSignal.timeout(NUDGE_TIMEOUT_MS) }).catch(
    () => undefined,
  );
}
