/**
 * The card payments' records (docs/payments.md#card-payments, docs/data-model.md): how ours are named at the
 * provider, read from payments/{key}, numbered, flagged when the provider took what the shop never asked for, and the
 * refund trusted code queues for card money that bought nothing. Pure: card.ts reads and writes them.
 */
import { formatMoney, fromMinorUnits } from '../../../src/lib/money';
import { automaticRefundId, refundPaths } from '../../../src/features/payments/model/refundRecords';
import { ALLOCATOR_UID } from '../../../src/features/orders/orderRequest';
import { isRecord } from '../../../src/state/validation';
import { displayReference } from '../../../src/features/orders/orderReference';
import { DEFAULT_LANGUAGE, isShopLanguage } from '../../../src/i18n/languages';
import { orderI18n, say } from '../language/orderLanguage';
import type { CardPayment } from './provider';
import { type OrderOf, SERVER_TIME } from './settlePayment';

/** What a bank debit that never arrived is recorded with, for staff. */
export const DEBIT_FAILED_NOTE = 'The payment was made with a method that settles later, and its money never arrived.';

/** A card payment as the provider knows ours: the order's owner, id and our payment's id, in one string. */
export const cardReference = (target: OrderOf, paymentId: string): string =>
  `${target.uid}~${target.order}~${paymentId}`;

export function parseCardReference(reference: string | null): (OrderOf & { paymentId: string }) | null {
  const parts = (reference ?? '').split('~');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]{1,128}$/.test(part))) return null;
  const [uid, order, paymentId] = parts as [string, string, string];
  return /^card-\d{1,4}$/.test(paymentId) ? { uid, order, paymentId } : null;
}

/** What the provider is asked for a payment, in the order's currency's minor units; the page's end in epoch ms. */
export interface Asked {
  amount: number;
  currency: string;
  expires: number;
}

/** What the provider's page and the buyer's statement call the payment, in the order's language. */
const DESCRIPTION = /*i18n*/ { id: 'payment.card.description', message: 'Order {ref}' };

/**
 * What the provider is asked to make for the order's payment `paymentId`: the same whenever it is asked, from the
 * order (whose reference, language and address do not change) and what the record keeps (the amount and the page's
 * end), so that asking again with the same key finds what the first asking made.
 */
export function newPayment(
  shopUrl: string,
  target: OrderOf,
  order: Record<string, unknown>,
  paymentId: string,
  asked: Asked,
) {
  const ref = typeof order.ref === 'string' ? displayReference(order.ref) : target.order;
  const contact = isRecord(order.contact) ? order.contact : {};
  const language = isShopLanguage(order.language) ? order.language : DEFAULT_LANGUAGE;
  // The secret link stays off the provider: the order page keeps it for the buyer's return (docs/payments.md).
  const back = (outcome: string) => `${shopUrl}/order?card=${outcome}`;
  return {
    paymentId: cardReference(target, paymentId),
    orderRef: ref,
    description: say(orderI18n(language), DESCRIPTION, { ref }),
    language,
    amountMinor: asked.amount,
    currency: asked.currency,
    email: typeof contact.email === 'string' ? contact.email : '',
    expiresAt: asked.expires,
    returnUrl: back('paid'),
    cancelUrl: back('cancelled'),
  };
}

/** A card payment record as read from payments/{key}/{id}. */
export interface CardRecord {
  id: string;
  state: string;
  session: string | null;
  /** What the provider was asked for, kept so that asking again asks exactly the same (null on older records). */
  amount: number | null;
  expires: number | null;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

export function cardRecords(raw: unknown): CardRecord[] {
  return Object.entries(isRecord(raw) ? raw : {}).flatMap(([id, record]) =>
    isRecord(record) && record.method === 'card' && typeof record.state === 'string'
      ? [
          {
            id,
            state: record.state,
            session: typeof record.session === 'string' ? record.session : null,
            amount: numberOrNull(record.amount),
            expires: numberOrNull(record.expires),
          },
        ]
      : [],
  );
}

/** One more than any card payment of the order's so far: a flagged one may carry a number of its own. */
export function nextCardPaymentId(records: readonly CardRecord[]): string {
  const numbers = records.map((record) => Number(/^card-(\d{1,4})$/.exec(record.id)?.[1] ?? 0));
  return `card-${Math.max(0, ...numbers) + 1}`;
}

/** `fields` of the record at `path`, as update paths. */
export const fieldWrites = (path: string, fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${path}/${field}`, value]));

const money = (minor: number, currency: string) =>
  formatMoney(fromMinorUnits(minor, currency.toUpperCase()), currency.toUpperCase(), 'en-GB');

/** Why a paid provider payment is not the one the shop asked for, in words for staff; null when it is. */
export function flagged(record: unknown, payment: CardPayment, currency: string): string | null {
  if (!isRecord(record)) {
    return `Flagged: the card provider took ${money(payment.amountMinor, payment.currency)} for this order in a payment the shop never started. Check it with the provider; it paid nothing here.`;
  }
  if (payment.currency !== currency.toLowerCase() || payment.amountMinor !== record.amount) {
    const asked = typeof record.amount === 'number' ? money(record.amount, currency) : 'another amount';
    return `Flagged: the card provider took ${money(payment.amountMinor, payment.currency)}, but the shop asked for ${asked}. Check it with the provider; it paid nothing here.`;
  }
  return null;
}

/**
 * The update that records a flagged payment as failed, paying nothing: its own pending record's fields, or a whole
 * record for a payment the shop never started.
 */
export function flaggedWrites(
  recordPath: string,
  pending: boolean,
  payment: CardPayment,
  currency: string,
  flag: string,
): Record<string, unknown> {
  const failed = {
    state: 'failed',
    session: payment.id,
    note: flag.slice(0, 200),
    ...(payment.charge ? { charge: payment.charge } : {}),
  };
  return pending
    ? fieldWrites(recordPath, failed)
    : { [recordPath]: { method: 'card', amount: payment.amountMinor, currency, created: SERVER_TIME, ...failed } };
}

/**
 * The refund of card money that bought nothing, queued by trusted code as staff would queue one, naming the card
 * payment it goes back to (docs/payments.md#payment-settings); none for nothing.
 */
export function automaticRefundWrites(target: OrderOf, paymentId: string, amount: number): Record<string, unknown> {
  if (amount <= 0) return {};
  return {
    [refundPaths.request(automaticRefundId(target.order, paymentId))]: {
      uid: target.uid,
      order: target.order,
      amount,
      way: 'card',
      payment: paymentId,
      by: ALLOCATOR_UID,
      at: SERVER_TIME,
    },
  };
}
