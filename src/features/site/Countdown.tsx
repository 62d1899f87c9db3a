import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { countdownTo } from '../../lib/countdown';
import { useServerNow } from '../../state/serverNow';

const UNITS = [
  ['days', msg`Days`],
  ['hours', msg`Hours`],
  ['minutes', msg`Minutes`],
  ['seconds', msg`Seconds`],
] as const;

/** Time left until `target` on the database server's clock, ticking each second. */
export function Countdown({ target }: { target: number }) {
  const { i18n } = useLingui();
  const left = countdownTo(
    target,
    useServerNow((now) => now + 1000),
  );
  if (!left) return null;
  return (
    // The figures change every second: announcing each change would drown a screen reader, so the launch date
    // next to it carries the meaning and this stays silent.
    <div data-testid="countdown" aria-hidden="true" className="countdown">
      {UNITS.map(([unit, label]) => (
        <div key={unit} className="countdown__unit">
          <span className="t-h2 countdown__figure">{left[unit]}</span>
          <span className="t-caption">{i18n._(label)}</span>
        </div>
      ))}
    </div>
  );
}
