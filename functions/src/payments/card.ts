/**
 * Card payments (docs/payments.md#card-payments): the buyer pays on the provider's hosted page; trusted code
 * believes only what it reads back from the provider, and confirms each payment at most once.
 *
 * - Starting: the order page's holder of the order's secret link asks to pay. Trusted code creates the provider's
 *   payment for what is still due, with our payment's reference as its idempotency key, and records it as a payment
 *   of the order at payments/{uid~orderId}/card-{n}, `pending`, with the provider's id. Asking again while it is open
 *   sends the buyer back to the same page.
 * - Confirming: a verified webhook, the buyer's return and the expiry job each only name a payment; it is read back
 *   from the provider, and once it is paid, one atomic update makes the record `confirmed` and takes the amount the
 *   provider says was paid into the order (settlePayment.ts). The rules let a record leave `pending` once, and each
 *   update bumps the summary's `v`, so a replayed webhook, or a webhook racing the return page, changes nothing.
 * - The hold's end: before an unpaid card order lapses, its open payments are closed at the provider, so nobody
 *   pays for stock that went back on sale; one paid meanwhile is confirmed instead, and one whose money is still on
 *   its way (a bank debit, `processing`) keeps the order held until it arrives or fails.
 */
import { paths } from '../../../src/firebase/paths';
import { deskKey } from '../../../src/features/orders/deskIndex';
import { balanceDue, parseOrderPayment } from '../../../src/features/payments/model/orderPayment';
import { cardAmountProblem, cardMinimum, type CardAmountProblem } from '../../../src/lib/money';
import { paymentPaths, type MarkOutcome } from '../../../src/features/payments/model/paymentRecords';
import { parsePaymentSettings } from '../../../src/features/payments/model/paymentSettings';
import { boughtNothing } from '../../../src/features/payments/model/refundRecords';
import { isRecord } from '../../../src/state/validation';
import {
  type CardPayment,
  type CardProvider,
  pageEnd,
  ProviderKeyConflict,
  ProviderRefused,
  ProviderUnavailable,
} from './provider';
import {
  type OrderOf,
  orderOfLink,
  paymentOf,
  type PaymentsDatabase,
  readForPayment,
  SERVER_TIME,
  settlePayment,
} from './settlePayment';
import {
  automaticRefundWrites,
  type CardRecord,
  cardRecords,
  cardReference,
  DEBIT_FAILED_NOTE,
  fieldWrites,
  flagged,
  flaggedWrites,
  newPayment,
  nextCardPaymentId,
  parseCardReference,
} from './cardRecords';

/** A page made with less than a minute of the hold left would only waste the buyer's time. */
const LEAST_HOLD_LEFT_MS = 60_000;
/** A hold with no end (it never lapses) asks the provider for its longest page; the adapter bounds it. */
const NO_HOLD_END_MS = 24 * 60 * 60_000;

/** Refused updates (the summary changed under the reading) are read and decided again this often. */
const TRIES = 3;

/** An order's payment summary as stored; null for no order, or one from before payments. */
const payOf = (order: unknown) => (isRecord(order) ? parseOrderPayment(order.pay) : null);

/** What the buyer's "Pay by card" is answered. */
export type StartAnswer =
  | { kind: 'redirect'; url: string }
  /** Nothing is owed any more (paid meanwhile, perhaps on the page they came back from). */
  | { kind: 'paid' }
  /** The order is not paid by card. */
  | { kind: 'not-card' }
  /** Its hold has ended (or is about to): it can no longer be paid. */
  | { kind: 'closed' }
  /** The order was cancelled: it cannot be paid. */
  | { kind: 'cancelled' }
  /** Another tap is starting the same payment this moment: ask again. */
  | { kind: 'busy' }
  /** Paid with a method whose money arrives later: nothing to pay now, and no second page to pay on. */
  | { kind: 'processing' }
  /**
   * The provider would refuse a card payment of what is due: below its least (`minimum`, in minor units), in a
   * currency it does not take, or not a whole amount it takes; the order is to be paid another way.
   */
  | { kind: 'not-payable'; reason: CardAmountProblem; due: number; minimum: number | null; currency: string }
  | { kind: 'not-found' };

