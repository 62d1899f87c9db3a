/**
 * Refunds as records of their own (docs/payments.md#refunds), after pretix's OrderRefund: each at
 * refunds/{uid~orderId}/{refundId}, created, then done or failed, written by trusted code only. Staff ask for one by
 * queueing refundRequests/{refundId}; trusted code applies the queue and answers at refundAnswers/{refundId}. Pure
 * and shared by the desk (which queues requests, lists refunds and says answers) and trusted code (which applies
 * them); the shapes are the rules'.
 */
import type { MessageDescriptor } from '@lingui/core';
import { isRecord } from '../../../state/validation';
import type { OrderPayment } from './orderPayment';
import type { MarkOutcome } from './paymentRecords';
import { moneyRecordFields, recordsOldestFirst, type MoneyRecordFields } from './recordList';
import { storedMinor } from '../../../lib/money';

export const refundPaths = {
  requests: 'refundRequests',
  request: (refundId: string) => `refundRequests/${refundId}`,
  answer: (refundId: string) => `refundAnswers/${refundId}`,
  refunds: (orderKey: string) => `refunds/${orderKey}`,
  refund: (orderKey: string, refundId: string) => `refunds/${orderKey}/${refundId}`,
} as const;

/**
 * How the money goes back: through the card provider, by hand (a bank transfer, cash at the door), to the gift card
 * that paid it (which trusted code also does as the order closes: docs/gift-cards.md#giving-it-back), or to a new
 * gift card issued for it and mailed to the buyer (docs/gift-cards.md#refunds-to-a-gift-card).
 */
export type RefundWay = 'card' | 'by-hand' | 'giftcard' | 'new-giftcard';
const REFUND_WAYS: readonly RefundWay[] = ['card', 'by-hand', 'giftcard', 'new-giftcard'];
export const isRefundWay = (value: unknown): value is RefundWay => (REFUND_WAYS as readonly unknown[]).includes(value);

export const REFUND_WAY_LABELS: Record<RefundWay, MessageDescriptor> = {
  card: /*i18n*/ { id: 'desk.refund.way.card', message: 'To the card, through the card provider' },
  'by-hand': /*i18n*/ { id: 'desk.refund.way.by-hand', message: 'Recorded as refunded by hand (bank transfer, cash)' },
  giftcard: /*i18n*/ { id: 'desk.refund.way.giftcard', message: 'Back to the gift card it was paid with' },
  'new-giftcard': /*i18n*/ {
    id: 'desk.refund.way.new-giftcard',
    message: 'To a new gift card, emailed to the buyer',
  },
};

/** What the rules let a refund's note be at most. */
export const REFUND_NOTE_MAX = 200;

/** What may still be given back of an order: what was paid less what was refunded. */
export function refundable(payment: Pick<OrderPayment, 'paid' | 'refunded'>): number {
  return Math.max(0, payment.paid - payment.refunded);
}

/**
 * Money that buys nothing and is owed back to the buyer (docs/payments.md#the-order-lifecycle): all that may be
 * given back of an order cancelled by staff or lapsed (money that came too late), else what came in beyond what was
 * due. What the buyer's page and the desk's row call "to refund".
 */
export function owedBack(
  payment: Pick<OrderPayment, 'paid' | 'refunded' | 'due' | 'state'>,
  cancelled: boolean,
): number {
  const left = refundable(payment);
  return cancelled || payment.state === 'expired' ? left : Math.min(left, Math.max(0, left - payment.due));
}

/**
 * What the desk proposes to give back: for an order that stands, only what came in beyond what was due (an
 * over-payment), when there is some; for one cancelled or lapsed, or one paid exactly, all that may be given back.
 * Staff may change it either way.
 */
export function proposedRefund(
  payment: Pick<OrderPayment, 'paid' | 'refunded' | 'due' | 'state'>,
  cancelled: boolean,
): number {
  const owed = owedBack(payment, cancelled);
  return owed > 0 ? owed : refundable(payment);
}

/** A refund staff ask for: of which order, how much (minor units), which way, and why. */
export interface NewRefund {
  uid: string;
  order: string;
  amount: number;
  way: RefundWay;
  note?: string;
  /** What it gives back, when staff say: a product of the order and how many (docs/invoices.md#a-refund-of-a-line). */
  gives?: { line: string; quantity: number };
}

