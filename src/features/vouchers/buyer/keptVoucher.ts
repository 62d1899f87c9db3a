import { StorageSlot } from '../../../state/storage';
import { normaliseVoucherCode } from '../model';

/**
 * A voucher code that came in a link (?voucher=CODE on any page of the shop), kept on this device until an order is
 * placed with it or the buyer removes it, so that checkout applies it (docs/vouchers.md#at-checkout).
 */
// The persisted root state already tells the user once when this browser's storage fails.
const slot = new StorageSlot(
  () => window.localStorage,
  'voucher',
  () => undefined,
);

/** The code kept, in its stored form; anything else under the key is not one of ours and is ignored. */
export function keptVoucher(): string | null {
  const stored = slot.read();
  return stored === null ? null : normaliseVoucherCode(stored);
}

export function keepVoucher(code: string): void {
  slot.write(code);
}

export function forgetVoucher(): void {
  slot.remove();
}

/**
 * Keeps the code a link carries and takes it out of the address, so that it is neither bookmarked nor shared with
 * the page; a parameter that cannot be a code is only taken out.
 */
export function keepVoucherFromLink(location: Location, history: History): void {
  const url = new URL(location.href);
  const carried = url.searchParams.get('voucher');
  if (carried === null) return;
  const code = normaliseVoucherCode(carried);
  if (code) keepVoucher(code);
  url.searchParams.delete('voucher');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
