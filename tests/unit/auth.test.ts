import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, login, logout } from '../../src/state/auth';

const payload = {
  id: 'uid-1',
  created: 1767225600000,
  firstname: 'Ada',
  lastname: 'Lovelace',
  role: 'customer',
  email: 'ada@example.com',
  token: 'secret-id-token',
};

describe('auth login', () => {
  it('copies the profile fields and sets authenticated', () => {
    expect(login(payload)).toEqual({
      id: 'uid-1',
      created: 1767225600000,
      firstname: 'Ada',
      lastname: 'Lovelace',
      role: 'customer',
      email: 'ada@example.com',
      token: null,
      authenticated: true,
    });
  });

  it('never stores the token', () => {
    expect(login(payload).token).toBeNull();
    expect(JSON.stringify(login(payload))).not.toContain('secret-id-token');
  });

  it('accepts missing names as empty', () => {
    const { firstname: _f, lastname: _l, ...rest } = payload;
    expect(login(rest)).toMatchObject({ firstname: '', lastname: '' });
  });

  it.each([
    [{ ...payload, id: '' }, /id must be non-empty text/],
    [{ ...payload, role: 5 }, /role must be non-empty text/],
    [{ ...payload, email: undefined }, /email/],
    [{ ...payload, created: {} }, /created/],
    [{ ...payload, firstname: 3 }, /firstname must be text/],
    ['uid-1', /must be an object/],
  ])('rejects a bad payload %#', (bad, message) => {
    expect(() => login(bad)).toThrow(message);
  });
});

describe('auth logout', () => {
  it('nulls the fields and clears authenticated', () => {
    expect(logout()).toEqual({
      id: null,
      created: null,
      firstname: null,
      lastname: null,
      role: null,
      email: null,
      token: null,
      authenticated: false,
    });
    expect(logout()).toEqual(SIGNED_OUT);
  });
});
