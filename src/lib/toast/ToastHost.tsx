import { useEffect, useState, type ComponentType } from 'react';
import { retryWhenOnline } from '../retryWhenOnline';
import { notifier } from './notifier';

/**
 * Keeps the toast library out of the start-up bundle: it loads once the browser is idle after first paint, or
 * at once when a message is waiting. If its code cannot be fetched (offline before it ever loaded), messages
 * keep waiting in the notifier and loading is tried again when the connection returns; the page never breaks.
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

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

  useEffect(() => {
    if (!wanted || Toaster) return;
    let current = true;
    const stopRetrying = retryWhenOnline(
      () => import('./Toaster').then((module) => current && setToaster(() => module.default)),
      'The toast area could not be loaded; trying again when online',
    );
    return () => {
      current = false;
      stopRetrying();
    };
  }, [wanted, Toaster]);

  return Toaster ? <Toaster /> : null;
}
