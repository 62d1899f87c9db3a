import { useLingui } from '@lingui/react/macro';
import { formatMoney, fromMinorUnits } from '../../../lib/money';

/** Minor units of a currency (an order's own), in the reader's language: what the desk says of payments. */
export function useMinorMoney(): (minor: number, currency: string) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return (minor, currency) => formatMoney(fromMinorUnits(minor, currency), currency, locale);
}

/** Minor units of an order's own currency, in the reader's language. */
export function useOrderMoney(currency: string): (minor: number) => string {
  const money = useMinorMoney();
  return (minor) => money(minor, currency);
}
