import { t } from '@lingui/core/macro';
import { appStore } from '../../state/appStore';
import { connectedAtom } from '../../state/liveAtoms';
import { notify } from '../../lib/toast/notifier';
import { isPermissionDenied } from '../../firebase/errors';

/** Work that trusted code turned down for a reason staff should read: its message is shown as it is. */
export class SaveRefused extends Error {}

/**
 * Runs a dashboard write only while connected: the database SDK would otherwise queue it silently and apply it
 * whenever the connection returns, long after the person has moved on. Resolves to an error message or null;
 * success is confirmed with a toast.
 */
export async function saveOnline(
  work: () => Promise<void>,
  /** What the toast says it did; a function when only the work's outcome can tell. */
  success: string | (() => string),
  /** The toast's title: "Saved", or what the work really did ("Email on its way" when it queues mail). */
  done = t`Saved`,
): Promise<string | null> {
  if (!navigator.onLine || !appStore.get(connectedAtom)) {
    return t`You are offline, so nothing was saved. Try again when the connection is back.`;
  }
  try {
    await work();
  } catch (error) {
    if (error instanceof SaveRefused) return error.message;
    console.error('Save failed:', error);
    return isPermissionDenied(error)
      ? t`The shop refused this change: you may not have permission, or a value is not allowed.`
      : t`This could not be saved. Please try again.`;
  }
  notify({ severity: 'success', summary: done, detail: typeof success === 'string' ? success : success() });
  return null;
}

/** For one-click changes (a status, a role): the outcome goes to a toast instead of a form. */
export async function saveQuickly(
  work: () => Promise<void>,
  success: string | (() => string),
  done = t`Saved`,
): Promise<boolean> {
  const problem = await saveOnline(work, success, done);
  if (problem) notify({ severity: 'error', summary: t`Not saved`, detail: problem });
  return problem === null;
}
