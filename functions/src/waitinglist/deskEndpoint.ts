/**
 * POST /api/waitinglist/apply: the desk, having queued a waiting list request, asks trusted code to apply the queue
 * now (deskRequests.ts); the answer travels through the database (waitingListAnswers/{id}), as with gift cards.
 */
import type { WaitingDeskReport } from './deskRequests';
// With its extension: vite.config.ts loads this module as it is, without a bundler to resolve it.
import { type EndpointAnswer, queueRunRequest } from '../endpointAnswer.ts';

/** `afterApply` starts the emails the offers made by hand owe, not waited for. */
export function applyWaitingListRequestsRequest(
  apply: () => Promise<WaitingDeskReport>,
  method: string | undefined,
  afterApply?: () => void,
): Promise<EndpointAnswer> {
  return queueRunRequest('waiting list requests', method, apply, afterApply);
}
