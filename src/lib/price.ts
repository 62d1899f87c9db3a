import { t } from '@lingui/core/macro';
import { formatMoney } from './money';

/**
 * A product's price as a buyer reads it: "Free" for nothing, in the reader's language, else the amount (totals stay
 * amounts). Not in lib/money.ts, which trusted code shares and which is built without Lingui's macros.
 */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return amount === 0 ? t`Free` : formatMoney(amount, currency, locale);
}
