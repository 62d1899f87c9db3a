/**
 * Staff making a voucher that holds places on the desk (docs/vouchers.md#staff-holding-places). A hold moves places
 * (stock and quotas), which no client writes, so the desk does not write such a voucher: it queues a request at
 * voucherRequests/{id}, which the rules let only staff write and only as themselves, and trusted code
 * (functions/src/vouchers/deskRequests.ts) applies it in one update and answers at voucherAnswers/{id}, as with gift
 * cards (docs/gift-cards.md#on-the-desk). The shapes both sides share.
 */
import { storedMinor } from '../../../lib/money';
import { isRecord } from '../../../state/validation';
import { parseVoucher, STORED_VOUCHER_CODE, voucherTermsRecord, type VoucherTerms } from './voucher';

export const voucherDeskPaths = {
  requests: 'voucherRequests',
  request: (id: string) => `voucherRequests/${id}`,
  answer: (id: string) => `voucherAnswers/${id}`,
} as const;

export { VOUCHER_DESK_ENDPOINT } from './deskEndpoint';

/** The most places one voucher made on the desk may hold: as many as one order may take of a hold (the rules). */
export const VOUCHER_HOLD_MAX = 1000;

/**
 * A new voucher `code` with `terms` (of one product: scope `product`) holding `places` of it apart from public sale;
 * `by` is who asks.
 */
export interface VoucherHoldRequest {
  kind: 'hold';
  code: string;
  terms: VoucherTerms;
  places: number;
  by: string;
}

/**
 * The request as the desk writes it; `at` is the server's time. `voucher` is what the desk would have written of a
 * voucher of its own (voucherTermsRecord): trusted code adds its count of uses, its time and its hold.
 */
export const voucherHoldRequestRecord = (request: VoucherHoldRequest, at: object): Record<string, unknown> => ({
  kind: request.kind,
  code: request.code,
  voucher: voucherTermsRecord(request.terms),
  places: request.places,
  by: request.by,
  at,
});

/** Whether `places` can be held by one voucher made on the desk: a whole number from 1 to VOUCHER_HOLD_MAX. */
const isHoldablePlaces = (places: number): boolean =>
  Number.isInteger(places) && places >= 1 && places <= VOUCHER_HOLD_MAX;

export function parseVoucherHoldRequest(raw: unknown): VoucherHoldRequest | null {
  if (!isRecord(raw) || raw.kind !== 'hold' || typeof raw.by !== 'string') return null;
  const { code, places } = raw;
  if (typeof code !== 'string' || !STORED_VOUCHER_CODE.test(code)) return null;
  if (typeof places !== 'number' || !isHoldablePlaces(places) || !isRecord(raw.voucher)) return null;
  // Its own count, time and hold are trusted code's to write: a request that brings any is none.
  if (['used', 'held', 'created'].some((field) => isRecord(raw.voucher) && raw.voucher[field] !== undefined)) {
    return null;
  }
  const voucher = parseVoucher(code, { ...raw.voucher, used: 0 });
  if (!voucher || voucher.scope !== 'product' || voucher.disabled) return null;
  const { kind, value, currency, scope, target, uses, from, until, disabled, tag, comment } = voucher;
  const terms: VoucherTerms = { kind, value, currency, scope, target, uses, from, until, disabled, tag, comment };
  return { kind: 'hold', code, terms, places, by: raw.by };
}

/**
 * What became of a request: the voucher made, holding its places; its code taken already (nothing made); fewer
 * places left to the public than asked (`left`, nothing made); no such product (or one no voucher applies to: a gift
 * card); or not a request at all.
 */
export type VoucherDeskOutcome =
  | { kind: 'held'; code: string; places: number }
  | { kind: 'taken'; code: string }
  | { kind: 'not-enough'; left: number }
  | { kind: 'not-found' }
  | { kind: 'invalid' };

const isCode = (value: unknown): value is string => typeof value === 'string' && STORED_VOUCHER_CODE.test(value);

export function parseVoucherDeskOutcome(raw: unknown): VoucherDeskOutcome | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'held': {
      const places = storedMinor(raw.places);
      return isCode(raw.code) && places !== null ? { kind: 'held', code: raw.code, places } : null;
    }
    case 'taken':
      return isCode(raw.code) ? { kind: 'taken', code: raw.code } : null;
    case 'not-enough': {
      const left = storedMinor(raw.left);
      return left === null ? null : { kind: 'not-enough', left };
    }
    case 'not-found':
    case 'invalid':
      return { kind: raw.kind };
    default:
      return null;
  }
}
