/**
 * A local stand-in for the card provider (Stripe), so that the real `stripe` SDK can be used on a machine with no
 * network: the few API endpoints trusted code calls, answering objects of the shape the provider's published
 * description gives them (tests/fixtures/stripe/), the webhooks the provider sends (signed with the SDK's own
 * test-header helper), and a test checkout page where a person pays, is declined or gives up. What it does as the
 * provider does, and where it differs: docs/payments.md#the-local-card-provider.
 *
 *   POST /v1/checkout/sessions            create (mode payment, one line)
 *   GET  /v1/checkout/sessions/{id}       read back
 *   POST /v1/checkout/sessions/{id}/expire
 *   GET  /v1/payment_intents/{id}         the payment a completed session made
 *   POST /v1/refunds                      payment_intent, amount (at most what is left to refund)
 *   GET  /v1/refunds/{id}                 read back
 *   GET  /pay/{id}, POST /pay/{id}        the test checkout page
 *
 * Every POST honours an Idempotency-Key as the provider does: the same key with the same parameters answers what it
 * answered the first time; with other parameters, or on another endpoint, it is refused (`idempotency_error`).
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { cardAmountStep, cardCurrencies, cardMinimum, isCardCurrency } from '../../src/lib/currencies';
import { escapeHtml } from '../../src/lib/escapeHtml';
import { formatMoney, fromMinorUnits } from '../../src/lib/money';
import { isRecord } from '../../src/state/validation';

/** Test cards, as the real provider's test mode knows them. */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  /** Pays; a refund of it succeeds at first and fails a moment later (`refundFailsAfterMs`), with its webhook. */
  refundFails: '4000000000005126',
  /** Pays; a refund of it is pending at first and succeeds a moment later (`refundSettlesAfterMs`), with its webhook. */
  refundPending: '4000000000007726',
} as const;

/**
 * Test bank accounts (SEPA debit), as the provider's test mode knows them: the session completes unpaid at once, and
 * the money arrives, or does not, later (`asyncSettlesAfterMs`), each with its webhook.
 */
export const TEST_DEBITS = {
  settles: 'DE89370400440532013000',
  fails: 'DE62370400440532013001',
} as const;

/** The provider's API version whose shapes the fake answers with: the extract's (tests/fixtures/stripe/README.md). */
const FAKE_API_VERSION = '2023-08-16';

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
  /** How long a refund of a payment made with TEST_CARDS.refundPending stays pending (ms). */
  refundSettlesAfterMs?: number;
  /**
   * How long a bank debit stays processing before it settles or fails (ms); null leaves it processing until
   * `settleDebit` is called. The provider's own take days.
   */
  asyncSettlesAfterMs?: number | null;
}

type RefundBehaviour = 'succeeds' | 'fails-later' | 'pending-first';

interface Refund {
  id: string;
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  created: number;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
  failure_reason?: string;
}

interface PaymentIntent {
  id: string;
  amount: number;
  currency: string;
  created: number;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  method: 'card' | 'sepa_debit';
  charge: string;
  metadata: Record<string, string>;
  refundBehaviour: RefundBehaviour;
  /** Not the provider's: what has been refunded of it so far. */
  refunded: number;
}

/** A checkout session as the fake keeps it: the provider's fields that change, and a few of its own. */
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
  /** Not the provider's: what has been refunded of its payment so far. */
  refunded: number;
  /** Not the provider's: the metadata its payment is made with (`payment_intent_data[metadata]`). */
  intentMetadata: Record<string, string>;
}

interface WebhookDelivery {
  event: string;
  type: string;
  status: number | null;
  attempts: number;
  /** The body as sent, signed. */
  payload: string;
}

/** One API call and its answer, kept for the tests to hold against the provider's description. */
interface ApiExchange {
  method: string;
  path: string;
  /** The form fields (or query) as parsed. */
  params: Record<string, unknown>;
  status: number;
  body: unknown;
}

export interface FakeCardProvider {
  url: string;
  port: number;
  sessions(): readonly Session[];
  deliveries(): readonly WebhookDelivery[];
  exchanges(): readonly ApiExchange[];
  /** Sends a session's event again, as the provider's retries and the dashboard's "resend" do. */
  resend(sessionId: string): Promise<void>;
  /** The bank debit of a session paid with a TEST_DEBITS account settles (or fails) now. */
  settleDebit(sessionId: string): void;
  /**
   * From now on each API request is worked on for `ms` before it is done and answered (0: at once again), as a
   * provider that hangs: a caller that gives up first never learns what was made, and a request with the same
   * idempotency key while the first is still being worked on is answered 409 `idempotency_key_in_use`.
   */
  answerSlowly(ms: number): void;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const invalid = (code: string | undefined, message: string, param?: string) =>
  new ApiError(400, 'invalid_request_error', code, message, param);
const missing = (what: string, id: string, param = 'id') =>
  new ApiError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, param);

