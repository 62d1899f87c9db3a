import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { atom, type Atom } from 'jotai';
import { subscribeValue } from './database';
import { isPermissionDenied } from './errors';

/** An error's `message` is shown in the reader's language (`i18n._`), whichever is spoken when it shows. */
export type LiveValue =
  { status: 'loading' } | { status: 'ready'; value: unknown } | { status: 'error'; message: MessageDescriptor };

const atoms = new Map<string, Atom<LiveValue>>();

/** Why something live cannot be shown, for the reader. */
export function readProblem(error: unknown): MessageDescriptor {
  return isPermissionDenied(error)
    ? msg`You do not have permission to see this.`
    : msg`This could not be loaded. Please reload the page.`;
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
          set({ status: 'error', message: readProblem(error) });
        },
      );
    atoms.set(path, value);
    existing = value;
  }
  return existing;
}
