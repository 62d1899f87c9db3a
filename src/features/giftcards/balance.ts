/**
 * A gift card's balance, asked of trusted code (POST /api/giftcards/balance, functions/src/giftcards/balance.ts):
 * the rules let nobody but staff read a card, since its code is its key
 * (docs/gift-cards.md#the-balance-page-and-guessing).
 */
import { isRecord } from '../../state/validation';
import { GIFT_CARD_BALANCE_ENDPOINT, MOVEMENT_KINDS, normaliseGiftCardCode, type GiftCardBalanceAnswer } from './model';

/** A card that exists: its balance, value, currency, expiry and movements (oldest first). */
export type GiftCardBalance = { kind: 'found' } & Omit<GiftCardBalanceAnswer, 'found' | 'currency'> & {
    currency: string;
  };

export type GiftCardBalanceResult =
  GiftCardBalance | { kind: 'not-found' } | { kind: 'too-many' } | { kind: 'invalid' };

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function parseMovement(raw: unknown): GiftCardBalance['movements'][number] | null {
  if (!isRecord(raw) || !whole(raw.at) || raw.at < 0 || !whole(raw.amount)) return null;
  const kind = MOVEMENT_KINDS.find((known) => known === raw.kind);
  return kind ? { at: raw.at, amount: raw.amount, kind } : null;
}

/** The endpoint's 200 answer; null when it is not one. */
function parseAnswer(raw: unknown): GiftCardBalance | { kind: 'not-found' } | null {
  if (!isRecord(raw) || typeof raw.found !== 'boolean') return null;
  if (!raw.found) return { kind: 'not-found' };
  const { code, currency, balance, value, expires, expired } = raw;
  if (typeof code !== 'string' || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (!whole(balance) || balance < 0 || !whole(value) || value < 0) return null;
  if (!(expires === null || whole(expires)) || typeof expired !== 'boolean' || !Array.isArray(raw.movements))
    return null;
  const movements: GiftCardBalance['movements'] = [];
  for (const entry of raw.movements) {
    const movement = parseMovement(entry);
    if (!movement) return null;
    movements.push(movement);
  }
  return { kind: 'found', code, currency, balance, value, expires, expired, movements };
}

/**
 * Asks trusted code for the card behind `code` (as typed: spaces, hyphens and case do not matter). `invalid` for what
 * cannot be a code, asked or not; `too-many` when this caller or this code has been asked too often. Throws when it
 * cannot be asked (offline, server trouble, no answer within 15 s) or its answer cannot be read.
 */
export async function fetchGiftCardBalance(code: string): Promise<GiftCardBalanceResult> {
  if (normaliseGiftCardCode(code) === null) return { kind: 'invalid' };
  const response = await fetch(GIFT_CARD_BALANCE_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 400) return { kind: 'invalid' };
  if (response.status === 429) return { kind: 'too-many' };
  if (!response.ok) throw new Error(`the gift card balance could not be fetched (${response.status})`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new Error('the gift card balance answer is not JSON');
  }
  const answer = parseAnswer(raw);
  if (!answer) throw new Error('the gift card balance answer could not be read');
  return answer;
}
