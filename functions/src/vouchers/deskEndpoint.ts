/**
 * POST /api/vouchers/apply: the desk, having queued a voucher that holds places, asks trusted code to apply the queue
 * now (deskRequests.ts); the answer travels through the database (voucherAnswers/{id}), as with gift cards.
 */
import type { VoucherDeskReport } from './deskRequests';
// With its extension: vite.config.ts loads this module as it is, without a bundler to resolve it.
import { type EndpointAnswer, queueRunRequest } from '../endpointAnswer.ts';

export function applyVoucherRequestsRequest(
  apply: () => Promise<VoucherDeskReport>,
  method: string | undefined,
): Promise<EndpointAnswer> {
  return queueRunRequest('voucher requests', method, apply);
}
