/**
 * The shop's gift cards as the desk lists and exports them (docs/gift-cards.md#on-the-desk): every card read from
 * giftCards (staff read them all), newest first; a record that cannot be read is counted apart, never guessed at.
 */
import { isRecord } from '../../../state/validation';
import { toCsv } from '../../dashboardKit';
import { amountText } from '../../payments/model';
import { displayGiftCardCode, parseGiftCard, type GiftCard } from '../model';

export interface GiftCardList {
  cards: GiftCard[];
  /** Records under giftCards that are no card this app can vouch for. */
  damaged: string[];
}

export function giftCardList(raw: unknown): GiftCardList {
  const cards: GiftCard[] = [];
  const damaged: string[] = [];
  for (const [code, stored] of Object.entries(isRecord(raw) ? raw : {})) {
    const card = parseGiftCard(code, stored);
    if (card) cards.push(card);
    else damaged.push(code);
  }
  cards.sort((a, b) => b.issued - a.issued || (a.code < b.code ? -1 : 1));
  return { cards, damaged };
}

/** Whether `card` is one staff look for by `query` (part of its code, however typed). */
export function matchesCode(card: GiftCard, query: string): boolean {
  const typed = query.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return typed === '' || card.code.includes(typed);
}

/** Where a card came from, for its file: the order's desk key, or the staff member who issued it. */
const origin = (card: GiftCard) =>
  !card.from ? '' : 'by' in card.from ? `staff:${card.from.by}` : `${card.from.uid}~${card.from.order}`;

/** Every card as CSV, one row each, amounts as plain numbers in their currency, dates as ISO 8601 (UTC). */
export function giftCardsCsv(cards: readonly GiftCard[]): string {
  const amount = (minor: number, currency: string) => amountText(minor, currency, 'en-GB');
  const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());
  return toCsv(
    ['code', 'currency', 'value', 'balance', 'issued', 'expires', 'from', 'movements'],
    cards.map((card) => [
      displayGiftCardCode(card.code),
      card.currency,
      amount(card.value, card.currency),
      amount(card.balance, card.currency),
      iso(card.issued),
      iso(card.expires),
      origin(card),
      card.movements.length,
    ]),
  );
}

/** The file's name: the shop's gift cards on the day it was made. */
export const giftCardsFileName = (now: number) => `gift-cards-${new Date(now).toISOString().slice(0, 10)}.csv`;
