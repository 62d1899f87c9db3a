import { countdownTo } from '../../lib/countdown';
import { useServerNow } from '../../state/serverNow';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Time left until `target` on the database server's clock, ticking each second. */
export function Countdown({ target }: { target: number }) {
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
          <span className="t-caption">{label}</span>
        </div>
      ))}
    </div>
  );
}
