/**
 * A local stand-in for the card provider (Stripe), so that the real `stripe` SDK can be used on a machine with no
 * network: the few API endpoints trusted code calls, the webhooks the provider sends (signed with the SDK's own
 * test-header helper), and a test checkout page where a person pays, is declined or gives up. Where it differs from
 * the real provider: docs/payments.md#the-local-card-provider.
 *
 *   POST /v1/checkout/sessions            create (mode payment, one line, Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/{id}       read back
 *   POST /v1/checkout/sessions/{id}/expire
 *   POST /v1/refunds                      payment_intent, amount (at most what is left to refund)
 *   GET  /v1/refunds/{id}                 read back
 *   GET  /pay/{id}, POST /pay/{id}        the test checkout page
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { escapeHtml } from '../../src/lib/escapeHtml';
import { formatMoney } from '../../src/lib/money';
import { isRecord } from '../../src/state/validation';

/** Test cards, as the real provider's test mode knows them. */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  /** Pays; a refund of it succeeds at first and fails a moment later (`refundFailsAfterMs`), with its webhook. */
  refundFails: '4000000000005126',
} as const;

export interface FakeCardProviderOptions {
  port?: number;
  host?: string;
  /** The secret key trusted code uses: any other is refused (401), as the provider would. */
  secretKey: string;
  /** Where webhooks go, and the secret they are signed with. */
  webhook?: { url: string; secret: string };
  /** Waits between a webhook's attempts (ms); the provider's own span days. */
  retryDelaysMs?: number[];
  now?: () => number;
  /** How long a refund of a payment made with TEST_CARDS.refundFails stands before it fails (ms). */
  refundFailsAfterMs?: number;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  metadata: Record<string, unknown>;
  failure_reason?: string;
}

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  /** The language its page speaks: one the provider knows, or auto (the browser's). */
  locale: string;
  created: number;
  url: string;
  /** Not the provider's: what the page shows. */
  description: string;
  refunded: number;
  /** Not the provider's: paid with TEST_CARDS.refundFails. */
  refundsFail: boolean;
}

interface WebhookDelivery {
  event: string;
  type: string;
  status: number | null;
  attempts: number;
}

export interface FakeCardProvider {
  url: string;
  port: number;
  sessions(): readonly Session[];
  deliveries(): readonly WebhookDelivery[];
  /** Sends a session's event again, as the provider's retries and the dashboard's "resend" do. */
  resend(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** `a[b][0][c]=1` into nested objects and arrays, as the SDK encodes parameters. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** The languages the provider's hosted page speaks, by its own names; anything else is refused, as it refuses it. */
const CHECKOUT_LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 100_000) throw new ApiError(413, 'invalid_request_error', 'body_too_large', 'too large');
  }
  return body;
}

const money = (minor: number, currency: string) => formatMoney(minor / 100, currency.toUpperCase(), 'en-GB');

