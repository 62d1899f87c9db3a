/** Firebase Auth error codes turned into what a shopper can act on. Unknown codes get a general message. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'That email and password do not match an account. Check them and try again.',
  'auth/invalid-login-credentials': 'That email and password do not match an account. Check them and try again.',
  'auth/wrong-password': 'That password is not right. Try again, or reset it below.',
  'auth/user-not-found': 'There is no account with that email address. Check it, or create an account.',
  'auth/invalid-email': 'Please enter an email address like name@example.com.',
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': 'Please choose a stronger password: at least 6 characters.',
  'auth/email-already-in-use': 'There is already an account with that email address. Sign in, or reset its password.',
  'auth/credential-already-in-use':
    'There is already an account with that email address. Sign in, or reset its password.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes before trying again, or reset your password.',
  'auth/network-request-failed':
    'You appear to be offline. Signing in needs a connection; please try again when you are back online.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled for the shop. Please contact us.',
};

export const OFFLINE_MESSAGE = MESSAGES['auth/network-request-failed'] as string;

export function authErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && MESSAGES[code]) ?? 'Something went wrong while talking to the sign-in service. Please try again.';
}
