/**
 * The desk's side of payments staff record (docs/payments.md#on-the-desk): the mark it queues for trusted code, what
 * became of it in words, and an order's payments as records it lists. Pure: the shapes are those of
 * paymentRecords.ts and the rules.
 */
import { isRecord } from '../../state/validation';
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

/** What became of a mark, in a sentence for staff; `money` formats the order's minor units. */
export function outcomeText(outcome: MarkOutcome, money: (minor: number) => string): string {
  switch (outcome.kind) {
    case 'paid':
      return outcome.over > 0
        ? `Paid in full, with ${money(outcome.over)} more than was due: refund it to the buyer.`
        : 'Paid in full. The buyer is emailed their tickets.';
    case 'part-paid':
      return `Part paid: ${money(outcome.due)} is still due.`;
    case 'late-no-stock':
      return `Paid after the order had lapsed, and its tickets were sold meanwhile: refund ${money(outcome.refund)} to the buyer.`;
    case 'already':
      return 'Already recorded: this payment was applied before, and nothing changed.';
    case 'not-found':
      return 'Not recorded: the order was not found, or it is from before payments.';
    case 'invalid':
      return 'Not recorded: the shop could not read this payment.';
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
export const PAYMENT_STATE_NOTES: Record<PaymentEntry['state'], string> = {
  confirmed: '',
  failed: 'failed',
  pending: 'started on the card page, not paid yet',
  cancelled: 'card page closed unpaid',
};

/** An order's payments, oldest first; what cannot be read is counted, not shown (docs/hostile-data.md). */
export function parsePayments(raw: unknown): { payments: PaymentEntry[]; malformed: number } {
  const { records, malformed } = recordsOldestFirst(raw, parsePayment);
  return { payments: records, malformed };
}
