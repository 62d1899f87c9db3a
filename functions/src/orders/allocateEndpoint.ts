/**
 * POST /api/orders/allocate: a buyer's app, having written its request to the queue, asks trusted code to settle
 * the queue now. The answer itself travels through the database (orderAnswers/{uid}/{requestId}), so a buyer whose
 * connection drops still gets it; this call only makes the allocator run, and returns once it has seen the queue
 * empty. Anyone may call it: it settles what the rules let into the queue, and calls that arrive while it runs
 * join that run. The Cloud Function (index.ts) and `vite preview` (vite.config.ts) both answer with this module.
 */
import type { Allocator } from './allocator';
// With its extension: vite.config.ts loads this module as it is, without a bundler to resolve it.
import { type EndpointAnswer, queueRunRequest } from '../endpointAnswer.ts';

/**
 * `afterSettle` is called once the queue is settled, and not waited for: it starts the confirmations' mail
 * (mail/trustedMail.ts; docs/decisions.md#email).
 */
export function allocateRequest(
  allocator: Allocator,
  method: string | undefined,
  afterSettle?: () => void,
): Promise<EndpointAnswer> {
  // The queue is untouched by a failed batch; the buyer's app calls again, and so does every other buyer.
  return queueRunRequest(
    'allocator',
    method,
    async () => ({ settled: (await allocator.settle()).answers }),
    afterSettle,
  );
}
