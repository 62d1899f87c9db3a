/**
 * Places held by a voucher (docs/vouchers.md#holding-places): taken from a product's stock and the quotas it draws
 * on when the hold is made, kept at vouchers/{code}/held for whoever has the code, and given back to public sale by
 * the minute job once the voucher no longer holds (disabled, or past its last moment). Every movement is a server
 * increment: the rules refuse a stock, a quota or a hold below nothing, so a hold never takes places that were sold
 * meanwhile, and a release never gives back places an order took meanwhile.
 */
import { paths } from '../../../src/firebase/paths';
import { holdsAt, parseVoucher, voucherPaths } from '../../../src/features/vouchers/model/voucher';
import type { PaymentsDatabase } from '../payments/settlePayment';
import { isRecord } from '../../../src/state/validation';
import { parseProduct, type Product } from '../../../src/features/catalogue/product';

const increment = (by: number) => ({ '.sv': { increment: by } });

/** What a hold moves of a product, as the catalogue reads it: its stock when it is counted, each quota it draws on. */
type HeldProduct = Pick<Product, 'id' | 'stock' | 'quotas'>;

/** The product's places `by` moves (negative: taken from public sale; positive: given back to it). */
function publicPlacesWrites(product: HeldProduct, by: number): Record<string, unknown> {
  return {
    ...(product.stock !== null ? { [paths.productStock(product.id)]: increment(by) } : {}),
    ...Object.fromEntries(product.quotas.map((quota) => [paths.quotaLeft(quota), increment(by)])),
  };
}

/** The product as read at its path, as the catalogue parses it; null when it is gone or unreadable. */
export function heldProduct(id: string, raw: unknown): HeldProduct | null {
  const parsed = raw == null ? null : parseProduct(id, raw);
  return parsed && 'product' in parsed ? parsed.product : null;
}

/**
 * The update that makes a new voucher `code` (its `record`, as newVoucherRecord makes it, of scope `product`) hold
 * `places` of `product`, taken from public sale in the same update.
 */
export function newHoldWrites(
  code: string,
  record: Record<string, unknown>,
  product: HeldProduct,
  places: number,
): Record<string, unknown> {
  return { [voucherPaths.voucher(code)]: { ...record, held: places }, ...publicPlacesWrites(product, -places) };
}

export interface ReleaseReport {
  released: number;
  places: number;
}

/**
 * Gives back to public sale what every voucher that no longer holds at `now`, or has no use left, still holds: one
 * update per voucher,
 * the hold down by what was read and the product's places up by as much. A voucher an order drew on meanwhile makes
 * the rules refuse its update (the hold below nothing): it is given back at the next run.
 */
export async function releaseHolds(db: PaymentsDatabase, now: number): Promise<ReleaseReport> {
  const stored = (await db.readAll([voucherPaths.vouchers])).get(voucherPaths.vouchers);
  const over = Object.entries(isRecord(stored) ? stored : {}).flatMap(([code, raw]) => {
    const voucher = parseVoucher(code, raw);
    // Ended, or used up: an offer of two places bought with one holds the other for nobody.
    const over = voucher && (!holdsAt(voucher, now) || voucher.used >= voucher.uses);
    return voucher && over && voucher.held !== null && voucher.held > 0 ? [voucher] : [];
  });
  const report: ReleaseReport = { released: 0, places: 0 };
  if (over.length === 0) return report;
  const targets = [...new Set(over.map((voucher) => voucher.target!))];
  const read = await db.readAll(targets.map(paths.product));
  for (const voucher of over) {
    const product = heldProduct(voucher.target!, read.get(paths.product(voucher.target!)));
    const places = voucher.held!;
    try {
      await db.update({
        [voucherPaths.held(voucher.code)]: increment(-places),
        // A product that is gone has no sale to go back to: the hold ends all the same.
        ...(product ? publicPlacesWrites(product, places) : {}),
      });
      report.released++;
      report.places += places;
    } catch (error) {
      if (!db.isRefusal(error)) throw error;
    }
  }
  return report;
}
