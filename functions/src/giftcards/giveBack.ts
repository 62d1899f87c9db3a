/**
 * Giving a gift card's money back as its order closes (docs/gift-cards.md#giving-it-back): an order a card paid in
 * whole or in part that lapses unpaid or that staff cancel returns what the card paid to that card, in the update
 * that closes it (expiry.ts, cancel.ts): the card's `returned` movement, a `done` refund of the order naming the card,
 * and the order's `refunded`. The caller bumps the summary's `v`, once, with the rest of its update.
 */
import { deskKey, type DeskEntry } from '../../../src/features/orders/deskIndex';
import { paths } from '../../../src/firebase/paths';
import { documentsWanted } from '../../../src/features/invoices/model/invoiceDocument';
import { giftCardPaths, movementWrites, parseGiftCard } from '../../../src/features/giftcards/model/giftCard';
import { parseOrderPayment } from '../../../src/features/payments/model/orderPayment';
import { paymentPaths } from '../../../src/features/payments/model/paymentRecords';
import { refundable, refundPaths } from '../../../src/features/payments/model/refundRecords';
import { isRecord } from '../../../src/state/validation';
import { GIFT_CARD_PAYMENT } from '../orders/giftCardSpend';
import { SERVER_TIME } from '../payments/settlePayment';

/** Where closing looks for a gift card that paid the order: read with the rest of readForClose (closeOrder.ts). */
export const giftCardPaymentPath = (entry: Pick<DeskEntry, 'uid' | 'order'>) =>
  paymentPaths.payment(deskKey(entry.uid, entry.order), GIFT_CARD_PAYMENT);

/** The card a gift card payment of the order names, from what was read at `giftCardPaymentPath`; null for none. */
function cardOfPayment(payment: unknown): string | null {
  return isRecord(payment) &&
    payment.method === 'giftcard' &&
    payment.state === 'confirmed' &&
    typeof payment.card === 'string'
    ? payment.card
    : null;
}

/** The card to read next, once the payment at giftCardPaymentPath has been read; none when no card paid. */
export function giftCardToRead(entry: Pick<DeskEntry, 'uid' | 'order'>, reads: ReadonlyMap<string, unknown>): string[] {
  const code = cardOfPayment(reads.get(giftCardPaymentPath(entry)));
  return code ? [giftCardPaths.card(code)] : [];
}

/**
 * The writes that give the card back what it paid for `order` (as read with its payment and card in `reads`), and
 * how much that is: never more than the order may still give back. Nothing when no card paid it, or when the card
 * cannot be read (the money then stays owed on the desk, for staff).
 */
export function giftCardBack(
  entry: Pick<DeskEntry, 'uid' | 'order'>,
  order: unknown,
  reads: ReadonlyMap<string, unknown>,
): { writes: Record<string, unknown>; amount: number } {
  const none = { writes: {}, amount: 0 };
  const payment = reads.get(giftCardPaymentPath(entry));
  const code = cardOfPayment(payment);
  const pay = isRecord(order) ? parseOrderPayment(order.pay) : null;
  if (!code || !pay || !isRecord(payment) || typeof payment.amount !== 'number') return none;
  const card = parseGiftCard(code, reads.get(giftCardPaths.card(code)));
  if (!card) {
    console.error(`gift card ${code} of order ${entry.uid}/${entry.order} cannot be read: its money is not given back`);
    return none;
  }
  const amount = Math.min(payment.amount, refundable(pay));
  if (amount <= 0) return none;
  const key = deskKey(entry.uid, entry.order);
  return {
    amount,
    writes: {
      ...movementWrites(card, `returned-${key}`, { amount, kind: 'returned', order: key }, SERVER_TIME),
      [refundPaths.refund(key, GIFT_CARD_PAYMENT)]: {
        way: 'giftcard',
        amount,
        currency: pay.currency,
        state: 'done',
        card: code,
        created: SERVER_TIME,
      },
      [`${paths.order(entry.uid, entry.order)}/pay/refunded`]: pay.refunded + amount,
      ...(pay.state === 'paid' ? documentsWanted(key, SERVER_TIME) : {}),
    },
  };
}
