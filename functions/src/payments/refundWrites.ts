/**
 * A refund request as trusted code reads it, and what a refund that was made writes beside its answer: its record,
 * the order's summary moved on, and the email that tells the buyer (refunds.ts; docs/payments.md#refunds).
 */
import { paths } from '../../../src/firebase/paths';
import { deskKey } from '../../../src/features/orders/deskIndex';
import { documentsWanted } from '../../../src/features/invoices/model/invoiceDocument';
import { queuedMail } from '../../../src/features/orders/orderMail';
import type { OrderPayment } from '../../../src/features/payments/model/orderPayment';
import { isRefundWay, type RefundWay } from '../../../src/features/payments/model/refundRecords';
import { isRecord } from '../../../src/state/validation';
import { SERVER_TIME } from './settlePayment';

/** A refund as queued by staff, or by trusted code for card money that bought nothing (card.ts). */
export interface RefundRequest {
  uid: string;
  order: string;
  /** In the order's currency's minor units. */
  amount: number;
  way: RefundWay;
  note: string;
  by: string;
  /** The card payment whose charge is refunded; any of the order's when not given. */
  payment?: string;
  /** What it gives back, when staff said: a product of the order, and how many (docs/invoices.md#a-refund-of-a-line). */
  line?: string;
  quantity?: number;
}

export function parseRequest(raw: unknown): RefundRequest | null {
  if (!isRecord(raw)) return null;
  const { uid, order, amount, way, note, by, payment, line, quantity } = raw;
  if (typeof uid !== 'string' || typeof order !== 'string' || typeof by !== 'string') return null;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return null;
  if (!isRefundWay(way)) return null;
  const named = typeof payment === 'string' ? { payment } : {};
  const gives =
    typeof line === 'string' && typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1
      ? { line, quantity }
      : {};
  return { uid, order, amount, way, by, note: typeof note === 'string' ? note : '', ...named, ...gives };
}

/** The email that tells the buyer what was given back; one per refund. */
export function refundMail(
  target: { uid: string; order: string },
  messageId: string,
  order: Record<string, unknown>,
): Record<string, unknown> {
  const contact = isRecord(order.contact) ? order.contact : {};
  if (typeof contact.email !== 'string') return {};
  return queuedMail(
    messageId,
    { uid: target.uid, order: target.order, kind: 'refund', to: contact.email },
    SERVER_TIME,
  );
}

/** The refund's record, in the order's `currency`. */
export function recordOf(request: RefundRequest, currency: string, state: 'created' | 'done'): Record<string, unknown> {
  return {
    way: request.way,
    amount: request.amount,
    currency,
    state,
    created: SERVER_TIME,
    by: request.by,
    ...(request.note ? { note: request.note } : {}),
    ...(request.line && request.quantity ? { line: request.line, quantity: request.quantity } : {}),
  };
}

/** The order's summary moved on by a refund that was made; a paid order's documents are seen to (a credit note). */
export function moveOn(request: RefundRequest, payment: OrderPayment): Record<string, unknown> {
  const orderPath = paths.order(request.uid, request.order);
  return {
    [`${orderPath}/pay/refunded`]: payment.refunded + request.amount,
    [`${orderPath}/pay/v`]: payment.v + 1,
    ...(payment.state === 'paid' ? documentsWanted(deskKey(request.uid, request.order), SERVER_TIME) : {}),
  };
}
