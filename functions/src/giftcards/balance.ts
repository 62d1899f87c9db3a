/**
 * The balance endpoint (docs/gift-cards.md#the-balance-page-and-guessing): POST /api/giftcards/balance {code}
 * answers a card's balance, currency, expiry and movements (when, how much, which kind: never the order, the uid or
 * staff's note), for the balance page and the checkout's code field. The code is the card's key, so only staff and
 * trusted code read giftCards; whoever holds a code asks here, one code at a time:
 * - limited per caller, as "find my order" is (mail/rateLimit.ts), and per code, so no code is tried without end;
 * - answered in the same shape whether or not the card exists, and never sooner than BALANCE_ANSWER_MS from the
 *   start, so neither what it says nor how long it takes tells a guesser more than "no card".
 * Both as every public code endpoint is (limitedCodeEndpoint.ts, which the voucher check shares). Shared by the
 * Cloud Function orderMail (index.ts) and `vite preview` (vite.config.ts), both on the mail sender's connection,
 * which reads everything (database.rules.json, the root's read).
 */
import type { GiftCardBalanceAnswer } from '../../../src/features/giftcards/model/balanceEndpoint';
import {
  displayGiftCardCode,
  giftCardPaths,
  normaliseGiftCardCode,
  parseGiftCard,
} from '../../../src/features/giftcards/model/giftCard';
import { isRecord } from '../../../src/state/validation';
import type { EndpointAnswer } from '../endpointAnswer';
import {
  codeTriesPerCaller,
  limitedCodeRequest,
  type CodeEndpointLimits,
  type LimitedCodeDeps,
} from '../limitedCodeEndpoint';
import type { Caller } from '../mail/caller';
import { rateLimit } from '../mail/rateLimit';

/** No answer comes sooner than this from the start, found or not, read or failed: its timing tells nothing. */
export const BALANCE_ANSWER_MS = 800;

/** The endpoint's limits, held by whoever serves it for as long as it runs (one instance: index.ts). */
export type GiftCardBalanceLimits = CodeEndpointLimits;

/** The window of a code's own limit: an hour. */
const CODE_WINDOW_MS = 3_600_000;

/**
 * Twenty tries per person and three hundred per network in ten minutes (limitedCodeEndpoint.ts); ten per code in an
 * hour: a card's code is one buyer's, or the few they give it to.
 */
export function giftCardBalanceLimits(): GiftCardBalanceLimits {
  return { limit: codeTriesPerCaller(), perCode: rateLimit(10, CODE_WINDOW_MS) };
}

export interface GiftCardBalanceDeps extends LimitedCodeDeps {
  /** The value at `path` (null when there is none), read as trusted code. */
  read(path: string): Promise<unknown>;
}

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

export function giftCardBalanceRequest(
  deps: GiftCardBalanceDeps,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  return limitedCodeRequest(
    {
      name: 'gift card balance',
      answerMs: BALANCE_ANSWER_MS,
      codeWindowMs: CODE_WINDOW_MS,
      parse: (asked) => {
        const code = isRecord(asked) && typeof asked.code === 'string' ? normaliseGiftCardCode(asked.code) : null;
        return code ? { code, question: null } : { error: 'give a gift card code: sixteen letters and figures' };
      },
      answer: async (_question, code, started) =>
        balanceAnswer(code, await deps.read(giftCardPaths.card(code)), started),
    },
    deps,
    method,
    body,
    caller,
  );
}
