import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { zoneNote } from '../../lib/zoneNote';
import { formatMoney, fromMinorUnits } from '../../lib/money';
import { siteAtom } from '../../state/atoms';
import { plausibleTime } from '../../state/dates';

/**
 * Money and dates in the shop's currency and time zone and the reader's language, as the rest of the shop shows
 * them, whatever the device's own zone is (docs/behaviour.md#the-staff-desk, docs/languages.md).
 */
export function useShopFormat() {
  const { currency, timezone } = useAtomValue(siteAtom);
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  const dates = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timezone ? { timeZone: timezone } : {}),
  });
  return {
    money: (amount: number) => formatMoney(amount, currency, locale),
    /** An amount in the shop currency's minor units, as trusted code records money (docs/payments.md). */
    minor: (amount: number) => formatMoney(fromMinorUnits(amount, currency), currency, locale),
    // Creation times come from the database: 0, 1e300 or seconds instead of milliseconds are no date to show.
    date: (epochMs: number) => (plausibleTime(epochMs) === null ? t`unknown date` : dates.format(new Date(epochMs))),
    zoneNote: zoneNote(timezone),
  };
}
