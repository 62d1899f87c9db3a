/**
 * The gift cards an order issued, as its emails and its page show them (docs/gift-cards.md#selling-them): read by
 * trusted code from the order's list (giftCardsOf) and each card, since the rules let no buyer read a card.
 */
import { giftCardPaths, parseGiftCard } from '../../../src/features/giftcards/model/giftCard';
import type { IssuedCard } from '../../../src/features/giftcards/model/issuedCard';
import { isRecord } from '../../../src/state/validation';
import { issuedCardsPath } from './issue';

/**
 * The cards the order issued, in the order of its lines and units; none before it is paid. A card that cannot be
 * read is left out (and logged) rather than shown with a guessed balance.
 */
export async function readIssuedCards(
  read: (path: string) => Promise<unknown>,
  uid: string,
  orderId: string,
): Promise<IssuedCard[]> {
  const listed = await read(issuedCardsPath(uid, orderId));
  if (!isRecord(listed)) return [];
  const entries = Object.entries(listed).flatMap(([code, entry]) =>
    isRecord(entry) && typeof entry.line === 'string' && typeof entry.n === 'number'
      ? [{ code, line: entry.line, n: entry.n }]
      : [],
  );
  entries.sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : a.n - b.n));
  const cards = await Promise.all(
    entries.map(async ({ code }) => {
      const card = parseGiftCard(code, await read(giftCardPaths.card(code)));
      if (!card) console.error(`gift card ${code.slice(0, 4)}… of order ${orderId} cannot be read`);
      return card;
    }),
  );
  return cards.flatMap((card) =>
    card
      ? [{ code: card.code, currency: card.currency, value: card.value, balance: card.balance, expires: card.expires }]
      : [],
  );
}
