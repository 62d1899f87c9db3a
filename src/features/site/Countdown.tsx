import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { serverNowAtom, serverOffsetAtom } from '../../state/liveAtoms';
import { countdownTo } from './comingSoon';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Time left until `target` on the database server's clock, ticking each second. */
export function Countdown({ target }: { target: number }) {
  const offset = useAtomValue(serverOffsetAtom);
  // Until the first tick, the moment the page was drawn at: on a page from the server, the server's, so that the
  // browser's first render shows the figures the server wrote (docs/performance.md).
  const drawnAt = useAtomValue(serverNowAtom);
  const [deviceNow, setDeviceNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setDeviceNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  const left = countdownTo(target, deviceNow === null ? drawnAt : deviceNow + offset);
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
