/**
 * Offering places that come back to the people waiting (docs/waiting-list.md#offers), run by the minute job after
 * it has let holds lapse and given back what ended vouchers held, so every place that came back since the last run is
 * on its product's stock and quotas, where the public cannot buy it while people wait (waitingDemand).
 *
 * 1. Offers that were answered or passed are closed: an offer whose voucher was used is `bought`; one whose voucher
 *    no longer holds, unused, is `expired` (its places were given back by the job just before).
 * 2. While the organiser lets offers go out by themselves, each product's free places are offered to those waiting,
 *    in the order they came, to each whose places fit: a voucher that holds them for the organiser's hours, made in
 *    one update with the entry's state and its demand taken off. The rules refuse it whole if the places are gone.
 */
import { parseProduct, type Product } from '../../../src/features/catalogue/product';
import { parseQuotas, unitsLeft } from '../../../src/features/catalogue/quota';
import { paths } from '../../../src/firebase/paths';
import { DEFAULT_SITE, isCurrencyCode } from '../../../src/state/site';
import {
  holdsAt,
  newVoucherCode,
  newVoucherRecord,
  parseVoucher,
  voucherPaths,
} from '../../../src/features/vouchers/model/voucher';
import {
  entryWrites,
  parseWaitingLists,
  parseWaitingListSettings,
  waitingListPaths,
  type WaitingEntry,
} from '../../../src/features/waitinglist/model/waitingList';
import type { PaymentsDatabase } from '../payments/settlePayment';
import { newHoldWrites } from '../vouchers/heldPlaces';
import { demandWrites } from './join';

const SERVER_TIME = { '.sv': 'timestamp' } as const;
const HOUR = 3_600_000;
/** The tag every offer's voucher carries, so staff tell them from their own on the desk. */
const OFFER_TAG = 'waiting-list';

export interface OfferReport {
  offered: number;
  bought: number;
  expired: number;
}

/** Closes the offers of `lists` that were used or have ended, at `now`. */
async function closeAnswered(
  db: PaymentsDatabase,
  lists: Map<string, WaitingEntry[]>,
  now: number,
  report: OfferReport,
) {
  const offered = [...lists.values()].flat().filter((entry) => entry.state === 'offered' && entry.voucher);
  if (offered.length === 0) return;
  const vouchers = await db.readAll(offered.map((entry) => voucherPaths.voucher(entry.voucher!)));
  for (const entry of offered) {
    const voucher = parseVoucher(entry.voucher!, vouchers.get(voucherPaths.voucher(entry.voucher!)));
    const state = voucher && voucher.used > 0 ? 'bought' : !voucher || !holdsAt(voucher, now) ? 'expired' : null;
    if (!state) continue;
    try {
      await db.update(entryWrites(entry, { state }));
    } catch (error) {
      // Changed meanwhile (its holder left): the next run reads it again.
      if (!db.isRefusal(error)) throw error;
      continue;
    }
    entry.state = state;
    entry.v++;
    report[state]++;
  }
}

/** The update that offers `entry` the places of `product` until `until`, with a fresh voucher. */
export function offerWrites(entry: WaitingEntry, product: Product, currency: string, until: number) {
  const code = newVoucherCode('WAIT');
  const record = newVoucherRecord(
    {
      kind: 'none',
      value: 0,
      currency,
      scope: 'product',
      target: entry.product,
      uses: 1,
      from: null,
      until,
      disabled: false,
      tag: OFFER_TAG,
      comment: null,
    },
    SERVER_TIME,
  );
  return {
    ...newHoldWrites(code, record, product, entry.quantity),
    ...demandWrites(entry, -1),
    ...entryWrites(entry, { state: 'offered', voucher: code, until, mail: 'offer' }),
  };
}

/** One run of the offer step at `now` (see above). */
export async function offerReturnedPlaces(db: PaymentsDatabase, now: number): Promise<OfferReport> {
  const report: OfferReport = { offered: 0, bought: 0, expired: 0 };
  const read = await db.readAll([waitingListPaths.all, waitingListPaths.settings, paths.quotas, paths.currency]);
  const lists = parseWaitingLists(read.get(waitingListPaths.all));
  await closeAnswered(db, lists, now, report);
  const settings = parseWaitingListSettings(read.get(waitingListPaths.settings));
  if (!settings.auto) return report;
  const waiting = [...lists].filter(([, entries]) => entries.some((entry) => entry.state === 'waiting'));
  if (waiting.length === 0) return report;
  const rawCurrency = read.get(paths.currency);
  const currency = isCurrencyCode(rawCurrency) ? rawCurrency : DEFAULT_SITE.currency;
  const quotas = new Map([...parseQuotas(read.get(paths.quotas)).quotas.values()].map((q) => [q.id, q.left]));
  const products = await db.readAll(waiting.map(([id]) => paths.product(id)));
  for (const [id, entries] of waiting) {
    const raw = products.get(paths.product(id));
    const parsed = raw == null ? null : parseProduct(id, raw);
    if (!parsed || !('product' in parsed) || !parsed.product.active) continue;
    const product = parsed.product;
    const stock = { ...product };
    for (const entry of entries) {
      if (entry.state !== 'waiting') continue;
      // All its places, or none: those who want more than is free keep their place in line, and the next who fit
      // are offered what is free (docs/waiting-list.md#offers).
      const free = unitsLeft(stock, quotas);
      if (free !== null && free < entry.quantity) continue;
      try {
        await db.update(offerWrites(entry, product, currency, now + settings.hours * HOUR));
      } catch (error) {
        // The places went meanwhile (a staff change, an order): the next run sees what is left.
        if (!db.isRefusal(error)) throw error;
        break;
      }
      report.offered++;
      if (stock.stock !== null) stock.stock -= entry.quantity;
      for (const quota of product.quotas) quotas.set(quota, (quotas.get(quota) ?? 0) - entry.quantity);
    }
  }
  return report;
}
