/**
 * Joining and leaving the waiting list, asked of trusted code (docs/waiting-list.md#joining-and-leaving): nobody but
 * trusted code writes the list, so the shop only asks.
 */
import { isRecord } from '../../../state/validation';
import { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from '../model';
import { JOIN_REFUSALS, type JoinRefusal, type WaitingJoinRequest } from '../model/endpoints';

export type JoinResult =
  | { kind: 'joined'; position: number }
  | { kind: 'refused'; reason: JoinRefusal }
  | { kind: 'invalid' }
  | { kind: 'too-many' };

export type LeaveResult = 'left' | 'not-found' | 'too-many';

/** Posts `body` to `endpoint`: the 200 answer's JSON, or the status that is an answer in itself. */
async function post(endpoint: string, body: unknown): Promise<unknown> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 400 || response.status === 429) return response.status;
  if (!response.ok) throw new Error(`the waiting list could not be asked (${response.status})`);
  return response.json();
}

/** Joins; throws when it cannot be asked (offline, server trouble) or its answer cannot be read. */
export async function joinWaitingList(request: WaitingJoinRequest): Promise<JoinResult> {
  const raw = await post(WAITING_JOIN_ENDPOINT, request);
  if (raw === 400) return { kind: 'invalid' };
  if (raw === 429) return { kind: 'too-many' };
  if (isRecord(raw) && raw.ok === true && typeof raw.position === 'number' && Number.isInteger(raw.position)) {
    return { kind: 'joined', position: raw.position };
  }
  const reason = JOIN_REFUSALS.find((known) => isRecord(raw) && raw.ok === false && raw.reason === known);
  if (reason) return { kind: 'refused', reason };
  throw new Error('the waiting list answer could not be read');
}

/** Leaves by the link's `product`, `entry` and `key`; throws when it cannot be asked. */
export async function leaveWaitingList(link: { product: string; entry: string; key: string }): Promise<LeaveResult> {
  const raw = await post(WAITING_LEAVE_ENDPOINT, link);
  if (raw === 429) return 'too-many';
  return isRecord(raw) && raw.ok === true ? 'left' : 'not-found';
}