/** What became of a payment read back from the provider. */
type ConfirmAnswer =
  | MarkOutcome
  | { kind: 'open' }
  /** Its money is on its way: the record stays pending, the order held. */
  | { kind: 'processing' }
  /** Its money never came: the record failed, the order as unpaid as it was. */
  | { kind: 'failed' }
  | { kind: 'cancelled' }
  | { kind: 'unknown' }
  /** Paid, but not what the shop asked for: recorded for staff as a failed payment, and paying nothing. */
  | { kind: 'flagged' };

export interface CardPayments {
  /** The order's secret link holder asks to pay what is due by card. */
  start(secret: string): Promise<StartAnswer>;
  /** The buyer came back from the provider's page: their order's payments are read back, and confirmed if paid. */
  check(secret: string): Promise<{ kind: 'not-found' } | { kind: 'checked'; state: string }>;
  /** A payment the provider told us about (a verified webhook): read back, and confirmed if paid. */
  settle(providerId: string): Promise<ConfirmAnswer>;
  /**
   * Before a card order lapses or is cancelled: closes its open payments at the provider, recording one paid at the
   * last moment. 'paid' when one was (or is still open), 'processing' when one's money is still on its way (the
   * order must not lapse: it is held until the money arrives or fails), 'unavailable' when the provider cannot say:
   * the order must then not close yet.
   */
  closeOpenPayments(target: OrderOf): Promise<'closed' | 'paid' | 'processing' | 'unavailable'>;
}

export interface CardSettings {
  /** The shop's address, where the provider sends the buyer back (docs/payments.md#card-payments). */
  shopUrl: string;
  /** Applies queued refunds now (refunds.ts): one trusted code queued for card money that bought nothing. */
  applyRefunds?: () => Promise<unknown>;
  now?: () => number;
}

