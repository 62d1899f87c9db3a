/**
 * POST /api/orders/allocate: a buyer's app, having written its request to the queue, asks trusted code to settle
 * the queue now. The answer itself travels through the database (orderAnswers/{uid}/{requestId}), so a buyer whose
 * connection drops still gets it; this call only makes the allocator run, and returns once it has seen the queue
 * empty. Anyone may call it: it settles what the rules let into the queue, and calls that arrive while it runs
 * join that run. The Cloud Function (index.ts) and `vite preview` (vite.config.ts) both answer with this module.
 */
import type { Allocator } from './allocator';

export interface EndpointAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * `afterSettle` is called once the queue is settled, and not waited for: it starts the confirmations' mail
 * (mail/trustedMail.ts; docs/decisions.md#email).
 */
export async function allocateRequest(
  allocator: Allocator,
  method: string | undefined,
  afterSettle?: () => void,
): Promise<EndpointAnswer> {
  if (method !== 'POST') {
    return { status: 405, headers: { ...JSON_HEADERS, Allow: 'POST' }, body: '{"error":"use POST"}' };
  }
  try {
    const report = await allocator.settle();
    afterSettle?.();
    return { status: 200, headers: JSON_HEADERS, body: JSON.stringify({ settled: report.answers }) };
  } catch (error) {
    // The queue is untouched by a failed batch; the buyer's app calls again, and so does every other buyer.
    console.error('allocator:', error);
    return { status: 503, headers: { ...JSON_HEADERS, 'Retry-After': '1' }, body: '{"error":"try again shortly"}' };
  }
}
