/**
 * The minute job of unpaid orders (docs/payments.md#the-hold): lapsed holds expire (expiry.ts), bank transfers due
 * within a day are reminded (reminders.ts), and the run is noted at jobRuns/holds for the desk, which says when the
 * job last ran, so that an organiser sees a job that stopped (a scheduler not set up, a function failing).
 */
import { HOLDS_JOB_PATH } from '../../../src/features/payments/model/paymentRecords';
import type { CardPayments } from './card';
import { expireHolds, type ExpiryReport, type HoldsDatabase } from './expiry';
import { remindTransfers, type RemindersDatabase } from './reminders';
import { SERVER_TIME } from './settlePayment';

export async function runHoldsJob(
  db: HoldsDatabase & RemindersDatabase,
  now: number,
  cards?: Pick<CardPayments, 'closeBeforeLapse'>,
): Promise<ExpiryReport & { reminded: number }> {
  const expiry = await expireHolds(db, now, cards);
  const reminded = await remindTransfers(db, now);
  await db.update({ [HOLDS_JOB_PATH]: { at: SERVER_TIME, expired: expiry.expired, reminded } });
  return { ...expiry, reminded };
}
