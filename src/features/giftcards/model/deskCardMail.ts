/**
 * A card issued by hand, emailed to whom staff name (docs/gift-cards.md#on-the-desk): their name, their address, a
 * message from the shop and the email's language. The desk's `issue` request carries it (`to`); trusted code keeps it
 * on the card (`giftCards/{code}/to`) and queues the email, kind `deskcard`, in the update that issues the card. The
 * rules hold the email's address to the request's and the card's, so nobody but trusted code sends one, and only to
 * the address staff named for a card issued in the same update. Pure: trusted code shares it.
 */
import { isShopLanguage, type ShopLanguage } from '../../../i18n/languages';
import { isRecord } from '../../../state/validation';
import { giftRecipientRecord, parseGiftRecipient, type GiftRecipient } from './giftRecipient';

/** The mail job's kind: an order's kinds are in orders/orderMail.ts; this one names a card, not an order. */
export const DESK_CARD_MAIL_KIND = 'deskcard';

export interface DeskCardRecipient extends GiftRecipient {
  /** The language the email is written in. */
  language: ShopLanguage;
}

/** A request's or a card's recipient; null when there is none or it is not one. */
export function parseDeskCardRecipient(raw: unknown): DeskCardRecipient | null {
  const recipient = parseGiftRecipient(raw);
  if (!recipient || !isRecord(raw) || !isShopLanguage(raw.language)) return null;
  return { ...recipient, language: raw.language };
}

/** The recipient as a request and a card store it: trimmed, without an empty message. */
export function deskCardRecipientRecord(recipient: DeskCardRecipient): Record<string, string> {
  return { ...giftRecipientRecord(recipient), language: recipient.language };
}

/** The email's id, fixed by the request that issued the card: one request queues one email. */
export const deskCardMessageId = (requestId: string): string => `${requestId}-card`;

/** Whom a stored card was emailed to, by code (the desk shows it on the card); cards without a recipient left out. */
export function deskCardRecipients(raw: unknown): Map<string, DeskCardRecipient> {
  const found = new Map<string, DeskCardRecipient>();
  for (const [code, card] of Object.entries(isRecord(raw) ? raw : {})) {
    const recipient = isRecord(card) ? parseDeskCardRecipient(card.to) : null;
    if (recipient) found.set(code, recipient);
  }
  return found;
}
