/**
 * What staff do to gift cards (docs/gift-cards.md#on-the-desk): issue one by hand, or correct one's balance with a
 * note. Staff never write a card (the rules refuse them); the desk queues a request at giftCardRequests/{id}, which
 * the rules let only staff write and only as themselves, and trusted code (functions/src/giftcards/deskRequests.ts)
 * applies it in one update and answers at giftCardAnswers/{id}. The shapes both sides share.
 */
import { storedMinor } from '../../../lib/money';
import { isRecord } from '../../../state/validation';
import { deskCardRecipientRecord, parseDeskCardRecipient, type DeskCardRecipient } from './deskCardMail';
import { STORED_GIFT_CARD_CODE } from './giftCard';

export const giftCardDeskPaths = {
  requests: 'giftCardRequests',
  request: (id: string) => `giftCardRequests/${id}`,
  answer: (id: string) => `giftCardAnswers/${id}`,
} as const;

export { GIFT_CARD_DESK_ENDPOINT } from './deskEndpoint';

/** The longest note staff may give, as the rules hold it. */
export const GIFT_CARD_NOTE_MAX = 200;
/** The most a card issued by hand may be worth, or a correction may move, in minor units. */
export const GIFT_CARD_VALUE_MAX = 100_000_00;

export type GiftCardRequest =
  /** A new card worth `value` (minor units of `currency`), valid `months` or for ever (null), emailed `to` someone. */
  | {
      kind: 'issue';
      value: number;
      currency: string;
      months: number | null;
      note: string;
      by: string;
      to?: DeskCardRecipient;
    }
  /** Moves card `code`'s balance by `amount` (signed minor units), for the reason in `note`. */
  | { kind: 'correct'; code: string; amount: number; note: string; by: string };

/** The request as the desk writes it; `at` is the server's time. */
export const giftCardRequestRecord = (request: GiftCardRequest, at: object): Record<string, unknown> => ({
  ...request,
  ...(request.kind === 'issue' && request.to ? { to: deskCardRecipientRecord(request.to) } : {}),
  at,
});

const note = (raw: unknown) => (typeof raw === 'string' && raw.trim().length <= GIFT_CARD_NOTE_MAX ? raw.trim() : null);

export function parseGiftCardRequest(raw: unknown): GiftCardRequest | null {
  if (!isRecord(raw) || typeof raw.by !== 'string') return null;
  const why = note(raw.note);
  if (why === null) return null;
  if (raw.kind === 'issue') {
    const value = storedMinor(raw.value);
    const months = raw.months === undefined || raw.months === null ? null : storedMinor(raw.months);
    if (value === null || value < 1 || value > GIFT_CARD_VALUE_MAX) return null;
    if (typeof raw.currency !== 'string' || !/^[A-Z]{3}$/.test(raw.currency)) return null;
    if (months !== null && (months < 1 || months > 120)) return null;
    if (raw.months !== undefined && raw.months !== null && months === null) return null;
    const to = raw.to === undefined || raw.to === null ? null : parseDeskCardRecipient(raw.to);
    if (raw.to !== undefined && raw.to !== null && to === null) return null;
    return { kind: 'issue', value, currency: raw.currency, months, note: why, by: raw.by, ...(to ? { to } : {}) };
  }
  if (raw.kind === 'correct') {
    const { code, amount } = raw;
    if (typeof code !== 'string' || !STORED_GIFT_CARD_CODE.test(code)) return null;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount === 0) return null;
    if (Math.abs(amount) > GIFT_CARD_VALUE_MAX || why === '') return null;
    return { kind: 'correct', code, amount, note: why, by: raw.by };
  }
  return null;
}

/**
 * What became of a request: a card issued (its code), a card corrected (its balance now), no such card, a correction
 * that would take a card below nothing, or not a request at all.
 */
export type GiftCardDeskOutcome =
  | { kind: 'issued'; code: string }
  | { kind: 'corrected'; balance: number }
  | { kind: 'not-found' }
  | { kind: 'below-nothing'; balance: number }
  | { kind: 'invalid' };

export function parseGiftCardDeskOutcome(raw: unknown): GiftCardDeskOutcome | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'issued':
      return typeof raw.code === 'string' && STORED_GIFT_CARD_CODE.test(raw.code)
        ? { kind: 'issued', code: raw.code }
        : null;
    case 'corrected':
    case 'below-nothing': {
      const balance = storedMinor(raw.balance);
      return balance === null ? null : { kind: raw.kind, balance };
    }
    case 'not-found':
    case 'invalid':
      return { kind: raw.kind };
    default:
      return null;
  }
}
