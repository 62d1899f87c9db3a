/**
 * Vouchers and discount codes (docs/vouchers.md): the field at checkout and the code a link brings; the desk's tab is
 * loaded lazily by the dashboard (desk/VouchersDeskPanel.tsx).
 */
export { VoucherAtCheckout, type AppliedVoucher } from './buyer/VoucherAtCheckout';
export { VoucherOnWishlist } from './buyer/VoucherOnWishlist';
export { forgetVoucher, keptVoucher } from './buyer/keptVoucher';
export { voucherReasonWords } from './buyer/voucherWords';
