/**
 * A public endpoint that answers about a code whoever holds it (a gift card's balance, giftcards/balance.ts; a
 * voucher at checkout, vouchers/check.ts): the code is the key, so nothing but its limits and its fixed answer time
 * stand between a guesser and the codes (docs/gift-cards.md#the-balance-page-and-guessing,
 * docs/vouchers.md#at-checkout). Each such endpoint:
 * - takes POST only, and refuses (400) what cannot be asked before anything is counted or read;
 * - is limited per caller, as "find my order" is (mail/rateLimit.ts), then per code, whoever asks (429,
 *   `Retry-After`); a caller over their own limit does not use up the code's;
 * - answers never sooner than a fixed time from the start, found or not, read or failed (503, `Retry-After`), so
 *   how long it takes tells a guesser nothing.
 */
import { type EndpointAnswer, jsonAnswer, refuseUnlessPost, tooManyAnswer } from './endpointAnswer';
import type { Caller } from './mail/caller';
import { callerLimit, rateLimit, type CallerLimit, type RateLimit } from './mail/rateLimit';

/** An endpoint's limits, held by whoever serves it for as long as it runs (one instance: index.ts). */
export interface CodeEndpointLimits {
  /** Per caller: a person's tries inside their network's. */
  limit: CallerLimit;
  /** Per code (its stored form), whoever asks. */
  perCode: RateLimit;
}

/**
 * Twenty tries per person and three hundred per network in ten minutes: the checkout's fields ask too, and behind
 * Hosting many visitors share a network (mail/caller.ts).
 */
export const codeTriesPerCaller = (): CallerLimit => callerLimit(rateLimit(20, 600_000), rateLimit(300, 600_000));

export interface LimitedCodeDeps extends CodeEndpointLimits {
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

/** What a body asks (with the code its limit counts, in its stored form), or why it cannot be asked. */
export type CodeQuestion<Question> = { code: string; question: Question } | { error: string };

export interface LimitedCodeEndpoint<Question> {
  /** Names the endpoint in the log. */
  name: string;
  /** No answer comes sooner than this from the start (ms). */
  answerMs: number;
  /** The window of the per-code limit (ms): a caller refused by it is told to come back after it. */
  codeWindowMs: number;
  /** What the body asks; an error (answered 400, in plain English) for what cannot be asked. */
  parse(body: unknown): CodeQuestion<Question>;
  /** The 200 answer's body, at `started`; throws when what it reads cannot be read. */
  answer(question: Question, code: string, started: number): Promise<unknown>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function limitedCodeRequest<Question>(
  endpoint: LimitedCodeEndpoint<Question>,
  deps: LimitedCodeDeps,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  const asked = endpoint.parse(body);
  if ('error' in asked) return jsonAnswer(400, { error: asked.error });
  // A code is counted only for a caller within their limit.
  if (!deps.limit.allow(caller)) return tooManyAnswer();
  if (!deps.perCode.allow(asked.code)) return tooManyAnswer(endpoint.codeWindowMs / 1000);
  const now = deps.now ?? Date.now;
  const started = now();
  let answer: EndpointAnswer;
  try {
    answer = jsonAnswer(200, await endpoint.answer(asked.question, asked.code, started));
  } catch (error) {
    console.error(`${endpoint.name}:`, error);
    answer = jsonAnswer(503, { error: 'try again shortly' }, { 'Retry-After': '5' });
  }
  const left = endpoint.answerMs - (now() - started);
  if (left > 0) await (deps.wait ?? sleep)(left);
  return answer;
}
