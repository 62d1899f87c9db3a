/**
 * The card provider port (provider.ts) on Stripe Checkout, through Stripe's own SDK. In production only the keys
 * are given; on one machine `api` points the SDK at the local fake of the few endpoints we call
 * (scripts/cardProvider/, docs/payments.md#the-local-card-provider).
 */
import Stripe from 'stripe';
import type { ShopLanguage } from '../../../src/i18n/languages';
import {
  BadWebhookSignature,
  ProviderKeyConflict,
  ProviderRefused,
  ProviderUnavailable,
  type CardPayment,
  type CardProvider,
  type CardRefund,
  type CardWebhook,
} from './provider';

export interface StripeSettings {
  /** sk_live_… or sk_test_… (a Functions secret in production). */
  secretKey: string;
  /** whsec_…: the webhook endpoint's signing secret (a Functions secret in production). */
  webhookSecret: string;
  /** Where the API is, when it is not Stripe's own: the local fake. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** How long one call may take before it is given up (20 s): what a provider that hangs is. */
  timeoutMs?: number;
}

/** Stripe's own failures and a lost connection say nothing happened for sure: the caller may try again. */
function translate(error: unknown): never {
  // Asking again with the same key can only be refused again: not "unavailable", which is tried again for ever.
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new ProviderKeyConflict(`the card provider holds another request made with this key: ${error.message}`);
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    throw new ProviderUnavailable(`the card provider is unavailable: ${error.message}`);
  }
  // The same key's first request is still being worked on (it outlived our timeout): its answer comes later.
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'idempotency_key_in_use') {
    throw new ProviderUnavailable(`the card provider is still working on this request: ${error.message}`);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    throw new ProviderUnavailable(`the card provider is busy: ${error.message}`);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
    throw new ProviderRefused(error.message);
  }
  throw error;
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

const intentOf = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * How a session stands. A complete one is not always paid: paid with a bank debit, it completes `unpaid` and its
 * money comes days later, or never; only its PaymentIntent says which (`intentStatus`, read when it matters).
 */
function paymentState(session: Stripe.Checkout.Session, intentStatus: string | null): CardPayment['state'] {
  if (session.status === 'open') return 'open';
  if (session.status !== 'complete') return 'expired';
  if (session.payment_status !== 'unpaid' || intentStatus === 'succeeded') return 'paid';
  // A debit that failed leaves its PaymentIntent wanting another payment method, which a Checkout page never asks.
  if (intentStatus === 'requires_payment_method' || intentStatus === 'canceled') return 'failed';
  return 'processing';
}

function cardPayment(session: Stripe.Checkout.Session, intentStatus: string | null = null): CardPayment {
  const state = paymentState(session, intentStatus);
  return {
    id: session.id,
    paymentId: session.client_reference_id ?? session.metadata?.paymentId ?? null,
    state,
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toLowerCase(),
    charge: state === 'paid' ? intentOf(session) : null,
    url: session.status === 'open' ? (session.url ?? null) : null,
  };
}

const REFUND_STATES: Record<string, CardRefund['state']> = {
  succeeded: 'done',
  pending: 'pending',
  requires_action: 'pending',
  failed: 'failed',
  canceled: 'failed',
};

const WEBHOOK_KINDS: Record<string, CardWebhook['kind']> = {
  // Completed may still be unpaid (a bank debit): the read-back says which.
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
  // A refund that changed after it was made: done at last, or failed (the card was closed, say).
  'refund.updated': 'refund',
  'refund.failed': 'refund',
  'charge.refund.updated': 'refund',
};

/** The provider's events the shop acts on: the webhook endpoint is set up for exactly these (README's step 9). */
export const CARD_WEBHOOK_EVENTS: readonly string[] = Object.keys(WEBHOOK_KINDS);

function cardRefund(refund: Stripe.Refund): CardRefund {
  const { refundId, order } = refund.metadata ?? {};
  return {
    id: refund.id,
    state: REFUND_STATES[refund.status ?? ''] ?? 'pending',
    amountMinor: refund.amount,
    ours: refundId && order ? { orderKey: order, refundId } : null,
  };
}

/** The provider's name for each language the shop speaks, as its hosted page knows them. */
const CHECKOUT_LOCALES: Readonly<Record<ShopLanguage, Stripe.Checkout.SessionCreateParams.Locale>> = {
  'en-GB': 'en-GB',
  'de-DE': 'de',
};

export function stripeProvider(settings: StripeSettings): CardProvider {
  const stripe = new Stripe(settings.secretKey, {
    // Our own retries decide; the SDK's would hide a provider that is down from the buyer for many seconds.
    maxNetworkRetries: 1,
    timeout: settings.timeoutMs ?? 20_000,
    ...(settings.api ?? {}),
  });

  return {
    async createPayment(payment) {
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: payment.currency.toLowerCase(),
                  unit_amount: payment.amountMinor,
                  product_data: { name: payment.description },
                },
              },
            ],
            // Stripe refuses an empty address (it reads it as unsetting one); without it, its page asks.
            ...(payment.email ? { customer_email: payment.email } : {}),
            locale: CHECKOUT_LOCALES[payment.language],
            client_reference_id: payment.paymentId,
            metadata: { paymentId: payment.paymentId, order: payment.orderRef },
            payment_intent_data: { metadata: { paymentId: payment.paymentId, order: payment.orderRef } },
            success_url: payment.returnUrl,
            cancel_url: payment.cancelUrl,
            expires_at: Math.floor(payment.expiresAt / 1000),
          },
          { idempotencyKey: payment.paymentId },
        )
        .catch(translate);
      if (!session.url) throw new ProviderRefused('the card provider gave no page to pay on');
      return { id: session.id, redirectUrl: session.url };
    },

    async readPayment(id) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(id);
      } catch (error) {
        if (isMissing(error)) return null;
        return translate(error);
      }
      const intent = intentOf(session);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !intent) return cardPayment(session);
      const read = await stripe.paymentIntents.retrieve(intent).catch(translate);
      return cardPayment(session, read.status);
    },

    async cancelPayment(id) {
      try {
        return cardPayment(await stripe.checkout.sessions.expire(id));
      } catch (error) {
        if (isMissing(error)) return null;
        // Only an open session can be expired: one paid or expired meanwhile is read as it stands.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.readPayment(id);
        return translate(error);
      }
    },

    async refund({ charge, amountMinor, refundId, orderKey }) {
      const refund = await stripe.refunds
        .create(
          { payment_intent: charge, amount: amountMinor, metadata: { refundId, order: orderKey } },
          { idempotencyKey: refundId },
        )
        .catch(translate);
      return cardRefund(refund);
    },

    async readRefund(id) {
      try {
        return cardRefund(await stripe.refunds.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        return translate(error);
      }
    },

    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new BadWebhookSignature(error instanceof Error ? error.message : 'bad signature');
      }
      const object = event.data.object as { object?: string; id?: string };
      const named = (type: string) => (object.object === type && typeof object.id === 'string' ? object.id : null);
      return {
        eventId: event.id,
        kind: WEBHOOK_KINDS[event.type] ?? 'other',
        paymentOf: named('checkout.session'),
        refundOf: named('refund'),
      };
    },
  };
}
