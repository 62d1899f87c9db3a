import { t } from '@lingui/core/macro';
import { emailAddress, requiredText, validateFields, type FieldErrors } from '../../lib/forms';

/** Firebase Auth's own minimum; a longer one is encouraged in the field's hint. */
export const MIN_PASSWORD_LENGTH = 6;
export const NAME_MAX = 100;

export interface SignInFields {
  email: string;
  password: string;
}

export interface SignUpFields extends SignInFields {
  firstname: string;
  lastname: string;
}

export interface ProfileNames {
  firstname: string;
  lastname: string;
}

const names = {
  firstname: requiredText(() => t`Please enter your first name.`, NAME_MAX),
  lastname: requiredText(() => t`Please enter your last name.`, NAME_MAX),
};

export function validateSignIn(fields: SignInFields): FieldErrors<SignInFields> {
  return validateFields(fields, {
    email: emailAddress,
    password: (value) => (value === '' ? t`Please enter your password.` : undefined),
  });
}

export function validateSignUp(fields: SignUpFields): FieldErrors<SignUpFields> {
  return validateFields(fields, {
    ...names,
    email: emailAddress,
    password: (value) => {
      if (value === '') return t`Please choose a password.`;
      return value.length < MIN_PASSWORD_LENGTH ? t`Please use at least ${MIN_PASSWORD_LENGTH} characters.` : undefined;
    },
  });
}

export function validateReset(fields: Pick<SignInFields, 'email'>): FieldErrors<Pick<SignInFields, 'email'>> {
  return validateFields(fields, { email: emailAddress });
}

export function validateNames(fields: ProfileNames): FieldErrors<ProfileNames> {
  return validateFields(fields, names);
}

/**
 * Where to go after signing in: a path inside this site only (never "//elsewhere" or a full URL, which would
 * make the login page an open redirect), and never back to the login page itself.
 */
export function safeNextPath(candidate: unknown, fallback = '/dashboard'): string {
  if (
    typeof candidate !== 'string' ||
    !candidate.startsWith('/') ||
    candidate.startsWith('//') ||
    candidate.includes('\\')
  ) {
    return fallback;
  }
  return candidate.startsWith('/login') ? fallback : candidate;
}
