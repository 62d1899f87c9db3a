/**
 * The buyer's side of changing the details their invoice is made out to (docs/invoices.md#the-buyers-details): asks
 * trusted code, with the order page's secret (functions/src/invoices/billingEndpoint.ts).
 */
import { t } from '@lingui/core/macro';
import { askTrustedCode, refused, type TrustedAnswer } from '../../../lib/askTrustedCode';
import type { BillingDetails } from '../../orders';
import { ORDER_BILLING_ENDPOINT } from '../model';

/** Trusted code's refusals, in the language spoken now. */
const words = () => ({
  refusals: {
    unchanged: t`These are the details your invoice already has.`,
    closed: t`This order was cancelled: its invoice details can no longer be changed.`,
    off: t`The shop does not take invoice details for this order.`,
    'too-late': t`The time to change the invoice details has passed: please ask the shop.`,
    corrected: t`This invoice has been corrected already: please ask the shop to change its details.`,
    'taxed-otherwise': t`With these details your order would be taxed otherwise than when you placed it (reverse charge for a business in another EU country): please ask the shop.`,
  },
  notFound: t`This link does not open this order any more.`,
});

export async function changeBilling(secret: string, details: BillingDetails): Promise<TrustedAnswer> {
  const answer = await askTrustedCode(ORDER_BILLING_ENDPOINT, { secret, billing: details }, words());
  return answer.kind === 'busy' ? refused(t`The shop is busy with this order: try again in a moment.`) : answer;
}
