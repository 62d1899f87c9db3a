import { useAtomValue } from 'jotai';
import { formatMoney } from '../../lib/money';
import { siteAtom } from '../../state/atoms';

/** Money and dates in the shop's currency and locale, as the rest of the shop shows them. */
export function useShopFormat() {
  const { currency, locale } = useAtomValue(siteAtom);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    money: (amount: number) => formatMoney(amount, currency, locale),
    date: (epochMs: number) => (epochMs > 0 ? dates.format(new Date(epochMs)) : 'unknown date'),
  };
}
