import type { WritableAtom } from 'jotai';
import { startTransition } from 'react';
import type { AppStore } from './store';

/**
 * Sets a value that arrived from the network and re-renders much of the page (the catalogue, the site): as a
 * transition, which React renders in slices, so taps and typing are never held up behind it.
 */
export function setInBackground<Value>(
  store: AppStore,
  atom: WritableAtom<unknown, [Value], void>,
  value: Value,
): void {
  startTransition(() => store.set(atom, value));
}
