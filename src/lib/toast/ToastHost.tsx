import { Suspense, lazy, useEffect, useState } from 'react';
import { notifier } from './notifier';

const Toaster = lazy(() => import('./Toaster'));

/**
 * Keeps the toast library out of the start-up bundle: it loads once the browser is idle after first paint, or
 * at once when a message is waiting.
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopWaiting = notifier.onPending(want);
    const idle = window.requestIdleCallback ? window.requestIdleCallback(want, { timeout: 2000 }) : window.setTimeout(want, 1000);
    return () => {
      stopWaiting();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
