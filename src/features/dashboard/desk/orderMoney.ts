import { useAtomValue } from 'jotai';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { siteAtom } from '../../../state/atoms';

/** Minor units of an order's own currency, in the shop's locale (what the desk says of payments). */
export function useOrderMoney(currency: string): (minor: number) => string {
  const { locale } = useAtomValue(siteAtom);
  return (minor) => formatMoney(fromMinorUnits(minor, currency), currency, locale);
}
