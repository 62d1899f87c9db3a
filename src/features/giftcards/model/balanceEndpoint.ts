/**
 * The balance endpoint (docs/gift-cards.md#the-balance-page-and-guessing): its path and what it answers, shared by
 * trusted code (functions/src/giftcards/balance.ts) and the app's client (giftcards/balance.ts).
 */
import type { MovementKind } from './giftCard';

/** POST {code}: a card's balance and movements, in the same shape whether or not the card exists. */
export const GIFT_CARD_BALANCE_ENDPOINT = '/api/giftcards/balance';

/**
 * The endpoint's 200 answer. For a code that is no card: `found` false, `currency` null, amounts 0, no movements.
 * Movements carry only when, how much and which kind: never the order, the uid or staff's note.
 */
export interface GiftCardBalanceAnswer {
  found: boolean;
  /** The code as people read it (four groups of four). */
  code: string;
  currency: string | null;
  balance: number;
  value: number;
  /** When it can no longer be spent (epoch ms); null when it never expires, or there is no card. */
  expires: number | null;
  expired: boolean;
  /** Oldest first. */
  movements: { at: number; amount: number; kind: MovementKind }[];
}
