/**
 * What staff do to the waiting list by hand (docs/waiting-list.md#on-the-desk): offer an entry its places now, or
 * take it off the list. Only trusted code writes an entry (an offer moves places into a voucher's hold), so the desk
 * queues a request at waitingListRequests/{id}, which the rules let only staff write and only as themselves, and
 * trusted code (functions/src/waitinglist/deskRequests.ts) applies it in one update and answers at
 * waitingListAnswers/{id}, as with gift cards (docs/gift-cards.md#on-the-desk). The shapes both sides share.
 */
import { isRecord } from '../../../state/validation';
import { isEntryId } from './waitingList';

export const waitingListDeskPaths = {
  requests: 'waitingListRequests',
  request: (id: string) => `waitingListRequests/${id}`,
  answer: (id: string) => `waitingListAnswers/${id}`,
} as const;

export { WAITING_DESK_ENDPOINT } from './deskEndpoint';

/** Offer entry `entry` of `product` its places now, or take it off the list (`skip`); `by` is who asks. */
export interface WaitingDeskRequest {
  kind: 'offer' | 'skip';
  product: string;
  entry: string;
  by: string;
}

/** The request as the desk writes it; `at` is the server's time. */
export const waitingDeskRequestRecord = (request: WaitingDeskRequest, at: object): Record<string, unknown> => ({
  ...request,
  at,
});

const PRODUCT_ID = /^[a-z0-9-]{1,64}$/;

export function parseWaitingDeskRequest(raw: unknown): WaitingDeskRequest | null {
  if (!isRecord(raw)) return null;
  const { kind, product, entry, by } = raw;
  if (kind !== 'offer' && kind !== 'skip') return null;
  if (typeof product !== 'string' || !PRODUCT_ID.test(product)) return null;
  if (typeof entry !== 'string' || !isEntryId(entry) || typeof by !== 'string') return null;
  return { kind, product, entry, by };
}

/**
 * What became of a request: offered, taken off the list, no such entry (or no request that can be read), an entry
 * no longer waiting (offered, bought, gone meanwhile), or places that are not free for it.
 */
const WAITING_DESK_OUTCOMES = ['offered', 'skipped', 'not-found', 'not-waiting', 'no-places'] as const;
export type WaitingDeskOutcome = { kind: (typeof WAITING_DESK_OUTCOMES)[number] };

export function parseWaitingDeskOutcome(raw: unknown): WaitingDeskOutcome | null {
  if (!isRecord(raw)) return null;
  const found = WAITING_DESK_OUTCOMES.find((kind) => kind === raw.kind);
  return found ? { kind: found } : null;
}
