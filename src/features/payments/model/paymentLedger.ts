/**
 * The desk's side of payments staff record (docs/payments.md#on-the-desk): the mark it queues for trusted code, what
 * became of it in words, and an order's payments as records it lists. Pure: the shapes are those of
 * paymentRecords.ts and the rules.
 */
import type { MessageDescriptor } from '@lingui/core';
import { isRecord } from '../../../state/validation';
import type { MarkOutcome } from './paymentRecords';
import { moneyRecordFields, recordsOldestFirst, type MoneyRecordFields } from './recordList';

/** How staff take money by hand. */
export type MarkMethod = 'door' | 'transfer';

/** What the rules let a note and a statement line's key be at most. */
export const MARK_NOTE_MAX = 200;
const MARK_SOURCE_MAX = 300;

/** A mark as the rules take it (paymentMarks/{markId}): `by` is the staff member, `at` the database's clock. */
export function markRecord(
  mark: { uid: string; order: string; amount: number; method: MarkMethod; note?: string; source?: string },
  by: string,
  serverTime: object,
): Record<string, unknown> {
  const note = mark.note?.trim().slice(0, MARK_NOTE_MAX);
  return {
    uid: mark.uid,
    order: mark.order,
    amount: mark.amount,
    method: mark.method,
    ...(note ? { note } : {}),
    // Only for people to read: the mark's id, not this, is what keeps a line from being applied twice.
    ...(mark.source ? { source: mark.source.slice(0, MARK_SOURCE_MAX) } : {}),
    by,
    at: serverTime,
  };
}

/**
 * What became of a mark, in a sentence for staff, to be said in their language (`i18n._`); `money` formats the
 * order's minor units. Descriptors, as everywhere trusted code shares (docs/languages.md).
 */
export function outcomeMessage(outcome: MarkOutcome, money: (minor: number) => string): MessageDescriptor {
  switch (outcome.kind) {
    case 'paid':
      return outcome.over > 0
        ? /*i18n*/ {
            id: 'desk.mark.paid.over',
            message: 'Paid in full, with {over} more than was due: refund it to the buyer.',
            values: { over: money(outcome.over) },
          }
        : /*i18n*/ { id: 'desk.mark.paid', message: 'Paid in full. The buyer is emailed their tickets.' };
    case 'part-paid':
      return /*i18n*/ {
        id: 'desk.mark.part-paid',
        message: 'Part paid: {due} is still due.',
        values: { due: money(outcome.due) },
      };
    case 'late-no-stock':
      return /*i18n*/ {
        id: 'desk.mark.late-no-stock',
        message: 'Paid after the order had lapsed, and its tickets were sold meanwhile: refund {refund} to the buyer.',
        values: { refund: money(outcome.refund) },
      };
    case 'cancelled':
      return /*i18n*/ {
        id: 'desk.mark.cancelled',
        message: 'Recorded for a cancelled order, which it cannot buy back: refund {refund} to the buyer.',
        values: { refund: money(outcome.refund) },
      };
    case 'already':
      return /*i18n*/ {
        id: 'desk.mark.already',
        message: 'Already recorded: this payment was applied before, and nothing changed.',
      };
    case 'not-found':
      return /*i18n*/ {
        id: 'desk.mark.not-found',
        message: 'Not recorded: the order was not found, or it is from before payments.',
      };
    case 'invalid':
      return /*i18n*/ { id: 'desk.mark.invalid', message: 'Not recorded: the shop could not read this payment.' };
  }
}

/** One payment of an order, as trusted code recorded it at payments/{uid~orderId}/{paymentId}. */
export interface PaymentEntry extends MoneyRecordFields {
  id: string;
  method: MarkMethod | 'card';
  /** A card payment is `pending` while the buyer is on the provider's page, `cancelled` if it closed unpaid. */
  state: 'confirmed' | 'failed' | 'pending' | 'cancelled';
  /** The statement line it came from, when imported. */
  source: string;
}

function parsePayment(id: string, raw: unknown): PaymentEntry | null {
  if (!isRecord(raw)) return null;
  const { method, state, source } = raw;
  const fields = moneyRecordFields(raw);
  if (method !== 'door' && method !== 'transfer' && method !== 'card') return null;
  if (state !== 'confirmed' && state !== 'failed' && state !== 'pending' && state !== 'cancelled') return null;
  if (!fields) return null;
  return { id, method, state, ...fields, source: typeof source === 'string' ? source : '' };
}

/** What a payment's state adds to its line on the desk: nothing for money received. */
export const PAYMENT_STATE_NOTES: Record<PaymentEntry['state'], MessageDescriptor | null> = {
  confirmed: null,
  failed: /*i18n*/ { id: 'desk.payment.failed', message: 'failed' },
  pending: /*i18n*/ { id: 'desk.payment.pending', message: 'started on the card page, not paid yet' },
  cancelled: /*i18n*/ { id: 'desk.payment.cancelled', message: 'card page closed unpaid' },
};

/** An order's payments, oldest first; what cannot be read is counted, not shown (docs/hostile-data.md). */
export function parsePayments(raw: unknown): { payments: PaymentEntry[]; malformed: number } {
  const { records, malformed } = recordsOldestFirst(raw, parsePayment);
  return { payments: records, malformed };
}
