/**
 * The buyer's side of paying another way (docs/payments.md#paying-another-way): asks trusted code to switch the
 * order behind the order page's secret to another method the shop offers.
 */
import { PAYMENT_METHOD_ENDPOINT, type PaymentMethod } from '../orders';

/** What asking came to, in the words the order page shows; `changed` means the page should fetch the order again. */
export type MethodChange = { kind: 'changed' } | { kind: 'refused'; message: string };

const REFUSALS: Record<string, string> = {
  same: 'This order is already paid that way.',
  'not-offered': 'The shop no longer offers that way to pay. Choose another.',
  paid: 'This order is paid already: reload the page to see it.',
  closed: 'It is too late to change how to pay: the time to pay this order has run out.',
};

const refused = (message: string): MethodChange => ({ kind: 'refused', message });

export async function changePaymentMethod(secret: string, method: PaymentMethod): Promise<MethodChange> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let response: Response;
    try {
      response = await fetch(PAYMENT_METHOD_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ secret, method }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      return refused('The shop cannot be reached (are you offline?). Try again in a moment.');
    }
    // Changed by another tab this moment: asked again once.
    if (response.status === 409) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    const body = (await response.json().catch(() => ({}))) as { kind?: unknown; error?: unknown };
    if (response.ok && body.kind === 'changed') return { kind: 'changed' };
    if (response.ok && typeof body.kind === 'string' && body.kind in REFUSALS) return refused(REFUSALS[body.kind]!);
    if (response.status === 404) return refused('This link does not open an order any more.');
    return refused(typeof body.error === 'string' ? body.error : 'The shop cannot change this now: try again shortly.');
  }
  return refused('The order is being changed in another tab or window: try again in a moment.');
}
