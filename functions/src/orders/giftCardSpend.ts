/**
 * Paying with a gift card in the allocator's batch (docs/gift-cards.md#paying-with-one): the cards a batch's requests
 * name are read with its products; each order takes what is due, or all the card has if that is less, in the batch's
 * one update: the card's `spent` movement, the order's confirmed `giftcard` payment and what it paid. The rules take
 * one movement of a card per update, so a batch ends before a second request that names a card it has already moved
 * (settle.ts); the next batch reads the card again.
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import {
  giftCardPaths,
  movementWrites,
  parseGiftCard,
  unusableReason,
  type GiftCard,
  type UnusableReason,
} from '../../../src/features/giftcards/model/giftCard';
import { paymentPaths } from '../../../src/features/payments/model/paymentRecords';

/** The one payment of an order taken from a gift card as it is placed. */
export const GIFT_CARD_PAYMENT = 'giftcard-1';

/** The movement of a card that paid order `key` (uid~orderId): named by the order, so the rules can find it. */
const spentMovement = (key: string) => `spent-${key}`;

/** The paths of the cards `codes` names. */
export const cardPaths = (codes: readonly string[]) => codes.map(giftCardPaths.card);

/** The cards as read at `cardPaths(codes)`; null for none by that code, or one that cannot be vouched for. */
export function readCards(
  codes: readonly string[],
  stored: ReadonlyMap<string, unknown>,
): Map<string, GiftCard | null> {
  return new Map(codes.map((code) => [code, parseGiftCard(code, stored.get(giftCardPaths.card(code)) ?? null)]));
}

/** What a card does for an order due `due` (minor units) in `currency` at `now`: why it cannot pay, or what it takes. */
export function giftCardPart(
  card: GiftCard | null,
  currency: string,
  due: number,
  now: number,
): { reason: UnusableReason } | { take: number } {
  const reason = unusableReason(card, currency, now);
  return reason ? { reason } : { take: Math.min(card!.balance, due) };
}

/** The writes that take `take` of `card` for order `orderId` of `uid`: the movement and the order's payment. */
export function giftCardSpendWrites(
  card: GiftCard,
  uid: string,
  orderId: string,
  take: number,
  serverTime: object,
): Record<string, unknown> {
  const key = deskKey(uid, orderId);
  return {
    ...movementWrites(card, spentMovement(key), { amount: -take, kind: 'spent', order: key }, serverTime),
    [paymentPaths.payment(key, GIFT_CARD_PAYMENT)]: {
      method: 'giftcard',
      amount: take,
      currency: card.currency,
      state: 'confirmed',
      card: card.code,
      created: serverTime,
    },
  };
}
