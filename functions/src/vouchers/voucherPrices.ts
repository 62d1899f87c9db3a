/**
 * What a voucher makes of an order's lines (docs/vouchers.md#what-it-does): decided the same way by the check at
 * checkout (check.ts) and by the allocator in its batch (orders/voucherUse.ts), from the products as the database
 * holds them.
 */
import type { Product } from '../../../src/features/catalogue/product';
import { groupOf } from '../../../src/features/catalogue/productTypes';
import { toMinorUnits } from '../../../src/lib/money';
import {
  appliesTo,
  unitPriceWith,
  unlocks,
  voucherReason,
  type Voucher,
  type VoucherReason,
} from '../../../src/features/vouchers/model/voucher';

/**
 * Why the voucher cannot be used, or each lowered line's unit price with it (minor units), what it takes off, and
 * the lines sold only with a voucher that it unlocks.
 */
export type VoucherDecision =
  { reason: VoucherReason } | { prices: Map<string, number>; off: number; unlocked: Set<string> };

/**
 * Decides `voucher` for `lines` (product id, quantity) of `products` (each present and on sale: the caller has
 * checked) in `currency` at `now`, with `usesLeft` of it left.
 */
export function decideVoucher(
  voucher: Voucher | null,
  lines: readonly (readonly [string, number])[],
  products: ReadonlyMap<string, Product | null>,
  currency: string,
  now: number,
  usesLeft?: number,
): VoucherDecision {
  const described = lines.flatMap(([id, quantity]) => {
    const product = products.get(id);
    if (!product) return [];
    return [
      {
        id,
        quantity,
        event: product.date ? groupOf(product) : null,
        quotas: product.quotas,
        giftCard: product.giftCard !== null,
        voucherOnly: product.voucherOnly === true,
        unit: toMinorUnits(product.price, currency),
      },
    ];
  });
  const reason = voucherReason(voucher, described, currency, now, usesLeft);
  if (reason || !voucher) return { reason: reason ?? 'not-found' };
  const prices = new Map<string, number>();
  const unlocked = new Set(described.filter((line) => unlocks(voucher, line)).map((line) => line.id));
  let off = 0;
  for (const line of described) {
    if (!appliesTo(voucher, line)) continue;
    const after = unitPriceWith(voucher, line.unit);
    if (after >= line.unit) continue;
    prices.set(line.id, after);
    off += (line.unit - after) * line.quantity;
  }
  return { prices, off, unlocked };
}
