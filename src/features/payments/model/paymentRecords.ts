import { isRecord } from '../../../state/validation';
import { storedMinor } from '../../../lib/money';

/**
 * Payments as records of their own, beside the orders they pay (docs/payments.md#payments-staff-record): each
 * payment at payments/{uid~orderId}/{paymentId}, written once by trusted code; the marks staff queue for trusted
 * code to apply at paymentMarks/{markId}, and what became of each at paymentMarkAnswers/{markId}. Shared by the
 * desk, which queues marks and shows answers, and trusted code, which applies them.
 */
export const paymentPaths = {
  payments: (orderKey: string) => `payments/${orderKey}`,
  payment: (orderKey: string, paymentId: string) => `payments/${orderKey}/${paymentId}`,
  marks: 'paymentMarks',
  mark: (markId: string) => `paymentMarks/${markId}`,
  markAnswer: (markId: string) => `paymentMarkAnswers/${markId}`,
} as const;

/** Where the minute job of unpaid orders notes its last run (functions/src/payments/holdsJob.ts): staff read it. */
export const HOLDS_JOB_PATH = 'jobRuns/holds';

/** The job's last run: when, and what it did. */
export interface HoldsJobRun {
  at: number;
  expired: number;
  reminded: number;
}

export function parseHoldsJobRun(raw: unknown): HoldsJobRun | null {
  if (!isRecord(raw)) return null;
  const at = storedMinor(raw.at);
  const expired = storedMinor(raw.expired);
  const reminded = storedMinor(raw.reminded);
  return at === null || expired === null || reminded === null ? null : { at, expired, reminded };
}

/** What became of a mark, as the desk tells staff. Amounts in the order's minor units. */
export type MarkOutcome =
  /** The order is paid; `over` is what came in beyond what was due (0 when exact). */
  | { kind: 'paid'; over: number }
  /** Recorded; `due` is still owed. */
  | { kind: 'part-paid'; due: number }
  /** Paid in full after its hold ended and what it held was sold meanwhile: `refund` is owed back. */
  | { kind: 'late-no-stock'; refund: number }
  /** Recorded for an order staff cancelled: it buys nothing, and `refund` (all it has paid) is owed back. */
  | { kind: 'cancelled'; refund: number }
  /** This payment was applied before (the same mark, or the same statement line): nothing changed. */
  | { kind: 'already' }
  /** No order by that owner and id, or one from before payments. */
  | { kind: 'not-found' }
  | { kind: 'invalid' };

/** Reads an answer; null when it is not one. */
export function parseMarkOutcome(raw: unknown): MarkOutcome | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'paid': {
      const over = storedMinor(raw.over);
      return over === null ? null : { kind: 'paid', over };
    }
    case 'part-paid': {
      const due = storedMinor(raw.due);
      return due === null ? null : { kind: 'part-paid', due };
    }
    case 'late-no-stock':
    case 'cancelled': {
      const refund = storedMinor(raw.refund);
      return refund === null ? null : { kind: raw.kind, refund };
    }
    case 'already':
    case 'not-found':
    case 'invalid':
      return { kind: raw.kind };
    default:
      return null;
  }
}