/** A request as the rules take it (refundRequests/{refundId}): `by` is the staff member, `at` the database's clock. */
export function refundRequestRecord(request: NewRefund, by: string, serverTime: object): Record<string, unknown> {
  const note = request.note?.trim().slice(0, REFUND_NOTE_MAX);
  return {
    uid: request.uid,
    order: request.order,
    amount: request.amount,
    way: request.way,
    ...(note ? { note } : {}),
    ...(request.gives ? { line: request.gives.line, quantity: request.gives.quantity } : {}),
    by,
    at: serverTime,
  };
}

/** What became of a request, as the desk tells staff. Amounts in the order's minor units. */
export type RefundOutcome =
  /** Given back; `refunded` is what the order has had back in all since. */
  | { kind: 'done'; amount: number; refunded: number }
  /** The provider refused it; nothing was given back. */
  | { kind: 'failed'; reason: string }
  /** More than was paid and not yet refunded: `left` is what may be. */
  | { kind: 'too-much'; left: number }
  /** A card refund for an order with no confirmed card payment, or with no card provider set up. */
  | { kind: 'no-card' }
  /** A refund to the gift card that paid, for an order no gift card paid (or whose card cannot be read). */
  | { kind: 'no-gift-card' }
  | { kind: 'already' }
  /** No such order, or one from before payments. */
  | { kind: 'not-found' }
  | { kind: 'invalid' };

/** Reads an answer; null when it is not one. */
export function parseRefundOutcome(raw: unknown): RefundOutcome | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'done': {
      const amount = storedMinor(raw.amount);
      const refunded = storedMinor(raw.refunded);
      return amount === null || refunded === null ? null : { kind: 'done', amount, refunded };
    }
    case 'failed':
      return { kind: 'failed', reason: typeof raw.reason === 'string' ? raw.reason : '' };
    case 'too-much': {
      const left = storedMinor(raw.left);
      return left === null ? null : { kind: 'too-much', left };
    }
    case 'no-card':
    case 'no-gift-card':
    case 'already':
    case 'not-found':
    case 'invalid':
      return { kind: raw.kind };
    default:
      return null;
  }
}

/** What became of a request, in a sentence for staff (`i18n._`); `money` formats the order's minor units. */
export function refundOutcomeMessage(outcome: RefundOutcome, money: (minor: number) => string): MessageDescriptor {
  switch (outcome.kind) {
    case 'done':
      return /*i18n*/ {
        id: 'desk.refund.done',
        message: 'Refunded {amount} ({refunded} in all). The buyer is emailed.',
        values: { amount: money(outcome.amount), refunded: money(outcome.refunded) },
      };
    case 'failed':
      // The provider's reason comes in its own words, as it gave it.
      return outcome.reason
        ? /*i18n*/ {
            id: 'desk.refund.failed.reason',
            message: 'The card provider refused the refund: {reason}. Nothing was given back.',
            values: { reason: outcome.reason },
          }
        : /*i18n*/ {
            id: 'desk.refund.failed',
            message: 'The card provider refused the refund. Nothing was given back.',
          };
    case 'too-much':
      return /*i18n*/ {
        id: 'desk.refund.too-much',
        message: 'Not refunded: that is more than was paid and not yet refunded ({left}).',
        values: { left: money(outcome.left) },
      };
    case 'no-card':
      return /*i18n*/ {
        id: 'desk.refund.no-card',
        message: 'Not refunded: this order has no card payment the card provider can refund. Refund it by hand.',
      };
    case 'no-gift-card':
      return /*i18n*/ {
        id: 'desk.refund.no-gift-card',
        message: 'Not refunded: no gift card paid this order. Refund it to a new gift card or another way.',
      };
    case 'already':
      return /*i18n*/ {
        id: 'desk.refund.already',
        message: 'Already refunded: this refund was applied before, and nothing changed.',
      };
    case 'not-found':
      return /*i18n*/ {
        id: 'desk.refund.not-found',
        message: 'Not refunded: the order was not found, or it is from before payments.',
      };
    case 'invalid':
      return /*i18n*/ { id: 'desk.refund.invalid', message: 'Not refunded: the shop could not read this refund.' };
  }
}