export async function startFakeCardProvider(options: FakeCardProviderOptions): Promise<FakeCardProvider> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  const deliveries: WebhookDelivery[] = [];
  const signer = new Stripe(options.secretKey);
  const retries = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  let base = '';
  const timers = new Set<NodeJS.Timeout>();

  async function deliver(type: string, object: Session | Refund): Promise<void> {
    if (!options.webhook) return;
    const { url, secret } = options.webhook;
    const event = {
      id: id('evt'),
      object: 'event',
      type,
      created: seconds(),
      livemode: false,
      data: { object: { ...object } },
    };
    // Pretty-printed, as the provider sends it: a receiver that re-serialises the parsed body breaks the signature.
    const payload = JSON.stringify(event, null, 2);
    const delivery: WebhookDelivery = { event: event.id, type, status: null, attempts: 0 };
    deliveries.push(delivery);
    for (let attempt = 0; attempt <= retries.length; attempt++) {
      delivery.attempts++;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
          },
          body: payload,
        });
        delivery.status = response.status;
        if (response.ok) return;
      } catch {
        delivery.status = null;
      }
      if (attempt < retries.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => (timers.delete(timer), resolve()), retries[attempt]);
          timers.add(timer);
        });
      }
    }
  }

  /** Sessions past their expiry are expired when next looked at, with their webhook. */
  function current(sessionId: string): Session | undefined {
    const session = sessions.get(sessionId);
    if (session?.status === 'open' && session.expires_at <= seconds()) {
      session.status = 'expired';
      void deliver('checkout.session.expired', session);
    }
    return session;
  }

  function createSession(params: Record<string, unknown>, key: string | undefined): Session {
    if (key && byIdempotencyKey.has(key)) return sessions.get(byIdempotencyKey.get(key)!)!;
    if (params.mode !== 'payment')
      throw new ApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'mode must be payment (this fake knows no other)',
        'mode',
      );
    const line = record(record(params.line_items)['0']);
    const price = record(line.price_data);
    const amount = Number(price.unit_amount) * Number(line.quantity ?? 1);
    const currency = text(price.currency).toLowerCase();
    if (!Number.isInteger(amount) || amount < 1 || !/^[a-z]{3}$/.test(currency)) {
      throw new ApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'a line with a positive whole unit_amount and a currency is required',
        'line_items',
      );
    }
    const expires = Number(params.expires_at ?? seconds() + 86_400);
    if (!Number.isInteger(expires) || expires < seconds() + 1_800 - 60 || expires > seconds() + 86_400) {
      throw new ApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'expires_at must be 30 minutes to 24 hours from now',
        'expires_at',
      );
    }
    for (const param of ['success_url', 'cancel_url']) {
      if (!/^https?:\/\//.test(text(params[param]))) {
        throw new ApiError(400, 'invalid_request_error', 'parameter_missing', `${param} is required`, param);
      }
    }
    const locale = text(params.locale) || 'auto';
    if (!CHECKOUT_LOCALES.has(locale)) {
      throw new ApiError(400, 'invalid_request_error', 'parameter_invalid', `Invalid locale: ${locale}`, 'locale');
    }
    const sessionId = id('cs');
    const session: Session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency,
      client_reference_id: text(params.client_reference_id) || null,
      customer_email: text(params.customer_email) || null,
      metadata: Object.fromEntries(Object.entries(record(params.metadata)).map(([k, v]) => [k, text(v)])),
      payment_intent: null,
      success_url: text(params.success_url),
      cancel_url: text(params.cancel_url),
      expires_at: expires,
      locale,
      created: seconds(),
      url: `${base}/pay/${sessionId}`,
      description: text(record(price.product_data).name) || 'Payment',
      refunded: 0,
      refundsFail: false,
    };
    sessions.set(sessionId, session);
    if (key) byIdempotencyKey.set(key, sessionId);
    return session;
  }

  const refundsByKey = new Map<string, Refund>();
  const refunds = new Map<string, Refund>();

  function refund(params: Record<string, unknown>, key: string | undefined): Refund {
    if (key && refundsByKey.has(key)) return refundsByKey.get(key)!;
    const intent = text(params.payment_intent);
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    if (!session)
      throw new ApiError(
        404,
        'invalid_request_error',
        'resource_missing',
        `No such payment_intent: '${intent}'`,
        'payment_intent',
      );
    const left = session.amount_total - session.refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw new ApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'amount must be a positive whole number',
        'amount',
      );
    if (amount > left)
      throw new ApiError(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
      );
    session.refunded += amount;
    const made: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: 'succeeded',
      metadata: record(params.metadata),
    };
    if (key) refundsByKey.set(key, made);
    refunds.set(made.id, made);
    if (session.refundsFail) {
      // As the provider does when the card's account is closed: the money comes back, and the event says so.
      const timer = setTimeout(() => {
        timers.delete(timer);
        made.status = 'failed';
        made.failure_reason = 'expired_or_canceled_card';
        session.refunded -= amount;
        void deliver('charge.refund.updated', made);
      }, options.refundFailsAfterMs ?? 1_000);
      timers.add(timer);
    }
    return { ...made };
  }

  function page(session: Session, note = ''): string {
    const open = session.status === 'open';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label,input,button{display:block;width:100%;box-sizing:border-box;font:inherit}input{padding:.6rem;margin:.25rem 0 1rem;border:1px solid #767676;border-radius:4px}button{padding:.7rem;margin:.5rem 0;border-radius:4px;border:1px solid #1a56db;background:#1a56db;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#1a56db}.note{padding:.6rem;border-radius:4px;background:#fde8e8;color:#8a1c1c}small{color:#555}</style></head>
<body><main><p><small>Local test checkout: no real card is charged, nothing leaves this machine.</small></p>
<h1>${escapeHtml(session.description)}</h1><p><strong>${escapeHtml(money(session.amount_total, session.currency))}</strong></p>
${note ? `<p class="note" role="alert">${escapeHtml(note)}</p>` : ''}
${
  open
    ? `<form method="post"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242">
<button name="action" value="pay">Pay ${escapeHtml(money(session.amount_total, session.currency))}</button>
<button class="secondary" name="action" value="cancel">Cancel and go back to the shop</button></form>
<p><small>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 5126 pays, and a refund of it fails a moment after it is made.</small></p>`
    : `<p>This payment is ${session.status === 'complete' ? 'already paid' : 'no longer open: its time is up'}.</p><p><a href="${escapeHtml(session.status === 'complete' ? session.success_url : session.cancel_url)}">Back to the shop</a></p>`
}</main></body></html>`;
  }

  async function payPage(request: IncomingMessage, response: ServerResponse, sessionId: string): Promise<void> {
    const session = current(sessionId);
    if (!session) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such payment');
      return;
    }
    const html = (status: number, body: string) =>
      response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(body);
    if (request.method !== 'POST') return void html(200, page(session));
    const form = new URLSearchParams(await readBody(request));
    if (session.status !== 'open') return void html(409, page(session));
    if (form.get('action') === 'cancel') {
      response.writeHead(303, { Location: session.cancel_url }).end();
      return;
    }
    const card = (form.get('card') ?? '').replace(/\D/g, '');
    if (card === TEST_CARDS.declined) return void html(402, page(session, 'Your card was declined. Try another card.'));
    if (card !== TEST_CARDS.pays && card !== TEST_CARDS.refundFails)
      return void html(400, page(session, 'Use one of the test cards below.'));
    session.refundsFail = card === TEST_CARDS.refundFails;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    void deliver('checkout.session.completed', session);
    response.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
  }

  async function api(request: IncomingMessage, path: string): Promise<unknown> {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      throw new ApiError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    }
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    const params = parseForm(await readBody(request));
    const sessionPath = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_-]+)(\/expire)?$/.exec(path);
    if (path === '/v1/checkout/sessions' && request.method === 'POST') return createSession(params, key);
    if (path === '/v1/refunds' && request.method === 'POST') return refund(params, key);
    const refundPath = /^\/v1\/refunds\/([A-Za-z0-9_-]+)$/.exec(path);
    if (refundPath && request.method === 'GET') {
      const found = refunds.get(refundPath[1]!);
      if (!found)
        throw new ApiError(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such refund: '${refundPath[1]}'`,
          'id',
        );
      return found;
    }
    if (sessionPath) {
      const session = current(sessionPath[1]!);
      if (!session)
        throw new ApiError(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such checkout.session: '${sessionPath[1]}'`,
          'id',
        );
      if (!sessionPath[2] && request.method === 'GET') return session;
      if (sessionPath[2] && request.method === 'POST') {
        if (session.status !== 'open')
          throw new ApiError(400, 'invalid_request_error', 'session_not_open', 'Only open sessions can be expired');
        session.status = 'expired';
        void deliver('checkout.session.expired', session);
        return session;
      }
    }
    throw new ApiError(
      404,
      'invalid_request_error',
      'resource_missing',
      `Unrecognized request URL (${request.method}: ${path})`,
    );
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const pay = /^\/pay\/([A-Za-z0-9_-]+)$/.exec(path);
    if (pay) {
      payPage(request, response, pay[1]!).catch(() => response.writeHead(500).end());
      return;
    }
    api(request, path).then(
      (body) => {
        response
          .writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': id('req') })
          .end(JSON.stringify(body));
      },
      (error: unknown) => {
        const known = error instanceof ApiError ? error : new ApiError(500, 'api_error', 'internal', String(error));
        response.writeHead(known.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') }).end(
          JSON.stringify({
            error: { type: known.type, code: known.code, message: known.message, param: known.param },
          }),
        );
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://localhost:${port}`;
  return {
    url: base,
    port,
    sessions: () => [...sessions.values()],
    deliveries: () => deliveries,
    async resend(sessionId) {
      const session = sessions.get(sessionId);
      if (session)
        await deliver(
          session.status === 'complete' ? 'checkout.session.completed' : 'checkout.session.expired',
          session,
        );
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
