import { useAtomValue } from 'jotai';
import { zoneNote } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { siteAtom } from '../../state/atoms';
import { plausibleTime } from '../../state/dates';

/**
 * Money and dates in the shop's currency, locale and time zone, as the rest of the shop shows them, whatever the
 * staff member's device is set to (docs/behaviour.md#the-staff-desk).
 */
export function useShopFormat() {
  const { currency, locale, timezone } = useAtomValue(siteAtom);
  const dates = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timezone ? { timeZone: timezone } : {}),
  });
  return {
    money: (amount: number) => formatMoney(amount, currency, locale),
    // Creation times come from the database: 0, 1e300 or seconds instead of milliseconds are no date to show.
    date: (epochMs: number) => (plausibleTime(epochMs) === null ? 'unknown date' : dates.format(new Date(epochMs))),
    zoneNote: zoneNote(timezone),
  };
}
