import { useAtomValue } from 'jotai';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { siteAtom } from '../../../state/atoms';

/** Minor units of a currency (an order's own), in the shop's locale: what the desk says of payments. */
export function useMinorMoney(): (minor: number, currency: string) => string {
  const { locale } = useAtomValue(siteAtom);
  return (minor, currency) => formatMoney(fromMinorUnits(minor, currency), currency, locale);
}

/** Minor units of an order's own currency, in the shop's locale. */
export function useOrderMoney(currency: string): (minor: number) => string {
  const money = useMinorMoney();
  return (minor) => money(minor, currency);
}
