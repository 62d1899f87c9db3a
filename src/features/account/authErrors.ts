import { t } from '@lingui/core/macro';
/** Said when signing in or out needs a connection that is not there. */
export const offlineMessage = () =>
  t`You appear to be offline. Signing in needs a connection; please try again when you are back online.`;

/**
 * Firebase Auth error codes turned into what a shopper can act on, in the language spoken when it is said. Unknown
 * codes get a general message.
 */
const messages = (): Record<string, string> => {
  const noMatch = t`That email and password do not match an account. Check them and try again.`;
  const taken = t`There is already an account with that email address. Sign in, or reset its password.`;
  return {
    'auth/invalid-credential': noMatch,
    'auth/invalid-login-credentials': noMatch,
    'auth/wrong-password': t`That password is not right. Try again, or reset it below.`,
    'auth/user-not-found': t`There is no account with that email address. Check it, or create an account.`,
    'auth/invalid-email': t`Please enter an email address like name@example.com.`,
    'auth/missing-password': t`Please enter your password.`,
    'auth/weak-password': t`Please choose a stronger password: at least 6 characters.`,
    'auth/email-already-in-use': taken,
    'auth/credential-already-in-use': taken,
    'auth/too-many-requests': t`Too many attempts. Please wait a few minutes before trying again, or reset your password.`,
    'auth/network-request-failed': offlineMessage(),
    'auth/user-disabled': t`This account has been disabled. Please contact us.`,
    'auth/operation-not-allowed': t`This way of signing in is not enabled for the shop. Please contact us.`,
  };
};

export function authErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && messages()[code]) ?? t`Something went wrong while talking to the sign-in service. Please try again.`;
}
