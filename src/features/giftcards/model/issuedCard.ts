/**
 * A gift card an order issued, as its buyer is shown it (docs/gift-cards.md#selling-them): on the order page and in
 * its emails, from trusted code, since the rules let no buyer read a card.
 */
import { storedMinor } from '../../../lib/money';
import { isRecord } from '../../../state/validation';
import { STORED_GIFT_CARD_CODE } from './giftCard';

export interface IssuedCard {
  /** In its stored form (displayGiftCardCode gives the form people read). */
  code: string;
  currency: string;
  value: number;
  /** What was left when it was read. */
  balance: number;
  /** Epoch ms; null when it never expires. */
  expires: number | null;
}

/** The cards in an answer (or what this device kept of one); an entry that is not a card is left out. */
export function parseIssuedCards(raw: unknown): IssuedCard[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry): IssuedCard[] => {
    if (!isRecord(entry)) return [];
    const { code, currency } = entry;
    const value = storedMinor(entry.value);
    const balance = storedMinor(entry.balance);
    if (typeof code !== 'string' || !STORED_GIFT_CARD_CODE.test(code)) return [];
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || value === null || balance === null) return [];
    return [{ code, currency, value, balance, expires: storedMinor(entry.expires) }];
  });
}
