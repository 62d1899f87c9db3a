/**
 * What trusted code's HTTP endpoints answer (/api/orders/allocate, /api/payments/apply, /api/mail/send, /api/orders/find,
 * /api/orders/link, /api/giftcards/balance, /api/vouchers/check), the same in the Cloud Functions (index.ts) and in `vite preview`
 * (vite.config.ts).
 */
export interface EndpointAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** A JSON answer that no cache keeps. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): EndpointAnswer => ({
  status,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/**
 * A caller over a public endpoint's limit (mail/rateLimit.ts): try again after `seconds`, at most the limit's
 * window (its windows are fixed, so the caller may be let in sooner).
 */
export const tooManyAnswer = (seconds = 600): EndpointAnswer =>
  jsonAnswer(429, { error: 'too many requests: try again later' }, { 'Retry-After': String(seconds) });

/** The most a JSON request to trusted code may carry: each takes a few short fields. */
export const JSON_BODY_MAX_BYTES = 4096;
/** The most a card provider's event may carry: Stripe's are a few KB. */
export const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;

/**
 * 413 for a request body over `max` bytes, before trusted code looks at it; null for one within it. Before, the
 * local server gave up reading such a body and then answered 500 (docs/security.md#trusted-codes-endpoints-take-post-only).
 */
export function refuseIfTooLarge(bytes: number, max: number): EndpointAnswer | null {
  return bytes > max ? tooLargeAnswer(max) : null;
}

/** What a request whose body is over `max` bytes is answered. */
export const tooLargeAnswer = (max: number): EndpointAnswer =>
  jsonAnswer(413, { error: `the request body is over ${max} bytes` });

/**
 * The endpoints take POST only: any other method, a CORS preflight (OPTIONS) included, is answered 405 with
 * `Allow: POST` before anything else is looked at (issue 30, break 5; docs/security.md#trusted-codes-endpoints-take-post-only).
 * Null for a POST.
 */
export function refuseUnlessPost(method: string | undefined): EndpointAnswer | null {
  return method === 'POST' ? null : jsonAnswer(405, { error: 'use POST' }, { Allow: 'POST' });
}

/**
 * A queue's "run now" endpoint (the order queue's, the payment marks'): POST only, runs `run` and answers what it
 * reports, then calls `after` without waiting for it. A run that fails leaves its queue as it was: 503, try again.
 */
export async function queueRunRequest(
  what: string,
  method: string | undefined,
  run: () => Promise<unknown>,
  after?: () => void,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  try {
    const report = await run();
    after?.();
    return jsonAnswer(200, report);
  } catch (error) {
    console.error(`${what}:`, error);
    return jsonAnswer(503, { error: 'try again shortly' }, { 'Retry-After': '1' });
  }
}
