/**
 * POST /api/giftcards/apply: the desk, having queued a gift card request, asks trusted code to apply the queue now
 * (deskRequests.ts); the answer travels through the database (giftCardAnswers/{id}), as with payment marks.
 */
import type { GiftCardDeskReport } from './deskRequests';
// With its extension: vite.config.ts loads this module as it is, without a bundler to resolve it.
import { type EndpointAnswer, queueRunRequest } from '../endpointAnswer.ts';

export function applyGiftCardRequestsRequest(
  apply: () => Promise<GiftCardDeskReport>,
  method: string | undefined,
): Promise<EndpointAnswer> {
  return queueRunRequest('gift card requests', method, apply);
}