/**
 * created: a card refund before the provider answered; pending: the provider took it and has not finished it; done;
 * failed: refused, or (a card refund) failed at the provider after it was first taken (docs/payments.md#refunds).
 */
type RefundState = 'created' | 'pending' | 'done' | 'failed';

/** One refund of an order, as trusted code recorded it at refunds/{uid~orderId}/{refundId}. */
export const REFUND_STATE_LABELS: Record<RefundState, MessageDescriptor> = {
  created: /*i18n*/ { id: 'desk.refund.state.created', message: 'under way' },
  pending: /*i18n*/ { id: 'desk.refund.state.pending', message: 'on its way' },
  done: /*i18n*/ { id: 'desk.refund.state.done', message: 'done' },
  failed: /*i18n*/ { id: 'desk.refund.state.failed', message: 'failed' },
};

export interface RefundEntry extends MoneyRecordFields {
  id: string;
  way: RefundWay;
  state: RefundState;
  /** Why the provider refused it (failed only). */
  error: string;
  /** The gift card it went to (ways giftcard and new-giftcard). */
  card?: string;
  /** What it gave back, when staff said: a product of the order, and how many. */
  line?: string;
  quantity?: number;
}

function parseRefund(id: string, raw: unknown): RefundEntry | null {
  if (!isRecord(raw)) return null;
  const { way, state, error } = raw;
  const fields = moneyRecordFields(raw);
  if (!isRefundWay(way)) return null;
  if (state !== 'created' && state !== 'pending' && state !== 'done' && state !== 'failed') return null;
  if (!fields) return null;
  const card = typeof raw.card === 'string' ? { card: raw.card } : {};
  const gives =
    typeof raw.line === 'string' && Number.isInteger(raw.quantity) && (raw.quantity as number) >= 1
      ? { line: raw.line, quantity: raw.quantity as number }
      : {};
  return { id, way, state, ...fields, error: typeof error === 'string' ? error : '', ...card, ...gives };
}

/** An order's refunds, oldest first; what cannot be read is counted, not shown (docs/hostile-data.md). */
export function parseRefunds(raw: unknown): { refunds: RefundEntry[]; malformed: number } {
  const { records, malformed } = recordsOldestFirst(raw, parseRefund);
  return { refunds: records, malformed };
}

/**
 * The charge a card refund names: the provider's id of a confirmed card payment of the order (of payment `only`, when
 * the refund names one: a payment refunded because it bought nothing); null when none.
 */
export function cardCharge(payments: unknown, only?: string): string | null {
  if (!isRecord(payments)) return null;
  for (const [id, record] of Object.entries(payments)) {
    if (!isRecord(record) || (only !== undefined && id !== only)) continue;
    if (record.method === 'card' && record.state === 'confirmed' && typeof record.charge === 'string' && record.charge)
      return record.charge;
  }
  return null;
}

/** The gift card that paid the order (its confirmed `giftcard` payment), from its payment records; null when none. */
export function payingGiftCard(payments: unknown): string | null {
  if (!isRecord(payments)) return null;
  for (const record of Object.values(payments)) {
    if (
      isRecord(record) &&
      record.method === 'giftcard' &&
      record.state === 'confirmed' &&
      typeof record.card === 'string'
    )
      return record.card;
  }
  return null;
}

/**
 * What of a card payment of `amount` bought nothing, by what recording it came to (docs/payments.md#the-order-lifecycle):
 * all of it for an order cancelled, or lapsed and sold on (at most what the order has paid and not had back); what
 * came in over what was due for an order paid (already, or by this payment); nothing for a part payment. Refunded at
 * once when the organiser asks for it (card.autoRefund in the payment settings).
 */
export function boughtNothing(outcome: MarkOutcome, amount: number): number {
  switch (outcome.kind) {
    case 'late-no-stock':
    case 'cancelled':
      return Math.min(outcome.refund, amount);
    case 'paid':
      return Math.min(outcome.over, amount);
    default:
      return 0;
  }
}

/** The id of the refund trusted code queues for card payment `paymentId` of order `orderId` that bought nothing. */
export const automaticRefundId = (orderId: string, paymentId: string) => `auto-${orderId}-${paymentId}`;
