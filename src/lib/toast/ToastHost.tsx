import { useEffect, useState, type ComponentType } from 'react';
import { retryWhenOnline } from '../retryWhenOnline';
import { notifier } from './notifier';

/** What the visitor does first that may lead to a message: the toast area loads then, ahead of the message. */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * Keeps the toast library out of the start-up bundle and off the main thread while a page is loading: it loads
 * at the visitor's first tap, click or key press (before the click that may bring a message), or at once when a
 * message is waiting. If its code cannot be fetched (offline before it ever loaded), messages keep waiting in the
 * notifier and loading is tried again when the connection returns; the page never breaks.
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopWaiting = notifier.onPending(want);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { once: true, passive: true });
    return () => {
      stopWaiting();
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want);
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
