/**
 * Checking a voucher at checkout (docs/vouchers.md#at-checkout): its path and what it answers, shared by trusted code
 * (functions/src/vouchers/check.ts) and the app's client (vouchers/buyer/checkVoucher.ts). Only an answer: the
 * allocator decides again, in its batch, when the order is placed.
 */
import type { VoucherReason } from './voucher';

/** POST {code, lines: {productId: quantity}}: what the voucher makes of these lines now, or why it cannot. */
export const VOUCHER_CHECK_ENDPOINT = '/api/vouchers/check';

/** Lines a check may name at most: a wishlist holds fewer. */
export const VOUCHER_CHECK_LINES_MAX = 50;

export type VoucherCheckAnswer =
  /**
   * The code (stored form), each line's unit price with it in minor units for the lines it lowers, the products
   * sold only with a voucher that it unlocks (whatever the lines), and the places it holds, by product
   * (docs/vouchers.md#holding-places).
   */
  | { ok: true; code: string; prices: Record<string, number>; unlocks: string[]; holds: Record<string, number> }
  | { ok: false; code: string; reason: VoucherReason };
