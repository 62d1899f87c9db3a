import type { MessageDescriptor } from '@lingui/core';
import { isRecord } from '../../../state/validation';
import { PAYMENT_METHODS, type PaymentMethod } from './paymentSettings';
import { storedMinor } from '../../../lib/money';

/**
 * An order's payment summary (`pay` on orders/{uid}/{orderId}; docs/payments.md#an-orders-payment): how it is
 * paid, what is due and what has come in, in the currency's minor units, and where the hold stands. Trusted code
 * writes it with the order and moves it as payments, refunds and the expiry job act; no client may write it, staff
 * included (the rules). The payments and refunds themselves are records of their own.
 */
export const PAY_STATES = ['pending', 'paid', 'expired'] as const;
export type PayState = (typeof PAY_STATES)[number];

/**
 * A free order is paid as it is placed and has no method to speak of; one a gift card paid whole is paid as it is
 * placed, by the card (docs/gift-cards.md#paying-with-one).
 */
export type OrderPaymentMethod = PaymentMethod | 'free' | 'giftcard';
const ORDER_PAYMENT_METHODS: readonly unknown[] = [...PAYMENT_METHODS, 'free', 'giftcard'];

export interface OrderPayment {
  method: OrderPaymentMethod;
  /** ISO 4217, as the shop's settings had it when the order was placed. */
  currency: string;
  /** The order's total in minor units, computed by trusted code from the catalogue. */
  due: number;
  /** Money received, in minor units, before refunds. */
  paid: number;
  /** Money given back, in minor units. */
  refunded: number;
  state: PayState;
  /** When an unpaid order lapses (epoch ms); null when it never does (goods paid for on collection). */
  until: number | null;
  /** Bumped by every change, so two changes that read the same summary cannot both be written (the rules). */
  v: number;
  /**
   * How the payment that made it paid came in, when not as the order was to be paid (a lapsed card order paid late
   * by bank transfer): what "Paid · …" names.
   */
  paidBy?: PaymentMethod;
}

/** Where an order's payment stands, in the reader's language (`i18n._`): the order page and the desk. */
export const PAY_STATE_LABELS: Readonly<Record<PayState, MessageDescriptor>> = {
  pending: /*i18n*/ { id: 'payment.state.pending', message: 'Awaiting payment' },
  paid: /*i18n*/ { id: 'payment.state.paid', message: 'Paid' },
  expired: /*i18n*/ { id: 'payment.state.expired', message: 'Expired unpaid' },
};

/** Each way of paying by name, in the reader's language (`i18n._`): checkout, the order page and its emails. */
export const METHOD_LABELS: Readonly<Record<OrderPaymentMethod, MessageDescriptor>> = {
  door: /*i18n*/ { id: 'payment.method.door', message: 'At the door' },
  transfer: /*i18n*/ { id: 'payment.method.transfer', message: 'Bank transfer' },
  card: /*i18n*/ { id: 'payment.method.card', message: 'Card' },
  free: /*i18n*/ { id: 'payment.method.free', message: 'Free' },
  giftcard: /*i18n*/ { id: 'payment.method.giftcard', message: 'Gift card' },
};

/**
 * The summary a new order starts with: paid at once when nothing is due, or when a gift card pays all of it; what a
 * gift card paid (`fromGiftCard`, never more than is due) is paid from the start, the rest by `method`.
 */
export function newOrderPayment(
  method: PaymentMethod,
  due: number,
  currency: string,
  until: number | null,
  fromGiftCard = 0,
): OrderPayment {
  if (due === 0) return { method: 'free', currency, due, paid: 0, refunded: 0, state: 'paid', until: null, v: 1 };
  const paid = Math.min(due, fromGiftCard);
  return paid === due
    ? { method: 'giftcard', currency, due, paid, refunded: 0, state: 'paid', until: null, v: 1 }
    : { method, currency, due, paid, refunded: 0, state: 'pending', until, v: 1 };
}

/** As the database holds it: `until` left out when there is none (the database keeps no nulls). */
export type StoredOrderPayment = Omit<OrderPayment, 'until'> & { until?: number };

export function orderPaymentRecord(payment: OrderPayment): StoredOrderPayment {
  const { until, ...rest } = payment;
  return until === null ? rest : { ...rest, until };
}

/** Reads a stored summary; null when it is absent or cannot be vouched for (an order from before payments). */
export function parseOrderPayment(raw: unknown): OrderPayment | null {
  if (!isRecord(raw)) return null;
  const method = raw.method;
  const state = raw.state;
  const due = storedMinor(raw.due);
  const paid = storedMinor(raw.paid);
  const refunded = storedMinor(raw.refunded);
  const v = storedMinor(raw.v);
  const isMethod = ORDER_PAYMENT_METHODS.includes(method);
  if (!isMethod || !(PAY_STATES as readonly unknown[]).includes(state) || typeof raw.currency !== 'string') return null;
  if (due === null || paid === null || refunded === null || v === null) return null;
  return {
    method: method as OrderPaymentMethod,
    currency: raw.currency,
    due,
    paid,
    refunded,
    state: state as PayState,
    until: storedMinor(raw.until),
    v,
    ...((PAYMENT_METHODS as readonly unknown[]).includes(raw.paidBy) ? { paidBy: raw.paidBy as PaymentMethod } : {}),
  };
}

/**
 * Whether an order's tickets are issued to its buyer (the order page, the emails, the door): once paid, or at once
 * when it is paid at the door (they show "unpaid" there), and for orders from before payments
 * (docs/payments.md#tickets-once-paid). A card or transfer order's tickets wait for its payment.
 */
export function ticketsIssued(payment: OrderPayment | null): boolean {
  return payment === null || payment.state === 'paid' || (payment.state === 'pending' && payment.method === 'door');
}

/**
 * What an order's tickets are while it is not cancelled (docs/payments.md#tickets-once-paid): unpaid while a card
 * or transfer payment is awaited, valid otherwise (paid, free, to pay at the door, or from before payments).
 */
export function liveTicketStatus(payment: Pick<OrderPayment, 'state' | 'method'> | null): 'valid' | 'unpaid' {
  return payment && payment.state !== 'paid' && (payment.method === 'card' || payment.method === 'transfer')
    ? 'unpaid'
    : 'valid';
}

/** What the buyer still owes, in minor units: never below nothing. */
export function balanceDue(payment: Pick<OrderPayment, 'due' | 'paid'>): number {
  return Math.max(0, payment.due - payment.paid);
}
