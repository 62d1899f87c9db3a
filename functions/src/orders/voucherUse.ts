/**
 * Counting a voucher's uses in the allocator's batch (docs/vouchers.md#in-the-rush): each order placed with a voucher
 * takes one use, the batch's uses of each voucher are added to its `used` as one server increment (the rules refuse
 * the whole batch if that would pass `uses`, so a staff change in between is never overrun), and the order is listed
 * under the voucher's uses with what it came to and what the voucher took off. Closing the order gives the use back
 * (payments/closeOrder.ts).
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import { holdsAt, parseVoucher, voucherPaths, type Voucher } from '../../../src/features/vouchers/model/voucher';
import { isRecord } from '../../../src/state/validation';

const increment = (by: number) => ({ '.sv': { increment: by } });

/** The paths of the vouchers `codes` names. */
export const voucherReadPaths = (codes: readonly string[]) => codes.map(voucherPaths.voucher);

/** The vouchers as read at `voucherReadPaths(codes)`; null for none by that code, or one that cannot be vouched for. */
export function readVouchers(
  codes: readonly string[],
  stored: ReadonlyMap<string, unknown>,
): Map<string, Voucher | null> {
  return new Map(codes.map((code) => [code, parseVoucher(code, stored.get(voucherPaths.voucher(code)) ?? null)]));
}

/** The order's entry among the voucher's uses: what it came to after the voucher (`due`) and what it took off. */
export function voucherUseWrites(
  code: string,
  uid: string,
  orderId: string,
  due: number,
  off: number,
  serverTime: object,
): Record<string, unknown> {
  return { [voucherPaths.use(code, deskKey(uid, orderId))]: { total: due, off, at: serverTime } };
}

/** Each voucher's uses taken in the batch, added to its count in one increment. */
export function voucherUsedWrites(taken: ReadonlyMap<string, number>): Record<string, unknown> {
  return Object.fromEntries([...taken].map(([code, uses]) => [voucherPaths.used(code), increment(uses)]));
}

/** Giving back the use of the order `key` (uid~orderId) placed with voucher `code`, as it closes. */
export function voucherGiveBackWrites(code: string, key: string): Record<string, unknown> {
  return { [voucherPaths.used(code)]: increment(-1), [voucherPaths.use(code, key)]: null };
}

/** The voucher an order was placed with, as stored on it: its code, what it took off, the places of its it held. */
interface OrderVoucher {
  code: string;
  off: number;
  held: number;
}

/** The voucher an order was placed with; null for none. */
export function orderVoucher(order: unknown): OrderVoucher | null {
  const voucher = isRecord(order) ? order.voucher : null;
  if (!isRecord(voucher) || typeof voucher.code !== 'string' || typeof voucher.off !== 'number') return null;
  const held =
    typeof voucher.held === 'number' && Number.isInteger(voucher.held) && voucher.held > 0 ? voucher.held : 0;
  return { code: voucher.code, off: voucher.off, held };
}

/** Places of `product` an order took of what its voucher held, kept apart from public sale at `path`. */
export interface HeldPlaces {
  product: string;
  places: number;
  path: string;
}

/**
 * Where the places an order took of its voucher's hold go as it closes, or come from as a late payment buys it back
 * (docs/vouchers.md#holding-places): to and from the voucher (read at its path) while it still holds places, and, when
 * it comes back, only if it still holds as many; otherwise (null) to and from public sale, as the order's other places.
 */
export function heldPlaces(
  voucher: OrderVoucher | null,
  raw: unknown,
  now: number,
  retaking = false,
): HeldPlaces | null {
  if (!voucher || voucher.held === 0) return null;
  const stored = parseVoucher(voucher.code, raw);
  if (!stored || !holdsAt(stored, now) || (retaking && stored.held! < voucher.held)) return null;
  return { product: stored.target!, places: voucher.held, path: voucherPaths.held(voucher.code) };
}

/**
 * Whether a lapsed order placed with a voucher can take its use again, as a late payment buys it back: the voucher
 * (read at its path) still has one left. One that cannot be read has none: the money is then owed back, as for
 * places sold meanwhile (docs/payments.md#the-order-lifecycle).
 */
export function voucherUseLeft(code: string, raw: unknown): boolean {
  const voucher = parseVoucher(code, raw);
  return voucher !== null && voucher.uses - voucher.used >= 1;
}

/** Taking the use again for order `key` that comes back by a late payment: the count and its entry, as placed. */
export function voucherRetakeWrites(
  voucher: { code: string; off: number },
  key: string,
  due: number,
  serverTime: object,
): Record<string, unknown> {
  return {
    [voucherPaths.used(voucher.code)]: increment(1),
    [voucherPaths.use(voucher.code, key)]: { total: due, off: voucher.off, at: serverTime },
  };
}
