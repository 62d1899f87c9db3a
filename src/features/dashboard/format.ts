import { useAtomValue } from 'jotai';
import { formatMoney } from '../../lib/money';
import { siteAtom } from '../../state/atoms';
import { plausibleTime } from '../../state/dates';

/** Money and dates in the shop's currency and locale, as the rest of the shop shows them. */
export function useShopFormat() {
  const { currency, locale } = useAtomValue(siteAtom);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    money: (amount: number) => formatMoney(amount, currency, locale),
    // Creation times come from the database: 0, 1e300 or seconds instead of milliseconds are no date to show.
    date: (epochMs: number) => (plausibleTime(epochMs) === null ? 'unknown date' : dates.format(new Date(epochMs))),
  };
}
