/**
 * The buyer's side of paying another way (docs/payments.md#paying-another-way): asks trusted code to switch the
 * order behind the order page's secret to another method the shop offers.
 */
import { t } from '@lingui/core/macro';
import { askTrustedCode, refused } from '../../../lib/askTrustedCode';
import { PAYMENT_METHOD_ENDPOINT, type PaymentMethod } from '../model';

/** What asking came to, in the words the order page shows; `changed` means the page should fetch the order again. */
export type MethodChange = { kind: 'changed' } | { kind: 'refused'; message: string };

/** Trusted code's refusals, in the language spoken now. */
const words = () => ({
  refusals: {
    same: t`This order is already paid that way.`,
    'not-offered': t`The shop no longer offers that way to pay. Choose another.`,
    paid: t`This order is paid already: reload the page to see it.`,
    closed: t`It is too late to change how to pay: the time to pay this order has run out.`,
  },
  notFound: t`This link does not open an order any more.`,
});

export async function changePaymentMethod(secret: string, method: PaymentMethod): Promise<MethodChange> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await askTrustedCode(PAYMENT_METHOD_ENDPOINT, { secret, method }, words());
    if (answer.kind !== 'busy') return answer;
    // Changed by another tab this moment: asked again once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return refused(t`The order is being changed in another tab or window: try again in a moment.`);
}
