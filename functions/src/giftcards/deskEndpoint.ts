/**
 * POST /api/giftcards/apply: the desk, having queued a gift card request, asks trusted code to apply the queue now
 * (deskRequests.ts); the answer travels through the database (giftCardAnswers/{id}), as with payment marks. A card
 * issued to someone queues their email: `afterApply` starts the mail sender.
 */
import type { GiftCardDeskReport } from './deskRequests';
// With its extension: vite.config.ts loads this module as it is, without a bundler to resolve it.
import { type EndpointAnswer, queueRunRequest } from '../endpointAnswer.ts';

export function applyGiftCardRequestsRequest(
  apply: () => Promise<GiftCardDeskReport>,
  method: string | undefined,
  afterApply?: () => void,
): Promise<EndpointAnswer> {
  return queueRunRequest('gift card requests', method, apply, afterApply);
}