/** `a[b][0][c]=1` into nested objects, as the SDK encodes parameters (a list's items keyed by their index). */
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
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(value)).map(([key, item]) => [key, text(item)]));
/** The languages the provider's hosted page speaks, by its own names; anything else is refused, as it refuses it. */
const CHECKOUT_LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);
/** What the provider takes for an email address: something@somewhere.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_OPEN_S = 30 * 60;
const MAX_OPEN_S = 24 * 60 * 60;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 100_000) throw new ApiError(413, 'invalid_request_error', 'body_too_large', 'too large');
  }
  return body;
}

const money = (minor: number, currency: string) =>
  formatMoney(fromMinorUnits(minor, currency), currency.toUpperCase(), 'en-GB');
/** An amount as the provider's messages write it: "£0.30 gbp". */
const providerMoney = (minor: number, currency: string) => `${money(minor, currency)} ${currency.toLowerCase()}`;

export async function startFakeCardProvider(options: FakeCardProviderOptions): Promise<FakeCardProvider> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const refunds = new Map<string, Refund>();
  /** Answers already given to an idempotency key, with what they were asked. */
  const answered = new Map<string, { method: string; path: string; params: unknown; body: unknown }>();
  /** Idempotency keys of requests being worked on now. */
  const working = new Set<string>();
  let slowMs = 0;
  const deliveries: WebhookDelivery[] = [];
  const exchanges: ApiExchange[] = [];
  const signer = new Stripe(options.secretKey);
  const retries = options.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const debitTimers = new Map<string, NodeJS.Timeout>();
  let base = '';
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };

  /** The session as the provider answers it: every field of its description, those we never set null or empty. */
  function sessionBody(session: Session): Record<string, unknown> {
    const complete = session.status === 'complete';
    return {
      id: session.id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: session.amount_total,
      amount_total: session.amount_total,
      automatic_tax: { enabled: false, status: null },
      billing_address_collection: null,
      cancel_url: session.cancel_url,
      client_reference_id: session.client_reference_id,
      consent: null,
      consent_collection: null,
      created: session.created,
      currency: session.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { shipping_address: null, submit: null },
      customer: null,
      customer_creation: 'if_required',
      customer_details: complete
        ? { address: null, email: session.customer_email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] }
        : null,
      customer_email: session.customer_email,
      expires_at: session.expires_at,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: session.locale,
      metadata: session.metadata,
      mode: 'payment',
      payment_intent: session.payment_intent,
      payment_link: null,
      payment_method_collection: null,
      payment_method_options: null,
      payment_method_types: ['card', 'sepa_debit'],
      payment_status: session.payment_status,
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_details: null,
      shipping_options: [],
      status: session.status,
      submit_type: null,
      subscription: null,
      success_url: session.success_url,
      tax_id_collection: { enabled: false },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: session.status === 'open' ? session.url : null,
    };
  }

  function intentBody(intent: PaymentIntent): Record<string, unknown> {
    const failed = intent.status === 'requires_payment_method';
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: 0,
      amount_received: intent.status === 'succeeded' ? intent.amount : 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${intent.id}_secret_${intent.charge.slice(-8)}`,
      confirmation_method: 'automatic',
      created: intent.created,
      currency: intent.currency,
      customer: null,
      description: null,
      invoice: null,
      last_payment_error: failed
        ? {
            type: 'card_error',
            code: 'insufficient_funds',
            message: 'The account has insufficient funds to cover this payment.',
            payment_method_type: 'sepa_debit',
          }
        : null,
      latest_charge: failed ? null : intent.charge,
      livemode: false,
      metadata: intent.metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: failed ? null : `pm_${intent.charge.slice(3)}`,
      payment_method_options: null,
      payment_method_types: ['card', 'sepa_debit'],
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: intent.status,
      transfer_data: null,
      transfer_group: null,
    };
  }

  function refundBody(refund: Refund): Record<string, unknown> {
    return {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      balance_transaction: null,
      charge: refund.charge,
      created: refund.created,
      currency: refund.currency,
      metadata: refund.metadata,
      payment_intent: refund.payment_intent,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: refund.status,
      transfer_reversal: null,
      ...(refund.failure_reason ? { failure_reason: refund.failure_reason } : {}),
    };
  }

  async function deliver(type: string, object: Record<string, unknown>): Promise<void> {
    if (!options.webhook) return;
    const { url, secret } = options.webhook;
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: FAKE_API_VERSION,
      created: seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // Pretty-printed, as the provider sends it: a receiver that re-serialises the parsed body breaks the signature.
    const payload = JSON.stringify(event, null, 2);
    const delivery: WebhookDelivery = { event: event.id, type, status: null, attempts: 0, payload };
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
      if (attempt < retries.length) await new Promise<void>((resolve) => later(retries[attempt]!, resolve));
    }
  }
  const announce = (type: string, session: Session) => void deliver(type, sessionBody(session));
  const announceRefund = (refund: Refund) => void deliver('charge.refund.updated', refundBody(refund));

  /** Sessions past their expiry are expired when next looked at, with their webhook. */
  function current(sessionId: string): Session | undefined {
    const session = sessions.get(sessionId);
    if (session?.status === 'open' && session.expires_at <= seconds()) {
      session.status = 'expired';
      announce('checkout.session.expired', session);
    }
    return session;
  }

  function createSession(params: Record<string, unknown>): Session {
    if (params.mode !== 'payment')
      throw invalid('parameter_invalid', 'mode must be payment (this fake knows no other)', 'mode');
    const line = record(record(params.line_items)['0']);
    const price = record(line.price_data);
    const amount = Number(price.unit_amount) * Number(line.quantity ?? 1);
    const currency = text(price.currency).toLowerCase();
    if (!isCardCurrency(currency)) {
      throw invalid(
        'parameter_invalid',
        `Invalid currency: ${currency}. Stripe currently supports these currencies: ${cardCurrencies().join(', ').toLowerCase()}`,
        'line_items[0][price_data][currency]',
      );
    }
    if (!Number.isInteger(amount) || amount < 1) {
      throw invalid(
        'parameter_invalid',
        'a line with a positive whole unit_amount is required',
        'line_items[0][price_data][unit_amount]',
      );
    }
    const least = cardMinimum(currency);
    if (least !== null && amount < least) {
      throw invalid(
        'amount_too_small',
        `The Checkout Session's total amount due must add up to at least ${providerMoney(least, currency)}`,
        'line_items',
      );
    }
    const step = cardAmountStep(currency);
    if (amount % step !== 0) {
      throw invalid(
        'invalid_charge_amount_no_decimal_compatible',
        `Invalid amount. Currency ${currency.toUpperCase()} charged amounts must be evenly divisible by ${step}.`,
        'line_items[0][price_data][unit_amount]',
      );
    }
    if (params.customer_email === '') {
      throw invalid(
        'parameter_invalid_empty',
        "You passed an empty string for 'customer_email'. We assume empty values are an attempt to unset a parameter; however 'customer_email' cannot be unset. You should remove 'customer_email' from your request or supply a non-empty value.",
        'customer_email',
      );
    }
    const email = text(params.customer_email);
    if (params.customer_email !== undefined && !EMAIL.test(email)) {
      throw invalid('email_invalid', `Invalid email address: ${email}`, 'customer_email');
    }
    const expires = params.expires_at === undefined ? seconds() + MAX_OPEN_S : Number(params.expires_at);
    // The provider allows for a request that took a moment to arrive.
    if (!Number.isInteger(expires) || expires < seconds() + MIN_OPEN_S - 60) {
      throw invalid(
        'parameter_invalid',
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expires > seconds() + MAX_OPEN_S) {
      throw invalid(
        'parameter_invalid',
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    for (const param of ['success_url', 'cancel_url']) {
      if (!/^https?:\/\//.test(text(params[param]))) throw invalid('parameter_missing', `${param} is required`, param);
    }
    const locale = text(params.locale) || 'auto';
    if (!CHECKOUT_LOCALES.has(locale)) throw invalid('parameter_invalid', `Invalid locale: ${locale}`, 'locale');
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
      customer_email: email || null,
      metadata: strings(params.metadata),
      payment_intent: null,
      success_url: text(params.success_url),
      cancel_url: text(params.cancel_url),
      expires_at: expires,
      locale,
      created: seconds(),
      url: `${base}/pay/${sessionId}`,
      description: text(record(price.product_data).name) || 'Payment',
      refunded: 0,
      intentMetadata: strings(record(params.payment_intent_data).metadata),
    };
    sessions.set(sessionId, session);
    return session;
  }

  function refund(params: Record<string, unknown>): Refund {
    const intentId = text(params.payment_intent);
    const intent = intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw invalid(
        undefined,
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const left = intent.amount - intent.refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw invalid('parameter_invalid', 'amount must be a positive whole number', 'amount');
    if (amount > left) {
      throw invalid(
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
      );
    }
    const session = [...sessions.values()].find((s) => s.payment_intent === intentId);
    const count = (change: number) => {
      intent.refunded += change;
      if (session) session.refunded += change;
    };
    count(amount);
    const made: Refund = {
      id: id('re'),
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.charge,
      created: seconds(),
      status: intent.refundBehaviour === 'pending-first' ? 'pending' : 'succeeded',
      metadata: strings(params.metadata),
    };
    refunds.set(made.id, made);
    if (intent.refundBehaviour === 'fails-later') {
      // As the provider does when the card's account is closed: the money comes back, and the event says so.
      later(options.refundFailsAfterMs ?? 1_000, () => {
        made.status = 'failed';
        made.failure_reason = 'expired_or_canceled_card';
        count(-amount);
        announceRefund(made);
      });
    }
    if (intent.refundBehaviour === 'pending-first') {
      later(options.refundSettlesAfterMs ?? 1_000, () => {
        made.status = 'succeeded';
        announceRefund(made);
      });
    }
    return made;
  }

  /** The session is paid (a card) or completes with its money still to come (a bank debit). */
  function complete(session: Session, method: PaymentIntent['method'], refundBehaviour: RefundBehaviour): void {
    const intent: PaymentIntent = {
      id: id('pi'),
      amount: session.amount_total,
      currency: session.currency,
      created: seconds(),
      status: method === 'card' ? 'succeeded' : 'processing',
      method,
      charge: id(method === 'card' ? 'ch' : 'py'),
      metadata: session.intentMetadata,
      refundBehaviour,
      refunded: 0,
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_intent = intent.id;
    session.payment_status = method === 'card' ? 'paid' : 'unpaid';
    announce('checkout.session.completed', session);
    if (method === 'sepa_debit' && options.asyncSettlesAfterMs !== null) {
      debitTimers.set(
        session.id,
        later(options.asyncSettlesAfterMs ?? 2_000, () => settleDebit(session.id)),
      );
    }
  }

  /** Which test account paid each session by debit, and so whether its money arrives. */
  const debitOutcome = new Map<string, 'settles' | 'fails'>();

  function settleDebit(sessionId: string): void {
    const timer = debitTimers.get(sessionId);
    if (timer) clearTimeout(timer);
    debitTimers.delete(sessionId);
    const session = sessions.get(sessionId);
    const intent = session?.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (!session || !intent || intent.status !== 'processing') return;
    if (debitOutcome.get(sessionId) === 'fails') {
      intent.status = 'requires_payment_method';
      announce('checkout.session.async_payment_failed', session);
    } else {
      intent.status = 'succeeded';
      session.payment_status = 'paid';
      announce('checkout.session.async_payment_succeeded', session);
    }
  }

  function page(session: Session, note = ''): string {
    const open = session.status === 'open';
    const done =
      session.status !== 'complete'
        ? 'no longer open: its time is up'
        : session.payment_status === 'paid'
          ? 'already paid'
          : 'complete: its bank debit is on its way';
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
<p><small>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 5126 pays, and a refund of it fails a moment after it is made; 4000 0000 0000 7726 pays, and a refund of it is pending for a moment.</small></p>
<form method="post"><label for="iban">Or pay by bank debit (the money arrives later): IBAN</label><input id="iban" name="iban" autocomplete="off" value="${TEST_DEBITS.settles}">
<button class="secondary" name="action" value="debit">Pay by bank debit</button></form>
<p><small>Test accounts: ${TEST_DEBITS.settles} settles a moment later; ${TEST_DEBITS.fails} fails a moment later.</small></p>`
    : `<p>This payment is ${done}.</p><p><a href="${escapeHtml(session.status === 'complete' ? session.success_url : session.cancel_url)}">Back to the shop</a></p>`
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
    const action = form.get('action');
    if (action === 'cancel') {
      response.writeHead(303, { Location: session.cancel_url }).end();
      return;
    }
    const back = () =>
      void response
        .writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) })
        .end();
    if (action === 'debit') {
      const iban = (form.get('iban') ?? '').replace(/\s/g, '').toUpperCase();
      const outcome = iban === TEST_DEBITS.settles ? 'settles' : iban === TEST_DEBITS.fails ? 'fails' : null;
      if (!outcome) return void html(400, page(session, 'Use one of the test accounts below.'));
      debitOutcome.set(session.id, outcome);
      complete(session, 'sepa_debit', 'succeeds');
      return back();
    }
    const card = (form.get('card') ?? '').replace(/\D/g, '');
    if (card === TEST_CARDS.declined) return void html(402, page(session, 'Your card was declined. Try another card.'));
    const behaviours: Record<string, RefundBehaviour> = {
      [TEST_CARDS.pays]: 'succeeds',
      [TEST_CARDS.refundFails]: 'fails-later',
      [TEST_CARDS.refundPending]: 'pending-first',
    };
    const behaviour = behaviours[card];
    if (!behaviour) return void html(400, page(session, 'Use one of the test cards below.'));
    complete(session, 'card', behaviour);
    back();
  }

  /** The call answered, before idempotency: what the provider does with a request it has not seen. */
  function answer(method: string, path: string, params: Record<string, unknown>): unknown {
    if (path === '/v1/checkout/sessions' && method === 'POST') return sessionBody(createSession(params));
    if (path === '/v1/refunds' && method === 'POST') return refundBody(refund(params));
    const refundPath = /^\/v1\/refunds\/([A-Za-z0-9_-]+)$/.exec(path);
    if (refundPath && method === 'GET') {
      const found = refunds.get(refundPath[1]!);
      if (!found) throw missing('refund', refundPath[1]!);
      return refundBody(found);
    }
    const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_-]+)$/.exec(path);
    if (intentPath && method === 'GET') {
      const found = intents.get(intentPath[1]!);
      if (!found) throw missing('payment_intent', intentPath[1]!, 'intent');
      return intentBody(found);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_-]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = current(sessionPath[1]!);
      if (!session) throw missing('checkout.session', sessionPath[1]!, 'session');
      if (!sessionPath[2] && method === 'GET') return sessionBody(session);
      if (sessionPath[2] && method === 'POST') {
        if (session.status !== 'open') {
          throw invalid(
            undefined,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        }
        session.status = 'expired';
        announce('checkout.session.expired', session);
        return sessionBody(session);
      }
    }
    throw new ApiError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
  }

  const slowly = () => (slowMs > 0 ? new Promise<void>((resolve) => later(slowMs, resolve)) : Promise.resolve());

  async function api(request: IncomingMessage, url: URL, exchange: ApiExchange): Promise<unknown> {
    const params = parseForm((await readBody(request)) || url.searchParams.toString());
    exchange.params = params;
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      throw new ApiError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    }
    const method = request.method ?? 'GET';
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    if (method !== 'POST' || !key) {
      await slowly();
      return answer(method, url.pathname, params);
    }
    if (working.has(key)) {
      throw new ApiError(
        409,
        'invalid_request_error',
        'idempotency_key_in_use',
        'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
          key +
          '. Please try again later.',
      );
    }
    working.add(key);
    try {
      await slowly();
    } finally {
      working.delete(key);
    }
    const before = answered.get(key);
    if (before) {
      if (before.method === method && before.path === url.pathname && isDeepStrictEqual(before.params, params)) {
        return before.body;
      }
      throw new ApiError(
        400,
        'idempotency_error',
        undefined,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    const body = answer(method, url.pathname, params);
    // Only what was done is kept: a request refused for its parameters may be made right with the same key.
    answered.set(key, { method, path: url.pathname, params, body });
    return body;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const pay = /^\/pay\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (pay) {
      payPage(request, response, pay[1]!).catch(() => response.writeHead(500).end());
      return;
    }
    const exchange: ApiExchange = {
      method: request.method ?? 'GET',
      path: url.pathname,
      params: {},
      status: 0,
      body: null,
    };
    const send = (status: number, body: unknown) => {
      Object.assign(exchange, { status, body });
      exchanges.push(exchange);
      response
        .writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') })
        .end(JSON.stringify(body));
    };
    api(request, url, exchange).then(
      (body) => send(200, body),
      (error: unknown) => {
        const known = error instanceof ApiError ? error : new ApiError(500, 'api_error', undefined, String(error));
        send(known.status, {
          error: {
            type: known.type,
            message: known.message,
            ...(known.code ? { code: known.code } : {}),
            ...(known.param ? { param: known.param } : {}),
          },
        });
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
    exchanges: () => exchanges,
    async resend(sessionId) {
      const session = sessions.get(sessionId);
      if (session)
        await deliver(
          session.status === 'complete' ? 'checkout.session.completed' : 'checkout.session.expired',
          sessionBody(session),
        );
    },
    settleDebit,
    answerSlowly(ms) {
      slowMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
