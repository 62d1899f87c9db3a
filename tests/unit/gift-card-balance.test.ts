/**
 * The app's client of the balance endpoint (src/features/giftcards/balance.ts): what it posts, how it reads each
 * answer, and that an answer it cannot vouch for is an error rather than a balance.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchGiftCardBalance, type GiftCardBalance, type GiftCardBalanceResult } from '../../src/features/giftcards';
import { GIFT_CARD_BALANCE_ENDPOINT } from '../../src/features/giftcards/model';

const CODE = 'K7M4-QXPR-2D9F-TB3W';

const FOUND = {
  found: true,
  code: CODE,
  currency: 'GBP',
  balance: 1000,
  value: 2500,
  expires: null,
  expired: false,
  movements: [
    { at: 1_000, amount: 2500, kind: 'issued' },
    { at: 2_000, amount: -1500, kind: 'spent' },
  ],
};

const NOT_FOUND = {
  found: false,
  code: CODE,
  currency: null,
  balance: 0,
  value: 0,
  expires: null,
  expired: false,
  movements: [],
};

/** fetch answering `status` with `body` (JSON unless a string), keeping what it was asked. */
function answering(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('asking for a gift card’s balance', () => {
  it('posts the code as typed to the endpoint, with a time limit', async () => {
    const fetch = answering(200, FOUND);
    await fetchGiftCardBalance('k7m4 qxpr 2d9f tb3w');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(GIFT_CARD_BALANCE_ENDPOINT);
    expect(GIFT_CARD_BALANCE_ENDPOINT).toBe('/api/giftcards/balance');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'k7m4 qxpr 2d9f tb3w' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('reads a card that exists: its balance, value, expiry and movements', async () => {
    answering(200, { ...FOUND, expires: 5_000, expired: true });
    const expected: GiftCardBalance = {
      kind: 'found',
      code: CODE,
      currency: 'GBP',
      balance: 1000,
      value: 2500,
      expires: 5_000,
      expired: true,
      movements: FOUND.movements as GiftCardBalance['movements'],
    };
    expect(await fetchGiftCardBalance(CODE)).toEqual(expected);
  });

  it('reads a code that is no card, too many tries and a code refused', async () => {
    answering(200, NOT_FOUND);
    const notFound: GiftCardBalanceResult = { kind: 'not-found' };
    expect(await fetchGiftCardBalance(CODE)).toEqual(notFound);
    answering(429, { error: 'too many requests: try again later' });
    expect(await fetchGiftCardBalance(CODE)).toEqual({ kind: 'too-many' });
    answering(400, { error: 'give a gift card code: sixteen letters and figures' });
    expect(await fetchGiftCardBalance(CODE)).toEqual({ kind: 'invalid' });
  });

  it('does not ask about what cannot be a code', async () => {
    const fetch = answering(200, FOUND);
    for (const typed of ['', 'K7M4-QXPR', 'K7M4-QXPR-2D9F-TB3U']) {
      expect(await fetchGiftCardBalance(typed)).toEqual({ kind: 'invalid' });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('throws when the server is in trouble, or its answer is not JSON', async () => {
    answering(503, { error: 'try again shortly' });
    await expect(fetchGiftCardBalance(CODE)).rejects.toThrow('the gift card balance could not be fetched (503)');
    answering(200, '<html>');
    await expect(fetchGiftCardBalance(CODE)).rejects.toThrow('the gift card balance answer is not JSON');
  });

  it('throws on an answer it cannot vouch for, rather than show a balance', async () => {
    const damaged: unknown[] = [
      null,
      [],
      {},
      { ...FOUND, found: 'yes' },
      { ...FOUND, currency: null },
      { ...FOUND, currency: 'pounds' },
      { ...FOUND, balance: '1000' },
      { ...FOUND, balance: 10.5 },
      { ...FOUND, balance: -1 },
      { ...FOUND, value: Number.MAX_VALUE },
      { ...FOUND, code: 7 },
      { ...FOUND, expires: 'never' },
      { ...FOUND, expired: 'no' },
      { ...FOUND, movements: null },
      { ...FOUND, movements: [{ at: 1, amount: 1, kind: 'gift' }] },
      { ...FOUND, movements: [{ at: 1, amount: 0.5, kind: 'issued' }] },
      { ...FOUND, movements: [{ at: -1, amount: 1, kind: 'issued' }] },
      { ...FOUND, movements: ['issued'] },
    ];
    for (const body of damaged) {
      answering(200, body);
      await expect(fetchGiftCardBalance(CODE), JSON.stringify(body)).rejects.toThrow(
        'the gift card balance answer could not be read',
      );
    }
  });
});
