/**
 * Whom an order's gift cards are for, when the buyer names someone (docs/gift-cards.md#selling-them): their name,
 * their email address, and a message from the buyer. Asked at checkout, kept on the order, and used by trusted code to
 * mail the cards to them once the order is paid, in the order's language.
 */
import { isRecord } from '../../../state/validation';
import { EMAIL_PATTERN } from '../../../lib/emailPattern';

export const GIFT_NAME_MAX = 200;
export const GIFT_MESSAGE_MAX = 500;
/** The same pattern as the rules' for every stored address. */

export interface GiftRecipient {
  name: string;
  email: string;
  /** Empty when the buyer wrote none. */
  message: string;
}

/** Whether `email` is an address the rules take. */
export const isGiftAddress = (email: string): boolean => email.length <= 254 && EMAIL_PATTERN.test(email);

/** A stored or queued recipient; null when there is none or it is not one. */
export function parseGiftRecipient(raw: unknown): GiftRecipient | null {
  if (!isRecord(raw)) return null;
  const { name, email, message } = raw;
  if (typeof name !== 'string' || name.trim() === '' || name.length > GIFT_NAME_MAX) return null;
  if (typeof email !== 'string' || !isGiftAddress(email)) return null;
  if (message !== undefined && (typeof message !== 'string' || message.length > GIFT_MESSAGE_MAX)) return null;
  return { name, email, message: typeof message === 'string' ? message : '' };
}

/** The recipient as a request and an order store it: trimmed, without an empty message. */
export function giftRecipientRecord(recipient: GiftRecipient): Record<string, string> {
  const message = recipient.message.trim();
  return { name: recipient.name.trim(), email: recipient.email.trim(), ...(message ? { message } : {}) };
}
