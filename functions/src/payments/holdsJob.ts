/**
 * The minute job of unpaid orders (docs/payments.md#the-hold): cancels staff queued and no desk has had applied yet
 * are applied (cancel.ts, so that their places come back even when the desk that asked was closed), lapsed holds
 * expire (expiry.ts), bank transfers due within a day are reminded (reminders.ts), refunds left queued are applied
 * (refunds.ts: one asked while the card provider was away, or queued by trusted code for card money that bought
 * nothing), what staff asked of gift cards and no desk had applied (giftcards/deskRequests.ts), places held by
 * vouchers that no longer hold go back on sale (vouchers/heldPlaces.ts), what staff asked of the waiting list and no
 * desk had applied (waitinglist/deskRequests.ts), places that came back are offered to the people waiting
 * (waitinglist/offers.ts), vouchers staff made on the desk that hold places and no desk had applied are made
 * (vouchers/deskRequests.ts), and the run is noted at jobRuns/holds for the desk, which says when the job last ran, so
 * that an organiser sees a job that stopped (a scheduler not set up, a function failing).
 */
import { HOLDS_JOB_PATH } from '../../../src/features/payments/model/paymentRecords';
import { cancelApplier, type CancelsDatabase } from './cancel';
import type { CardPayments } from './card';
import { expireHolds, type ExpiryReport, type HoldsDatabase } from './expiry';
import type { RefundsReport } from './refunds';
import { remindTransfers, type RemindersDatabase } from './reminders';
import { SERVER_TIME } from './settlePayment';
import { releaseHolds } from '../vouchers/heldPlaces';
import { offerReturnedPlaces } from '../waitinglist/offers';

export async function runHoldsJob(
  db: HoldsDatabase & RemindersDatabase & CancelsDatabase,
  now: number,
  cards?: Pick<CardPayments, 'closeOpenPayments'>,
  applyRefunds?: () => Promise<RefundsReport>,
  applyGiftCardRequests?: () => Promise<unknown>,
  applyWaitingListRequests?: () => Promise<unknown>,
  applyVoucherRequests?: () => Promise<unknown>,
): Promise<
  ExpiryReport & { reminded: number; cancelled: number; refunded: number; released: number; offered: number }
> {
  const cancels = await cancelApplier(db, cards)();
  const expiry = await expireHolds(db, now, cards);
  // After the lapses: places an order held of a voucher go back to it first, then what it holds to public sale.
  const holds = await releaseHolds(db, now);
  // What staff asked of the waiting list and no desk had applied, before the offers: one they took off the list is
  // then not offered, and one they offered holds its places (waitinglist/deskRequests.ts).
  await applyWaitingListRequests?.();
  // Then the places that came back are offered to the people waiting, before the public.
  const offers = await offerReturnedPlaces(db, now);
  // Staff's holds no desk had applied, once those waiting were offered what came back: a hold takes only what the
  // public could buy (vouchers/deskRequests.ts).
  await applyVoucherRequests?.();
  const reminded = await remindTransfers(db, now);
  const refunds = applyRefunds ? await applyRefunds() : null;
  await applyGiftCardRequests?.();
  await db.update({ [HOLDS_JOB_PATH]: { at: SERVER_TIME, expired: expiry.expired, reminded } });
  const refunded = Object.values(refunds?.applied ?? {}).reduce((sum, count) => sum + count, 0);
  return {
    ...expiry,
    reminded,
    cancelled: cancels.applied.cancelled ?? 0,
    refunded,
    released: holds.places,
    offered: offers.offered,
  };
}