export function cardPayments(db: PaymentsDatabase, provider: CardProvider, settings: CardSettings): CardPayments {
  const now = settings.now ?? Date.now;

  /** Applies what the provider says of our payment `paymentId` of `target`, once. */
  async function confirm(target: OrderOf, paymentId: string, payment: CardPayment): Promise<ConfirmAnswer> {
    const key = deskKey(target.uid, target.order);
    const ownPath = paymentPaths.payment(key, paymentId);
    // A provider payment naming our payment but not the one we made for it gets a record of its own, to flag.
    const foreignPath = paymentPaths.payment(key, `${paymentId}-${payment.id}`);
    for (let tries = 0; tries < TRIES; tries++) {
      const reading = await readForPayment(db, target, [ownPath, foreignPath, paths.paymentSettings]);
      const own = reading.more.get(ownPath);
      const foreign = isRecord(own) && typeof own.session === 'string' && own.session !== payment.id;
      const recordPath = foreign ? foreignPath : ownPath;
      const record = reading.more.get(recordPath);
      const recorded = isRecord(record) ? record.state : null;
      if (recorded === 'confirmed') return { kind: 'already' };
      if (payment.state === 'paid') {
        const pay = paymentOf(reading);
        const settled = settlePayment(target, payment.amountMinor, reading);
        if (!settled || !pay) {
          console.error(
            `card payment ${payment.id}: paid for an order that is gone (${cardReference(target, paymentId)})`,
          );
          return { kind: 'not-found' };
        }
        // Money that is not what this shop asked for (another amount or currency, or a payment it never started)
        // is recorded, flagged for staff, and pays nothing (docs/payments.md#card-payments).
        const flag = flagged(record, payment, pay.currency);
        if (flag !== null) {
          if (recorded !== 'pending' && recorded !== null) {
            console.error(`card payment ${payment.id}: paid, but its record is ${String(recorded)}: ${flag}`);
            return { kind: 'flagged' };
          }
          try {
            await db.update(flaggedWrites(recordPath, recorded === 'pending', payment, pay.currency, flag));
          } catch (error) {
            // Refused: another delivery of the same event flagged it a moment before (the record is then there).
            if (!db.isRefusal(error)) throw error;
          }
          return { kind: 'flagged' };
        }
        // Money that buys nothing goes back to the card at once when the organiser asks for it: a refund queued in the
        // same update, as staff would queue it, naming this payment's charge (docs/payments.md#payment-settings).
        const autoRefund = parsePaymentSettings(reading.more.get(paths.paymentSettings)).card.autoRefund;
        const refund = autoRefund && payment.charge ? boughtNothing(settled.outcome, payment.amountMinor) : 0;
        const update = {
          ...settled.writes,
          ...fieldWrites(recordPath, {
            state: 'confirmed',
            session: payment.id,
            ...(payment.charge ? { charge: payment.charge } : {}),
          }),
          ...automaticRefundWrites(target, paymentId, refund),
        };
        try {
          await db.update(update);
          if (refund > 0) await settings.applyRefunds?.();
          return settled.outcome;
        } catch (error) {
          if (!db.isRefusal(error)) throw error;
          continue;
        }
      }
      if (payment.state === 'open') return { kind: 'open' };
      if (payment.state === 'processing') return { kind: 'processing' };
      if (payment.state === 'failed') {
        if (recorded !== 'pending') return { kind: 'failed' };
        try {
          await db.update(fieldWrites(recordPath, { state: 'failed', session: payment.id, note: DEBIT_FAILED_NOTE }));
          return { kind: 'failed' };
        } catch (error) {
          if (!db.isRefusal(error)) throw error;
          continue;
        }
      }
      if (recorded !== 'pending') return { kind: 'cancelled' };
      try {
        await db.update({ [`${recordPath}/state`]: 'cancelled' });
        return { kind: 'cancelled' };
      } catch (error) {
        if (!db.isRefusal(error)) throw error;
      }
    }
    throw new Error(`card payment ${payment.id} could not be recorded: try again`);
  }

  /**
   * A pending record with no provider id: the provider was asked, and its answer never came (it hung past our
   * timeout, or the process stopped). Asked again with the same key and the same details, the provider answers with
   * the payment the first asking made, or makes it now; either way the record learns its id, so the payment can be
   * sent to, read back and closed like any other (docs/payments.md#card-payments). A provider that refuses the asking
   * now made nothing then (it keeps only what it did): the record fails. Null when there is no payment to follow.
   */
  async function learnSession(target: OrderOf, record: CardRecord): Promise<string | null> {
    const recordPath = paymentPaths.payment(deskKey(target.uid, target.order), record.id);
    const orderPath = paths.order(target.uid, target.order);
    const order = (await db.readAll([orderPath])).get(orderPath);
    const pay = payOf(order);
    const give = async (note: string) => {
      await db.update(fieldWrites(recordPath, { state: 'failed', note })).catch((error: unknown) => {
        if (!db.isRefusal(error)) throw error;
      });
      return null;
    };
    if (!isRecord(order) || !pay || record.amount === null || record.expires === null) {
      return give('The card provider never answered, and its payment cannot be asked for again.');
    }
    const asked = { amount: record.amount, currency: pay.currency, expires: record.expires };
    try {
      const created = await provider.createPayment(newPayment(settings.shopUrl, target, order, record.id, asked));
      await db.update({ [`${recordPath}/session`]: created.id });
      return created.id;
    } catch (error) {
      if (error instanceof ProviderKeyConflict) return give('The card provider refused its reference.');
      if (error instanceof ProviderRefused) return give('The card provider never made this payment.');
      throw error;
    }
  }

  /** Reads back every pending card payment of the order and applies what the provider says. */
  async function settleAll(target: OrderOf, records: readonly CardRecord[], close: boolean) {
    const answers: { record: CardRecord; payment: CardPayment | null; answer: ConfirmAnswer }[] = [];
    for (const record of records) {
      if (record.state !== 'pending') continue;
      const session = record.session ?? (await learnSession(target, record));
      if (!session) continue;
      const payment = close ? await provider.cancelPayment(session) : await provider.readPayment(session);
      const answer = payment ? await confirm(target, record.id, payment) : { kind: 'unknown' as const };
      answers.push({ record, payment, answer });
    }
    return answers;
  }

  return {
    async start(secret) {
      const target = await orderOfLink(db, secret);
      if (!target) return { kind: 'not-found' };
      const key = deskKey(target.uid, target.order);
      const orderPath = paths.order(target.uid, target.order);
      const first = await db.readAll([orderPath, paymentPaths.payments(key)]);
      const read = first.get(orderPath);
      if (!payOf(read) || !isRecord(read)) return { kind: 'not-found' };
      const records = cardRecords(first.get(paymentPaths.payments(key)));
      // Nothing can be bought for an order staff cancelled: its open card pages are closed (one paid meanwhile is
      // recorded, to be refunded) and no new one is made (docs/payments.md#the-order-lifecycle).
      if (read.status === 'cancelled') {
        await settleAll(target, records, true);
        return { kind: 'cancelled' };
      }
      // One still open is where the buyer goes again; one paid meanwhile is confirmed now; one whose money is on its
      // way is waited for, not paid twice.
      const settled = await settleAll(target, records, false);
      if (settled.some(({ payment }) => payment?.state === 'processing')) return { kind: 'processing' };
      for (const { payment } of settled) {
        if (payment?.state === 'open' && payment.url) return { kind: 'redirect', url: payment.url };
      }
      // What settling found is in the order now; with nothing to settle, the first reading stands.
      const order = settled.length > 0 ? (await db.readAll([orderPath])).get(orderPath) : first.get(orderPath);
      const pay = payOf(order);
      if (!pay || !isRecord(order)) return { kind: 'not-found' };
      if (pay.method !== 'card') return { kind: 'not-card' };
      const due = balanceDue(pay);
      if (pay.state === 'paid' || due === 0) return { kind: 'paid' };
      const at = now();
      if (pay.state !== 'pending' || (pay.until !== null && pay.until - at < LEAST_HOLD_LEFT_MS))
        return { kind: 'closed' };
      // Asked anyway, the provider would refuse it: the buyer is told why, and nothing is recorded.
      const problem = cardAmountProblem(due, pay.currency);
      if (problem) {
        const minimum = cardMinimum(pay.currency);
        return { kind: 'not-payable', reason: problem, due, minimum, currency: pay.currency };
      }
      const paymentId = nextCardPaymentId(records);
      const recordPath = paymentPaths.payment(key, paymentId);
      const asked = { amount: due, currency: pay.currency, expires: pageEnd(pay.until ?? at + NO_HOLD_END_MS, at) };
      // Recorded before the provider is asked, so that only one caller ever asks with this reference (its
      // idempotency key): a second tap at the same moment is refused here and asked to try again. The record keeps
      // what is asked, so that an asking whose answer never comes can be made again the same (`learnSession`).
      try {
        await db.update({
          [recordPath]: {
            method: 'card',
            amount: due,
            currency: pay.currency,
            expires: asked.expires,
            state: 'pending',
            created: SERVER_TIME,
          },
        });
      } catch (error) {
        if (db.isRefusal(error)) return { kind: 'busy' };
        throw error;
      }
      let created: { id: string; redirectUrl: string };
      try {
        created = await provider.createPayment(newPayment(settings.shopUrl, target, order, paymentId, asked));
      } catch (error) {
        // No answer (the provider down, or hanging past our timeout) may still have made a payment: the record stays
        // pending with no id, and is asked for again with the same key when next looked at. A key the provider
        // already used for other details (docs/payments.md#card-payments) is given up with its record; the next tap
        // asks with the next number. A refusal made nothing.
        if (!(error instanceof ProviderUnavailable)) {
          const note = error instanceof ProviderKeyConflict ? { note: 'The card provider refused its reference.' } : {};
          await db.update(fieldWrites(recordPath, { state: 'failed', ...note })).catch(() => undefined);
        }
        throw error;
      }
      await db.update({ [`${recordPath}/session`]: created.id });
      return { kind: 'redirect', url: created.redirectUrl };
    },

    async check(secret) {
      const target = await orderOfLink(db, secret);
      if (!target) return { kind: 'not-found' };
      const key = deskKey(target.uid, target.order);
      const read = await db.readAll([paymentPaths.payments(key)]);
      await settleAll(target, cardRecords(read.get(paymentPaths.payments(key))), false);
      const orderPath = paths.order(target.uid, target.order);
      const pay = payOf((await db.readAll([orderPath])).get(orderPath));
      return pay ? { kind: 'checked', state: pay.state } : { kind: 'not-found' };
    },

    async settle(providerId) {
      const payment = await provider.readPayment(providerId);
      const ours = parseCardReference(payment?.paymentId ?? null);
      if (!payment || !ours) return { kind: 'unknown' };
      return confirm(ours, ours.paymentId, payment);
    },

    async closeOpenPayments(target) {
      const key = deskKey(target.uid, target.order);
      const read = await db.readAll([paymentPaths.payments(key)]);
      try {
        const answers = await settleAll(target, cardRecords(read.get(paymentPaths.payments(key))), true);
        const paid = answers.some(({ payment }) => payment?.state === 'paid' || payment?.state === 'open');
        if (paid) return 'paid';
        return answers.some(({ payment }) => payment?.state === 'processing') ? 'processing' : 'closed';
      } catch (error) {
        // The provider cannot say: the order waits rather than close with a payment under way.
        if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) {
          console.error(`closing card payments of ${key}:`, error.message);
          return 'unavailable';
        }
        throw error;
      }
    },
  };
}
