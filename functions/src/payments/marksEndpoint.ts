/**
 * POST /api/payments/apply: the desk, having queued a payment mark, asks trusted code to apply the queue now. As
 * the order queue's endpoint: the answer travels through the database (paymentMarkAnswers/{markId}), anyone may
 * call it (it applies only what the rules let staff queue), and calls while it runs join that run.
 */
import type { MarksReport } from './marks';
import type { CancelsReport } from './cancel';
import type { RefundsReport } from './refunds';
// With its extension: vite.config.ts loads this module as it is, without a bundler to resolve it.
import { type EndpointAnswer, queueRunRequest } from '../endpointAnswer.ts';

/** `afterApply` starts the mail the marks queued (the paid emails with their tickets), not waited for. */
export function applyMarksRequest(
  apply: () => Promise<MarksReport>,
  method: string | undefined,
  afterApply?: () => void,
): Promise<EndpointAnswer> {
  return queueRunRequest('payment marks', method, apply, afterApply);
}

/**
 * POST /api/payments/refund: the desk, having queued a refund request, asks trusted code to apply the refund queue
 * now (refunds.ts); the answer travels through the database (refundAnswers/{refundId}), as with the marks.
 */
export function applyRefundsRequest(
  apply: () => Promise<RefundsReport>,
  method: string | undefined,
  afterApply?: () => void,
): Promise<EndpointAnswer> {
  return queueRunRequest('refunds', method, apply, afterApply);
}

/**
 * POST /api/orders/cancel: the desk, having queued a cancel request, asks trusted code to apply the cancel queue now
 * (cancel.ts); the answer travels through the database (orderCancelAnswers/{requestId}), as with the marks.
 */
export function applyCancelsRequest(
  apply: () => Promise<CancelsReport>,
  method: string | undefined,
  afterApply?: () => void,
): Promise<EndpointAnswer> {
  return queueRunRequest('order cancels', method, apply, afterApply);
}
