import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { serverNowAtom, serverOffsetAtom } from './liveAtoms';

/** setTimeout's longest delay (about 24.8 days); a moment further off is looked at again then. */
export const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The database's time as a page shows it (countdowns, on-sale windows): the device's clock corrected by the
 * server's offset, rendered again at the moment `wakeAt` names for the time it is given (null: not again). Until
 * the component has mounted it is the moment the page was drawn at, so that a page from the server is taken over
 * showing what the server wrote (docs/performance.md).
 */
export function useServerNow(wakeAt: (now: number) => number | null): number {
  const offset = useAtomValue(serverOffsetAtom);
  const drawnAt = useAtomValue(serverNowAtom);
  const [deviceNow, setDeviceNow] = useState<number | null>(null);
  const now = deviceNow === null ? drawnAt : deviceNow + offset;
  const next = wakeAt(now);
  useEffect(() => {
    // Once mounted, the device's clock takes over at once, but only where a moment is awaited: a page of cards
    // without on-sale windows is not drawn again after hydration for nothing. After that, at the moment asked for.
    const delay = next === null ? null : deviceNow === null ? 0 : Math.min(Math.max(next - now, 0), LONGEST_TIMEOUT_MS);
    if (delay === null) return;
    const timer = setTimeout(() => setDeviceNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [deviceNow, next, now]);
  return now;
}
