import { describe, expect, it } from 'vitest';
import {
  safeNextPath,
  validateNames,
  validateReset,
  validateSignIn,
  validateSignUp,
} from '../../src/features/account/accountFields';
import { authErrorMessage } from '../../src/features/account/authErrors';
import { displayName, loginPayload, parseProfile } from '../../src/features/account/profile';
import { login } from '../../src/state/auth';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('auth error messages', () => {
  it.each([
    ['auth/invalid-credential', 'That email and password do not match an account'],
    ['auth/wrong-password', 'That password is not right'],
    ['auth/user-not-found', 'There is no account with that email address'],
    ['auth/weak-password', 'at least 6 characters'],
    ['auth/email-already-in-use', 'There is already an account with that email address'],
    ['auth/too-many-requests', 'Too many attempts'],
    ['auth/network-request-failed', 'You appear to be offline'],
  ])('%s becomes a message a shopper can act on', (code, text) => {
    expect(authErrorMessage(firebaseError(code))).toContain(text);
  });

  it('an unknown code or a plain error gets a general message, never the raw Firebase text', () => {
    expect(authErrorMessage(firebaseError('auth/something-new'))).toBe(
      'Something went wrong while talking to the sign-in service. Please try again.',
    );
    expect(authErrorMessage(new Error('boom'))).not.toContain('boom');
    expect(authErrorMessage(undefined)).toMatch(/Something went wrong/);
  });
});

describe('profiles', () => {
  const stored = {
    firstname: 'Casey',
    lastname: 'Customer',
    email: 'casey@example.com',
    role: 'customer',
    created: 1_700_000_000_000,
  };

  it('reads a stored profile and turns it into the spec login payload (no token)', () => {
    const profile = parseProfile(stored);
    expect(profile).toEqual(stored);
    const auth = login(loginPayload('uid-1', profile!));
    expect(auth).toEqual({ ...stored, id: 'uid-1', token: null, authenticated: true });
  });

  it('refuses a profile without a known role, an email or a created value', () => {
    expect(parseProfile({ ...stored, role: 'admin' })).toBeNull();
    expect(parseProfile({ ...stored, email: '' })).toBeNull();
    expect(parseProfile({ ...stored, created: null })).toBeNull();
    expect(parseProfile(null)).toBeNull();
    expect(parseProfile('casey')).toBeNull();
  });

  it('missing names become empty, and the display name falls back to the email', () => {
    const profile = parseProfile({ ...stored, firstname: undefined, lastname: 7 });
    expect(profile).toMatchObject({ firstname: '', lastname: '' });
    expect(displayName(profile!)).toBe('casey@example.com');
    expect(displayName(stored)).toBe('Casey Customer');
  });
});

describe('account forms', () => {
  it('sign in needs an email address and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Please enter your email address.',
      password: 'Please enter your password.',
    });
    expect(validateSignIn({ email: 'casey@', password: 'x' })).toEqual({
      email: 'Please enter an email address like name@example.com.',
    });
    expect(validateSignIn({ email: ' casey@example.com ', password: 'x' })).toEqual({});
  });

  it('sign up needs names, an email address and a password of at least 6 characters', () => {
    expect(validateSignUp({ firstname: ' ', lastname: '', email: 'casey@example.com', password: '12345' })).toEqual({
      firstname: 'Please enter your first name.',
      lastname: 'Please enter your last name.',
      password: 'Please use at least 6 characters.',
    });
    expect(validateSignUp({ firstname: 'C', lastname: 'C', email: 'casey@example.com', password: '123456' })).toEqual(
      {},
    );
  });

  it('names are limited as the rules limit them', () => {
    expect(validateNames({ firstname: 'x'.repeat(101), lastname: 'ok' })).toEqual({
      firstname: 'Please keep this to 100 characters or fewer.',
    });
  });

  it('reset needs a usable email address', () => {
    expect(validateReset({ email: 'nobody' })).toEqual({
      email: 'Please enter an email address like name@example.com.',
    });
  });
});

describe('where to go after signing in', () => {
  it('follows a path inside the site', () => {
    expect(safeNextPath('/checkout')).toBe('/checkout');
    expect(safeNextPath('/products?category=Comedy')).toBe('/products?category=Comedy');
  });

  it('never leaves the site or loops back to the login page', () => {
    for (const unsafe of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'dashboard',
      '/login?next=/x',
      null,
      42,
    ]) {
      expect(safeNextPath(unsafe)).toBe('/dashboard');
    }
  });
});
