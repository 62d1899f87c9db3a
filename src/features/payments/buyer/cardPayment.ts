import { t } from '@lingui/core/macro';
/**
 * The buyer's side of paying by card (docs/payments.md#card-payments): ask trusted code for the provider's page and
 * go there; come back to the order page, which asks trusted code to read the payment back. The order page's secret
 * never goes to the provider: it waits in this tab's session storage for the buyer's return.
 */
import { StorageSlot } from '../../../state/storage';
import { orderPageUrl } from '../../orders';
import { i18n } from '@lingui/core';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { CARD_PAYMENT_ENDPOINT } from '../model';

/** The order page's secret while its buyer is on the provider's page; this tab only. */
const returning = new StorageSlot(
  () => window.sessionStorage,
  'cardPaymentReturn',
  // Without it the buyer comes back to a page that asks them to open the link from their email: said there.
  () => undefined,
);

/** What the buyer's "Pay by card" came to, when it does not leave for the provider's page. */
export type CardStart =
  | { kind: 'paid' }
  | { kind: 'closed' }
  | { kind: 'cancelled' }
  | { kind: 'not-card' }
  /** Paid with a method whose money arrives later (a bank debit): nothing to pay now. */
  | { kind: 'processing' }
  | { kind: 'failed'; message: string };

const asked = (secret: string, action: 'pay' | 'check') =>
  fetch(CARD_PAYMENT_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secret, action }),
    signal: AbortSignal.timeout(30_000),
  });

const failed = (message: string): CardStart => ({ kind: 'failed', message });

/** Why a card cannot take what is due (trusted code's `not-payable`), in the language spoken now. */
function notPayable(body: Record<string, unknown>): string {
  const currency = typeof body.currency === 'string' ? body.currency : '';
  const minimum = typeof body.minimum === 'number' ? body.minimum : null;
  if (body.reason === 'minimum' && minimum !== null && currency) {
    const least = formatMoney(fromMinorUnits(minimum, currency), currency, i18n.locale);
    return t`Card payments must be at least ${least}: please pay what is due another way.`;
  }
  return t`A card cannot take this amount: please pay what is due another way.`;
}

/**
 * Asks for the provider's page for the order behind `secret` and sends the browser there (`go`); resolves only
 * when it does not go. A second tap a moment after the first is asked again once.
 */
export async function payByCard(
  secret: string,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<CardStart | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let response: Response;
    try {
      response = await asked(secret, 'pay');
    } catch {
      return failed(t`The shop cannot be reached (are you offline?). Try again in a moment.`);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 409) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    if (response.status === 423) return { kind: 'processing' };
    if (response.status === 422) return failed(notPayable(body));
    if (!response.ok) {
      return failed(typeof body.error === 'string' ? body.error : t`Card payment could not start. Try again shortly.`);
    }
    if (body.kind === 'redirect' && typeof body.url === 'string' && /^https?:\/\//.test(body.url)) {
      returning.write(secret);
      // Back from the provider's page comes to the order's own page, not to the page the buyer left from: after
      // checkout that was the confirmation, and going back there showed an empty checkout.
      window.history.replaceState(null, '', orderPageUrl(window.location.origin, secret));
      go(body.url);
      return null;
    }
    if (body.kind === 'paid' || body.kind === 'closed' || body.kind === 'cancelled' || body.kind === 'not-card')
      return { kind: body.kind } as CardStart;
    return failed(t`Card payment could not start. Try again shortly.`);
  }
  return failed(t`Card payment is being started in another tab or window: try again in a moment.`);
}

/** The secret of the order the buyer last went to pay for from this tab, if any. */
export function returningSecret(): string | null {
  return returning.read();
}

/** On the buyer's return: trusted code reads the order's card payments back from the provider. */
export async function checkCardPayment(secret: string): Promise<void> {
  await asked(secret, 'check');
}
