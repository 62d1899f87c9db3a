import { atom, type Atom } from 'jotai';
import { subscribeValue } from './database';
import { isPermissionDenied } from './errors';

export type LiveValue =
  { status: 'loading' } | { status: 'ready'; value: unknown } | { status: 'error'; message: string };

const atoms = new Map<string, Atom<LiveValue>>();

function describeError(error: unknown): string {
  return isPermissionDenied(error)
    ? 'You do not have permission to see this.'
    : 'This could not be loaded. Please reload the page.';
}

/**
 * The live value at a database path as an atom: the subscription opens when the first component reads it and
 * closes when the last one goes, so components only read atoms and never hold subscriptions themselves.
 */
export function liveValueAtom(path: string): Atom<LiveValue> {
  let existing = atoms.get(path);
  if (!existing) {
    const value = atom<LiveValue>({ status: 'loading' });
    value.onMount = (set) =>
      subscribeValue(
        path,
        (raw) => set({ status: 'ready', value: raw }),
        (error) => {
          console.error(`Live value ${path} failed:`, error);
          set({ status: 'error', message: describeError(error) });
        },
      );
    atoms.set(path, value);
    existing = value;
  }
  return existing;
}
