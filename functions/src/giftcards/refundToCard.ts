/**
 * Refunds to a gift card, as staff choose (docs/gift-cards.md#refunds-to-a-gift-card): back to the card that paid the
 * order (a `returned` movement named by the refund), or to a new card issued for the amount, whose code the refund's
 * email carries. Written `done` with the refund's record in one update; the rules take the record only beside that
 * movement, or that new card, of the same amount.
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import {
  giftCardPaths,
  movementWrites,
  newGiftCardRecord,
  parseGiftCard,
} from '../../../src/features/giftcards/model/giftCard';
import { SERVER_TIME } from '../payments/settlePayment';

interface ToCard {
  uid: string;
  order: string;
  amount: number;
  way: 'giftcard' | 'new-giftcard';
}

/**
 * The writes that give `request.amount` to a gift card for refund `refundId` of an order in `currency`, and the card's
 * code; null when it is to go back to the paying card and there is none that can be read (`card` as read).
 */
export function toCardWrites(
  refundId: string,
  request: ToCard,
  currency: string,
  card: { code: string; raw: unknown } | null,
  newCode: () => string,
): { code: string; writes: Record<string, unknown> } | null {
  const key = deskKey(request.uid, request.order);
  if (request.way === 'new-giftcard') {
    const code = newCode();
    const from = { uid: request.uid, order: request.order, line: `refund-${refundId}`, n: 0 };
    return {
      code,
      writes: {
        [giftCardPaths.card(code)]: newGiftCardRecord(
          { currency, value: request.amount, expires: null, from },
          SERVER_TIME,
        ),
      },
    };
  }
  const paying = card ? parseGiftCard(card.code, card.raw) : null;
  if (!paying || paying.currency !== currency) return null;
  const movement = { amount: request.amount, kind: 'returned' as const, order: key };
  return { code: paying.code, writes: movementWrites(paying, `returned-${refundId}`, movement, SERVER_TIME) };
}
