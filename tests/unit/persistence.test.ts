import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, decodeState, encodeState } from '../../src/state/persistence';
import type { RootState } from '../../src/state/types';

const stored: RootState = {
  site: { ...DEFAULT_STATE.site, name: 'Harbour Lights', launch: '2027-03-01T18:00:00.000Z' },
  auth: {
    id: 'u1',
    created: 1,
    firstname: 'Ada',
    lastname: 'L',
    role: 'staff',
    email: 'ada@example.com',
    token: null,
    authenticated: true,
  },
  cart: {
    products: [
      { id: 'a', title: 'A', price: 0.1 },
      { id: 'b', title: 'B', price: 0.2, quantity: 2 },
    ],
    total: 0.5,
  },
};

describe('state codec', () => {
  it('round-trips a valid state unchanged', () => {
    expect(decodeState(encodeState(stored))).toEqual({ state: stored, status: 'ok', problems: [] });
  });

  it('keeps the language the visitor chose next to the spec’s fields, and forgets one the shop does not speak', () => {
    const chosen = { ...stored, language: 'de-DE' as const };
    expect(decodeState(encodeState(chosen))).toEqual({ state: chosen, status: 'ok', problems: [] });
    expect(Object.keys(JSON.parse(encodeState(chosen)))).toEqual(['site', 'auth', 'cart', 'language']);
    for (const language of ['fr-FR', 'de', 42, null, { tag: 'de-DE' }]) {
      const decoded = decodeState(JSON.stringify({ ...stored, language }));
      expect(decoded.status).toBe('repaired');
      expect(decoded.state).toEqual(stored);
      expect(decoded.problems).toEqual(['language reset: not one the shop speaks']);
    }
  });

  it('uses defaults when nothing is stored', () => {
    expect(decodeState(null)).toMatchObject({ state: DEFAULT_STATE, status: 'empty' });
  });

  it.each(['{not json', '', 'undefined', '"a string"', '42', 'null', '[1,2]'])('treats %j as corrupt', (raw) => {
    expect(decodeState(raw)).toMatchObject({ state: DEFAULT_STATE, status: 'corrupt' });
  });

  it('keeps valid slices when another slice has the wrong shape', () => {
    const decoded = decodeState(JSON.stringify({ ...stored, site: 'broken' }));
    expect(decoded.status).toBe('repaired');
    expect(decoded.state.site).toEqual(DEFAULT_STATE.site);
    expect(decoded.state.cart).toEqual(stored.cart);
    expect(decoded.state.auth).toEqual(stored.auth);
  });

  it('fills missing slices with defaults (partial state)', () => {
    const decoded = decodeState(JSON.stringify({ cart: stored.cart }));
    expect(decoded.status).toBe('repaired');
    expect(decoded.state).toEqual({ site: DEFAULT_STATE.site, auth: DEFAULT_STATE.auth, cart: stored.cart });
    expect(decoded.problems).toEqual(expect.arrayContaining(['site is missing', 'auth is missing or not an object']));
  });

  it('drops unusable cart items, keeps the rest and recomputes the total', () => {
    const raw = {
      ...stored,
      cart: {
        products: [
          stored.cart.products[0],
          { id: 'bad', title: 'Bad', price: -3 },
          { id: 'a', title: 'Dup', price: 1 },
          'x',
        ],
        total: 999,
      },
    };
    const decoded = decodeState(JSON.stringify(raw));
    expect(decoded.state.cart).toEqual({ products: [stored.cart.products[0]], total: 0.1 });
    expect(decoded.problems.filter((problem) => problem.startsWith('cart item dropped'))).toHaveLength(3);
  });

  it('never trusts a stored total', () => {
    const decoded = decodeState(JSON.stringify({ ...stored, cart: { ...stored.cart, total: 1000 } }));
    expect(decoded.state.cart.total).toBe(0.5);
    expect(decoded.status).toBe('repaired');
  });

  it('signs out an "authenticated" slice without an id', () => {
    const decoded = decodeState(JSON.stringify({ ...stored, auth: { ...stored.auth, id: null } }));
    expect(decoded.state.auth).toEqual(DEFAULT_STATE.auth);
    expect(decoded.status).toBe('repaired');
  });

  it('drops a token that found its way into storage', () => {
    const decoded = decodeState(JSON.stringify({ ...stored, auth: { ...stored.auth, token: 'leaked' } }));
    expect(decoded.state.auth.token).toBeNull();
  });

  it('resets single bad site fields and keeps the others', () => {
    const decoded = decodeState(JSON.stringify({ ...stored, site: { ...stored.site, comingsoon: 'yes' } }));
    expect(decoded.state.site).toEqual({ ...stored.site, comingsoon: false });
    expect(decoded.problems).toEqual(['site fields reset: comingsoon']);
  });
});
