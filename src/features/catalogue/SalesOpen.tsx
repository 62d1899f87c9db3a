import { Trans } from '@lingui/react/macro';
import { formatEventTime } from '../../lib/format';

interface SalesOpenProps {
  at: number;
  locale: string;
  /** The shop's (null while it names none): the moment is said in its zone, named, as event times are. */
  timeZone: string | null;
  className?: string;
}

/** When sales of a product open, e.g. "Sales open Fri 4 Dec 2026, 10:00 GMT". */
export function SalesOpen({ at, locale, timeZone, className }: SalesOpenProps) {
  const when = formatEventTime(at, locale, timeZone ?? 'UTC');
  return (
    <span className={className}>
      <Trans>Sales open {when}</Trans>
    </span>
  );
}
