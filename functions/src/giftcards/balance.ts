/**
 * The balance endpoint (docs/gift-cards.md#the-balance-page-and-guessing): POST /api/giftcards/balance {code}
 * answers a card's balance, currency, expiry and movements (when, how much, which kind: never the order, the uid or
 * staff's note), for the balance page and the checkout's code field. The code is the card's key, so only staff and
 * trusted code read giftCards; whoever holds a code asks here, one code at a time:
 * - limited per caller, as "find my order" is (mail/rateLimit.ts), and per code, so no code is tried without end;
 * - answered in the same shape whether or not the card exists, and never sooner than BALANCE_ANSWER_MS from the
 *   start, so neither what it says nor how long it takes tells a guesser more than "no card".
 * Shared by the Cloud Function orderMail (index.ts) and `vite preview` (vite.config.ts), both on the mail sender's
 * connection, which reads everything (database.rules.json, the root's read).
 */
import type { GiftCardBalanceAnswer } from '../../../src/features/giftcards/model/balanceEndpoint';
import {
  displayGiftCardCode,
  giftCardPaths,
  normaliseGiftCardCode,
  parseGiftCard,
} from '../../../src/features/giftcards/model/giftCard';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer, refuseUnlessPost, tooManyAnswer } from '../endpointAnswer';
import type { Caller } from '../mail/caller';
import { callerLimit, rateLimit, type CallerLimit, type RateLimit } from '../mail/rateLimit';

/** No answer comes sooner than this from the start, found or not, read or failed: its timing tells nothing. */
export const BALANCE_ANSWER_MS = 800;

/** The endpoint's limits, held by whoever serves it for as long as it runs (one instance: index.ts). */
export interface GiftCardBalanceLimits {
  /** Per caller: a person's tries inside their network's. */
  limit: CallerLimit;
  /** Per code (its stored form), whoever asks. */
  perCode: RateLimit;
}

/** The window of a code's own limit: an hour. */
const CODE_WINDOW_MS = 3_600_000;

/**
 * Twenty tries per person and three hundred per network in ten minutes (the checkout's field asks too, and behind
 * Hosting many visitors share a network: caller.ts); ten per code in an hour.
 */
export function giftCardBalanceLimits(): GiftCardBalanceLimits {
  return {
    limit: callerLimit(rateLimit(20, 600_000), rateLimit(300, 600_000)),
    perCode: rateLimit(10, CODE_WINDOW_MS),
  };
}

export interface GiftCardBalanceDeps extends GiftCardBalanceLimits {
  /** The value at `path` (null when there is none), read as trusted code. */
  read(path: string): Promise<unknown>;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a code that is no card answers: the same fields as a card's. */
const noCard = (code: string): GiftCardBalanceAnswer => ({
  found: false,
  code: displayGiftCardCode(code),
  currency: null,
  balance: 0,
  value: 0,
  expires: null,
  expired: false,
  movements: [],
});

/** The answer for the card stored as `raw` at `giftCards/{code}`, at `now`. */
function balanceAnswer(code: string, raw: unknown, now: number): GiftCardBalanceAnswer {
  const card = raw === null || raw === undefined ? null : parseGiftCard(code, raw);
  if (!card) {
    // Not vouched for, so not shown; staff see it as damaged on the desk. The code's end is enough to find it there.
    if (raw !== null && raw !== undefined)
      console.error(`gift card balance: the card ending ${code.slice(-4)} is damaged`);
    return noCard(code);
  }
  return {
    found: true,
    code: displayGiftCardCode(code),
    currency: card.currency,
    balance: card.balance,
    value: card.value,
    expires: card.expires,
    expired: card.expires !== null && card.expires <= now,
    movements: card.movements.map(({ at, amount, kind }) => ({ at, amount, kind })),
  };
}

export async function giftCardBalanceRequest(
  deps: GiftCardBalanceDeps,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  const code = isRecord(body) && typeof body.code === 'string' ? normaliseGiftCardCode(body.code) : null;
  if (!code) return jsonAnswer(400, { error: 'give a gift card code: sixteen letters and figures' });
  // A code is counted only for a caller within their limit.
  if (!deps.limit.allow(caller)) return tooManyAnswer();
  if (!deps.perCode.allow(code)) return tooManyAnswer(CODE_WINDOW_MS / 1000);
  const now = deps.now ?? Date.now;
  const started = now();
  let answer: EndpointAnswer;
  try {
    answer = jsonAnswer(200, balanceAnswer(code, await deps.read(giftCardPaths.card(code)), started));
  } catch (error) {
    console.error('gift card balance:', error);
    answer = jsonAnswer(503, { error: 'try again shortly' }, { 'Retry-After': '5' });
  }
  const left = BALANCE_ANSWER_MS - (now() - started);
  if (left > 0) await (deps.wait ?? sleep)(left);
  return answer;
}
