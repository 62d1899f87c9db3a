/**
 * The card flow's two endpoints (docs/payments.md#card-payments), the same in the Cloud Function and `vite preview`:
 * - POST /api/payments/card {secret, action: 'pay' | 'check'}: the order page's "Pay by card", answered with where
 *   to send the buyer (or why there is nothing to pay there now); and, on their return, a read-back of the order's
 *   card payments. 409 asks the page to ask again a moment later: another tap is starting the payment, or the
 *   provider refused the attempt's reference, which the next attempt does not reuse. 422 (`not-payable`) and 423
 *   (`processing`) say, with words the page shows as they are, why the buyer is not sent to pay.
 * - POST /api/payments/card/webhook: the provider's signed events, checked on the raw body. An event only names a
 *   payment, which is read back before anything is done; answered 2xx once handled (or not ours), 400 for a bad
 *   signature, 503 when the provider or the database could not be reached, so that the provider sends it again.
 */
import { cardPayments, type CardPayments, type StartAnswer } from './card';
import { providerRefundChanged, refundApplier, type RefundChange, type RefundsDatabase } from './refunds';
import { BadWebhookSignature, type CardProvider, ProviderKeyConflict, ProviderRefused } from './provider';
import { stripeProvider, type StripeSettings } from './stripeProvider';
import type { PaymentsDatabase } from './settlePayment';
import { type EndpointAnswer, jsonAnswer, refuseUnlessPost } from '../endpointAnswer';
import { formatMoney, fromMinorUnits } from '../../../src/lib/money';
import { isRecord } from '../../../src/state/validation';

/** The card flow on the provider of `settings`; null when the shop has no provider keys (cardSettings.ts). */
export interface CardServices {
  cards: CardPayments;
  provider: CardProvider;
  /** A refund the provider says changed (refunds.ts, providerRefundChanged). */
  refundChanged(providerRefundId: string): Promise<RefundChange>;
}

export function cardServices(
  db: PaymentsDatabase & RefundsDatabase,
  settings: StripeSettings | null,
  shopUrl: string,
): CardServices | null {
  return settings ? cardServicesOn(db, stripeProvider(settings), shopUrl) : null;
}

/** The card flow on `provider`, whatever adapter it is (the benchmark and tests give theirs). */
export function cardServicesOn(
  db: PaymentsDatabase & RefundsDatabase,
  provider: CardProvider,
  shopUrl: string,
): CardServices {
  const applyRefunds = refundApplier(db, provider);
  return {
    provider,
    cards: cardPayments(db, provider, { shopUrl, applyRefunds }),
    refundChanged: (id) => providerRefundChanged(db, provider, id),
  };
}

const notSetUp = () => jsonAnswer(503, { error: 'This shop takes no card payments yet: pay another way.' });

const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor, currency), currency, 'en-GB');

/**
 * Why a card cannot take what is due, for the buyer: in English, as the endpoint's other refusals, since the order
 * page shows a refusal's `error` as it is and has no words of its own for it yet.
 */
function notPayable(answer: Extract<StartAnswer, { kind: 'not-payable' }>): string {
  const { due, minimum, currency } = answer;
  if (answer.reason === 'minimum' && minimum !== null) {
    return `Card payments must be at least ${money(minimum, currency)}: pay the ${money(due, currency)} still due another way.`;
  }
  if (answer.reason === 'currency') return `The card provider takes no payments in ${currency}: pay another way.`;
  return `The card provider cannot take ${money(due, currency)} in ${currency}: pay another way.`;
}

const PROCESSING =
  'Your payment is on its way: a payment from a bank account takes a few days to arrive. We email you once it has; you need not pay again.';

const unavailable = (what: string, error: unknown): EndpointAnswer => {
  console.error(`${what}:`, error);
  return jsonAnswer(
    503,
    { error: 'Card payments are unavailable for a moment: try again shortly.' },
    { 'Retry-After': '5' },
  );
};

export async function cardPaymentRequest(
  services: CardServices | null,
  method: string | undefined,
  body: unknown,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  if (!services) return notSetUp();
  const { cards } = services;
  const secret = isRecord(body) && typeof body.secret === 'string' ? body.secret : '';
  const action = isRecord(body) ? body.action : undefined;
  if (action !== 'pay' && action !== 'check') return jsonAnswer(400, { error: "action must be 'pay' or 'check'" });
  try {
    const answer = action === 'pay' ? await cards.start(secret) : await cards.check(secret);
    if (answer.kind === 'not-found') return jsonAnswer(404, { error: 'no such order link' });
    if (answer.kind === 'busy') return jsonAnswer(409, answer, { 'Retry-After': '1' });
    if (answer.kind === 'not-payable') return jsonAnswer(422, { ...answer, error: notPayable(answer) });
    if (answer.kind === 'processing') return jsonAnswer(423, { ...answer, error: PROCESSING });
    return jsonAnswer(200, answer);
  } catch (error) {
    if (error instanceof ProviderKeyConflict) {
      console.error(
        'card payment: the provider refused its reference, the next attempt takes a new one:',
        error.message,
      );
      return jsonAnswer(409, { kind: 'busy' }, { 'Retry-After': '1' });
    }
    if (error instanceof ProviderRefused) {
      console.error('card payment refused by the provider:', error.message);
      return jsonAnswer(502, { error: 'The card provider refused this payment. Pay another way, or ask the shop.' });
    }
    return unavailable('card payment', error);
  }
}

export async function cardWebhookRequest(
  services: CardServices | null,
  method: string | undefined,
  rawBody: Buffer | string | undefined,
  signature: string | undefined,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  if (!services) return notSetUp();
  const { cards, provider, refundChanged } = services;
  let event;
  try {
    event = provider.verifyWebhook(rawBody ?? '', signature);
  } catch (error) {
    if (error instanceof BadWebhookSignature) return jsonAnswer(400, { error: 'bad signature' });
    throw error;
  }
  try {
    if (event.kind === 'refund' && event.refundOf) {
      const change = await refundChanged(event.refundOf);
      return jsonAnswer(200, { received: event.eventId, kind: change.kind });
    }
    if (event.kind === 'other' || event.kind === 'refund' || !event.paymentOf)
      return jsonAnswer(200, { received: event.eventId, kind: 'ignored' });
    const outcome = await cards.settle(event.paymentOf);
    return jsonAnswer(200, { received: event.eventId, kind: outcome.kind });
  } catch (error) {
    if (!(error instanceof ProviderRefused)) return unavailable('card webhook', error);
    return jsonAnswer(200, { received: event.eventId, kind: 'refused' });
  }
}
