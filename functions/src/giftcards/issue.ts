/**
 * Issuing the gift cards an order bought (docs/gift-cards.md#selling-them): once the order is paid, one card per unit
 * of each gift card line, worth the line's price in the order's currency, valid for the line's months or for ever,
 * in the update that makes the order paid (settlePayment.ts, or the allocator's batch for an order paid as it is
 * placed). Which cards an order issued is kept at giftCardsOf/{uid~orderId}, written once: the rules refuse a second
 * issuing of the same order.
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import { giftCardPaths, newGiftCardCode, newGiftCardRecord } from '../../../src/features/giftcards/model/giftCard';
import { parseGiftRecipient } from '../../../src/features/giftcards/model/giftRecipient';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { toMinorUnits } from '../../../src/lib/money';
import { isRecord } from '../../../src/state/validation';

/** Where the cards an order issued are listed: code to the line and unit that bought it, and its value. */
export const issuedCardsPath = (uid: string, orderId: string) => `giftCardsOf/${deskKey(uid, orderId)}`;

/** `months` calendar months after `at` (epoch ms), on UTC's calendar: a card bought on 31 January lasts to 28 February. */
export function monthsAfter(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/**
 * The writes that issue the cards of an order's stored `items`, paid in `currency`, at `now`: the cards and the
 * order's list of them. None when no line is a gift card (or one is worth nothing).
 */
export function issueWrites(
  uid: string,
  orderId: string,
  items: unknown,
  currency: string,
  now: number,
  serverTime: object,
  newCode: () => string = newGiftCardCode,
): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  const issued: Record<string, { line: string; n: number; value: number }> = {};
  for (const [line, item] of Object.entries(isRecord(items) ? items : {})) {
    if (!isRecord(item) || item.giftCard !== true) continue;
    const { price, quantity, giftCardMonths: months } = item;
    if (typeof price !== 'number' || typeof quantity !== 'number') continue;
    const value = toMinorUnits(price, currency);
    if (value < 1) continue;
    const expires = typeof months === 'number' ? monthsAfter(now, months) : null;
    for (let n = 0; n < quantity; n++) {
      const code = newCode();
      writes[giftCardPaths.card(code)] = newGiftCardRecord(
        { currency, value, expires, from: { uid, order: orderId, line, n } },
        serverTime,
      );
      issued[code] = { line, n, value };
    }
  }
  if (Object.keys(issued).length > 0) writes[issuedCardsPath(uid, orderId)] = issued;
  return writes;
}

/**
 * The email that takes an order's gift cards to whom the buyer named at checkout (`order.gift`, as stored), queued
 * with the cards' issue; none when the buyer named nobody, or the order issued no card (`issued`, issueWrites's).
 */
export function recipientMailWrites(
  uid: string,
  orderId: string,
  order: unknown,
  issued: Record<string, unknown>,
  serverTime: object,
): Record<string, unknown> {
  const recipient = parseGiftRecipient(isRecord(order) ? order.gift : null);
  if (!recipient || !(issuedCardsPath(uid, orderId) in issued)) return {};
  return queuedMail(
    `${orderId}-giftcards`,
    { uid, order: orderId, kind: 'giftcards', to: recipient.email },
    serverTime,
  );
}
