import { t } from '@lingui/core/macro';
import type { VoucherReason } from '../model';

/** Why a voucher cannot be used, in words, as checkout and a refused order say it (docs/vouchers.md#at-checkout). */
export function voucherReasonWords(reason: VoucherReason): string {
  switch (reason) {
    case 'not-found':
      return t`No voucher has this code. Check it against the email or the link it came in.`;
    case 'disabled':
      return t`This voucher is no longer valid.`;
    case 'not-yet':
      return t`This voucher is not valid yet.`;
    case 'expired':
      return t`This voucher has expired.`;
    case 'used-up':
      return t`This voucher has been used as often as it may be.`;
    case 'not-for-these':
      return t`This voucher is not for anything in your order.`;
  }
}
