/**
 * Staff cancel an order through trusted code (docs/payments.md#the-order-lifecycle): the desk queues a request at
 * orderCancels/{requestId}, which the rules let only staff write and only as themselves, and trusted code
 * (functions/src/payments/cancel.ts) cancels the order in one update, with everything that follows, and answers at
 * orderCancelAnswers/{requestId}. The shapes both sides share.
 */
import { storedMinor } from '../../lib/money';
import { isRecord } from '../../state/validation';

export const cancelPaths = {
  requests: 'orderCancels',
  request: (requestId: string) => `orderCancels/${requestId}`,
  answer: (requestId: string) => `orderCancelAnswers/${requestId}`,
} as const;

/** A request as queued: which order, and which staff member asks. */
export interface CancelRequest {
  uid: string;
  order: string;
  by: string;
}

/** The request as the desk writes it; `at` is the server's time. */
export const cancelRequestRecord = (request: CancelRequest, at: object) => ({ ...request, at });

export function parseCancelRequest(raw: unknown): CancelRequest | null {
  if (!isRecord(raw)) return null;
  const { uid, order, by } = raw;
  if (typeof uid !== 'string' || typeof order !== 'string' || typeof by !== 'string') return null;
  return { uid, order, by };
}

/**
 * What became of a request: cancelled, with what the order has paid and not had back (to propose a refund of);
 * already cancelled (by staff before, or lapsed unpaid); no such order; or not a request at all.
 */
export type CancelOutcome =
  | { kind: 'cancelled'; refund: number }
  | { kind: 'already' }
  | { kind: 'not-found' }
  | { kind: 'invalid' }
  /** Not cancelled: a gift card the order issued has been spent (docs/gift-cards.md#cancelling-an-order-that-issued-cards). */
  | { kind: 'gift-card-spent' };

export function parseCancelOutcome(raw: unknown): CancelOutcome | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'cancelled': {
      const refund = storedMinor(raw.refund);
      return refund === null ? null : { kind: 'cancelled', refund };
    }
    case 'already':
    case 'not-found':
    case 'invalid':
    case 'gift-card-spent':
      return { kind: raw.kind };
    default:
      return null;
  }
}
