import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../lib/money';
import type { GiftCardAmount } from './product';

/**
 * The amounts a gift card whose buyer chooses may be worth, as its price is shown ("£5 to £500"); null for any
 * other product, whose price is shown as it is.
 */
export function useGiftAmountRange(bounds: GiftCardAmount | null, currency: string): string | null {
  const { t, i18n } = useLingui();
  if (!bounds) return null;
  const [min, max] = [bounds.min, bounds.max].map((amount) => formatMoney(amount, currency, i18n.locale));
  return t`${min} to ${max}`;
}
