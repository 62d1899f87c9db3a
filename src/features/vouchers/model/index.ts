/**
 * The voucher model (docs/vouchers.md), pure and shared with trusted code: what the rest of the app may use.
 */
export {
  isVoucherPrefix,
  newVoucherCode,
  newVoucherRecord,
  normaliseVoucherCode,
  parseVoucher,
  STORED_VOUCHER_CODE,
  VOUCHER_BULK_MAX,
  VOUCHER_COMMENT_MAX,
  VOUCHER_PREFIX_MAX,
  VOUCHER_REASONS,
  VOUCHER_TAG_MAX,
  VOUCHER_USES_MAX,
  voucherPaths,
  voucherTermsRecord,
  type Voucher,
  type VoucherKind,
  type VoucherReason,
  type VoucherScope,
  type VoucherTerms,
} from './voucher';
export { VOUCHER_CHECK_ENDPOINT } from './checkEndpoint';
export {
  parseVoucherDeskOutcome,
  VOUCHER_DESK_ENDPOINT,
  VOUCHER_HOLD_MAX,
  voucherDeskPaths,
  voucherHoldRequestRecord,
  type VoucherDeskOutcome,
} from './deskRequests';
