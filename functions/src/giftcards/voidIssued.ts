/**
 * Cancelling an order that issued gift cards (docs/gift-cards.md#cancelling-an-order-that-issued-cards): as pretix
 * does, the cards go with the order, each voided in the update that cancels it, so the money paid for them can be
 * refunded without the cards still being spendable. A card already spent, in whole or in part, has bought something
 * with the order's money: the order is then not cancelled at all, and staff refund what is owed without cancelling.
 */
import type { DeskEntry } from '../../../src/features/orders/deskIndex';
import { deskKey } from '../../../src/features/orders/deskIndex';
import { giftCardPaths, movementWrites, parseGiftCard } from '../../../src/features/giftcards/model/giftCard';
import { isRecord } from '../../../src/state/validation';
import { SERVER_TIME } from '../payments/settlePayment';
import { issuedCardsPath } from './issue';

type Entry = Pick<DeskEntry, 'uid' | 'order'>;

/** Where cancelling looks for the cards the order issued: read first, then issuedCardPaths. */
export const issuedListPath = (entry: Entry) => issuedCardsPath(entry.uid, entry.order);

/** The cards to read once the list at issuedListPath has been read. */
export function issuedCardPaths(entry: Entry, reads: ReadonlyMap<string, unknown>): string[] {
  const listed = reads.get(issuedListPath(entry));
  return isRecord(listed) ? Object.keys(listed).map((code) => giftCardPaths.card(code)) : [];
}

/**
 * The writes that void every card the order issued, as read in `reads`; null when one has been spent or cannot be
 * read (and so cannot be vouched unspent): the order must then not be cancelled.
 */
export function voidIssuedWrites(entry: Entry, reads: ReadonlyMap<string, unknown>): Record<string, unknown> | null {
  const listed = reads.get(issuedListPath(entry));
  const key = deskKey(entry.uid, entry.order);
  const writes: Record<string, unknown> = {};
  for (const code of isRecord(listed) ? Object.keys(listed) : []) {
    const card = parseGiftCard(code, reads.get(giftCardPaths.card(code)));
    if (!card || card.balance !== card.value) return null;
    Object.assign(
      writes,
      movementWrites(card, `voided-${key}`, { amount: -card.balance, kind: 'voided', order: key }, SERVER_TIME),
    );
  }
  return writes;
}
