/**
 * What a voucher makes of the cart, asked of trusted code (POST /api/vouchers/check, functions/src/vouchers/check.ts):
 * the rules let nobody but staff read a voucher, since its code is its key and its uses are the shop's
 * (docs/vouchers.md#at-checkout). Only an answer for the checkout to show: the allocator decides again when the order
 * is placed.
 */
import { isRecord } from '../../../state/validation';
import { normaliseVoucherCode, VOUCHER_CHECK_ENDPOINT, VOUCHER_REASONS, type VoucherReason } from '../model';

export type VoucherCheckResult =
  /**
   * The code (stored form), each lowered line's unit price with it in minor units by product id, and the products
   * sold only with a voucher that it unlocks.
   */
  | { kind: 'ok'; code: string; prices: Record<string, number>; unlocks: string[]; holds: Record<string, number> }
  | { kind: 'refused'; code: string; reason: VoucherReason }
  | { kind: 'invalid' }
  | { kind: 'too-many' };

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** Whole numbers ≥ 0 by product id (prices in minor units, places held); null when it is not that. */
function parseCounts(raw: unknown): Record<string, number> | null {
  if (!isRecord(raw)) return null;
  const counts: Record<string, number> = {};
  for (const [id, count] of Object.entries(raw)) {
    if (!whole(count) || count < 0) return null;
    counts[id] = count;
  }
  return counts;
}

/** The endpoint's 200 answer (a VoucherCheckAnswer); null when it is not one. */
function parseAnswer(raw: unknown): VoucherCheckResult | null {
  if (!isRecord(raw) || typeof raw.ok !== 'boolean' || typeof raw.code !== 'string') return null;
  const { code } = raw;
  if (raw.ok) {
    const prices = parseCounts(raw.prices);
    // An answer from before holds names none.
    const holds = raw.holds === undefined ? {} : parseCounts(raw.holds);
    const unlocks =
      Array.isArray(raw.unlocks) && raw.unlocks.every((id) => typeof id === 'string') ? raw.unlocks : null;
    return prices && unlocks && holds ? { kind: 'ok', code, prices, unlocks: unlocks as string[], holds } : null;
  }
  const reason = VOUCHER_REASONS.find((known) => known === raw.reason);
  return reason ? { kind: 'refused', code, reason } : null;
}

/**
 * Asks trusted code what the voucher `code` (as typed: case and surrounding spaces do not matter) makes of `lines`
 * (product id: quantity). `invalid` for what cannot be a code, asked or not; `too-many` when this caller or this code
 * has been asked too often. Throws when it cannot be asked (offline, server trouble, no answer within 15 s) or its
 * answer cannot be read.
 */
export async function checkVoucher(code: string, lines: Record<string, number>): Promise<VoucherCheckResult> {
  if (normaliseVoucherCode(code) === null) return { kind: 'invalid' };
  const response = await fetch(VOUCHER_CHECK_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, lines }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 400) return { kind: 'invalid' };
  if (response.status === 429) return { kind: 'too-many' };
  if (!response.ok) throw new Error(`the voucher could not be checked (${response.status})`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new Error('the voucher check answer is not JSON');
  }
  const answer = parseAnswer(raw);
  if (!answer) throw new Error('the voucher check answer could not be read');
  return answer;
}
