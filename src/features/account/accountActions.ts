import { t } from '@lingui/core/macro';
import { login, logout } from '../../state/auth';
import { appStore } from '../../state/appStore';
import { authAtom } from '../../state/atoms';
import { notify } from '../../lib/toast/notifier';
import { sendPasswordReset, signOut as signOutUser } from '../../firebase/auth';
import { createAccount, signInWithPassword } from './authSession';
import { authErrorCode, authErrorMessage, offlineMessage } from './authErrors';
import type { SignInFields, SignUpFields } from './accountFields';
import { displayName, loginPayload, type Profile } from './profile';
import { sessionAtom } from '../../state/session';

/** An outcome a form can show: null when it worked, otherwise the message to put in front of the user. */
export type ActionResult = string | null;

async function online<T>(work: () => Promise<T>): Promise<T> {
  // Firebase would wait for a connection that is not there; say so at once instead.
  if (!navigator.onLine) throw Object.assign(new Error('offline'), { code: 'auth/network-request-failed' });
  return work();
}

function enter(account: { uid: string; profile: Profile }): void {
  // Only the auth slice changes: the guest's wishlist (the cart slice) stays as it was.
  appStore.set(authAtom, login(loginPayload(account.uid, account.profile)));
  appStore.set(sessionAtom, 'signed-in');
  const name = displayName(account.profile);
  notify({
    severity: 'success',
    summary: t`Signed in`,
    detail: t`Welcome, ${name}.`,
    key: 'signed-in',
  });
}

export async function signIn(fields: SignInFields): Promise<ActionResult> {
  try {
    enter(await online(() => signInWithPassword(fields.email.trim(), fields.password)));
    return null;
  } catch (error) {
    return authErrorMessage(error);
  }
}

export async function signUp(fields: SignUpFields): Promise<ActionResult> {
  try {
    const trimmed = {
      ...fields,
      firstname: fields.firstname.trim(),
      lastname: fields.lastname.trim(),
      email: fields.email.trim(),
    };
    enter(await online(() => createAccount(trimmed)));
    return null;
  } catch (error) {
    return authErrorMessage(error);
  }
}

/**
 * Asks for a reset link. Whether an account exists is not revealed (the answer is the same), so the form cannot
 * be used to find out who shops here.
 */
export async function requestPasswordReset(email: string): Promise<ActionResult> {
  try {
    await online(() => sendPasswordReset(email.trim()));
    return null;
  } catch (error) {
    return authErrorCode(error) === 'auth/user-not-found' ? null : authErrorMessage(error);
  }
}

export async function signOut(): Promise<ActionResult> {
  try {
    await signOutUser();
  } catch (error) {
    console.error('Sign-out failed:', error);
    return navigator.onLine ? authErrorMessage(error) : offlineMessage();
  }
  appStore.set(authAtom, logout());
  appStore.set(sessionAtom, 'signed-out');
  notify({
    severity: 'info',
    summary: t`Signed out`,
    detail: t`Your wishlist stays on this device.`,
    key: 'signed-out',
  });
  return null;
}
