/**
 * The card provider, as trusted code sees it (docs/payments.md#the-card-provider): a port of our own with six
 * things to do, so that the provider's SDK stays in its adapter (stripeProvider.ts) and another provider is another
 * adapter. What it guarantees a caller:
 * - a payment is created with our payment's id as its idempotency key, so creating it twice makes one;
 * - nothing the provider says in a webhook is believed: a verified webhook only names a payment, which is then read
 *   back from the provider (`readPayment`) before anything is done about it;
 * - a failure to reach the provider is a ProviderUnavailable (try again, or pay another way), never a refusal.
 */
import type { ShopLanguage } from '../../../src/i18n/languages';

/** A new hosted card payment for an order: what the buyer pays, and where they come back to. */
interface NewCardPayment {
  /** Our payment record's id: the provider keeps it and its idempotency key is this. */
  paymentId: string;
  /** The order's reference, shown on the provider's page and in its dashboard. */
  orderRef: string;
  description: string;
  /**
   * In the currency's minor units (pence), as trusted code computed it from the catalogue: the provider's own count
   * of them (src/lib/currencies.ts), so it is sent as it is.
   */
  amountMinor: number;
  /** ISO 4217, any case. */
  currency: string;
  /** The buyer's address, for the provider's receipt; empty when the order has none (the page then asks for it). */
  email: string;
  /** The buyer's language, the order's: the provider's page speaks it where it can. */
  language: ShopLanguage;
  /**
   * When the provider's page expires (epoch ms, whole seconds): the hold's end moved into the window the provider
   * allows (`pageEnd`). Given, not computed by the adapter, so that asking again with the same key asks exactly the
   * same and finds the payment made the first time.
   */
  expiresAt: number;
  /** Where the buyer comes back to after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
}

/** Stripe keeps a Checkout page open at least 30 minutes and at most a day; a minute's margin each side for transit. */
const LEAST_OPEN_MS = 31 * 60_000;
const MOST_OPEN_MS = 24 * 60 * 60_000 - 60_000;

/** When a page made at `now` for a hold ending at `holdEnd` expires: as near the hold's end as the provider lets it. */
export const pageEnd = (holdEnd: number, now: number): number =>
  Math.floor(Math.min(Math.max(holdEnd, now + LEAST_OPEN_MS), now + MOST_OPEN_MS) / 1000) * 1000;

/** A card payment as the provider holds it. */
export interface CardPayment {
  /** The provider's id of the hosted payment. */
  id: string;
  /** Our payment's id, as given when it was created; null for one we did not create. */
  paymentId: string | null;
  /**
   * - open: the buyer may still pay on its page;
   * - processing: the buyer paid with a method whose money arrives later (a bank debit): neither open nor paid, it
   *   becomes paid or failed, and the provider says so in a webhook;
   * - paid: the money was taken;
   * - failed: the money that was on its way never came; nothing more will happen to it;
   * - expired: closed unpaid.
   */
  state: 'open' | 'processing' | 'paid' | 'failed' | 'expired';
  amountMinor: number;
  /** Lower case, as the provider reports it. */
  currency: string;
  /** What a refund names (the money taken); null until paid. */
  charge: string | null;
  /** Where the buyer pays it, while it is open. */
  url: string | null;
}

export interface CardRefund {
  id: string;
  state: 'done' | 'pending' | 'failed';
  amountMinor: number;
  /** Our refund, as given when it was asked for (its order's desk key and our refund's id); null for one we did not ask. */
  ours: { orderKey: string; refundId: string } | null;
}

/** What a verified webhook says happened; its payment must still be read back. */
export interface CardWebhook {
  eventId: string;
  /** paid: completed (maybe still processing) or its later money arrived; failed: its later money never came. */
  kind: 'paid' | 'failed' | 'expired' | 'refund' | 'other';
  /** The provider's id of the hosted payment the event is about, when it is about one. */
  paymentOf: string | null;
  /** The provider's id of the refund the event is about (it changed: done, or failed after all), when it is one. */
  refundOf: string | null;
}

/** The webhook's signature does not hold: answered 400, nothing done. */
export class BadWebhookSignature extends Error {}

/** The provider could not be reached or failed: nothing is known to have happened; try again. */
export class ProviderUnavailable extends Error {}

/** The provider refused the request as asked (an amount it will not refund, a payment it does not hold). */
export class ProviderRefused extends Error {}

/**
 * The provider already answered another request made with this idempotency key (our payment's or refund's id), with
 * other parameters: this one is given up for good, and only a new id (a new attempt) gets a new answer.
 */
export class ProviderKeyConflict extends ProviderRefused {}

export interface CardProvider {
  /**
   * Creates the hosted payment (or finds the one made with this paymentId) and says where to send the buyer;
   * ProviderKeyConflict when this paymentId was used for a payment of other details.
   */
  createPayment(payment: NewCardPayment): Promise<{ id: string; redirectUrl: string }>;
  /** The payment as the provider holds it now; null when it holds none by that id. */
  readPayment(id: string): Promise<CardPayment | null>;
  /**
   * Closes an open payment so that nobody can pay it any more (the hold ended), and says how it stands: a payment
   * already paid, or processing, stays so; null when the provider holds none by that id.
   */
  cancelPayment(id: string): Promise<CardPayment | null>;
  /** Refunds `amountMinor` of a paid payment; `refundId` (ours) is the idempotency key; `orderKey` names its order. */
  refund(refund: { charge: string; amountMinor: number; refundId: string; orderKey: string }): Promise<CardRefund>;
  /** The refund as the provider holds it now (it may fail after it was first accepted); null for none by that id. */
  readRefund(id: string): Promise<CardRefund | null>;
  /** Checks a webhook's signature on its raw body and says what it is about; BadWebhookSignature otherwise. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): CardWebhook;
}
