/**
 * The balance endpoint (docs/gift-cards.md#the-balance-page-and-guessing, functions/src/giftcards/balance.ts) against
 * the real local database with the shop's rules, read as the Cloud Function reads it: on the mail sender's
 * connection. One shape whether or not a card exists, never sooner than the fixed time, limited per caller and per
 * code, and nothing of who bought or spent a card.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it, vi } from 'vitest';
import {
  BALANCE_ANSWER_MS,
  giftCardBalanceLimits,
  giftCardBalanceRequest,
  type GiftCardBalanceDeps,
} from '../../functions/src/giftcards/balance';
import { callerDirect, type Caller } from '../../functions/src/mail/caller';
import { callerLimit, rateLimit } from '../../functions/src/mail/rateLimit';
import {
  displayGiftCardCode,
  giftCardPaths,
  movementWrites,
  newGiftCardCode,
  newGiftCardRecord,
  parseGiftCard,
  type GiftCardOrigin,
  type MovementKind,
} from '../../src/features/giftcards/model/giftCard';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { A, B, C, codeEndpointHarness, type CodeEndpointDeps } from './support/codeEndpointHarness';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, admin, read, url, closeAfter } = paymentsDatabase(() => SHOP_TAKING_EVERY_METHOD);

const NOW = ServerValue.TIMESTAMP;
const trustedDb = () => connect('trusted', ALLOCATOR_UID);
const { mailerRead, deps, clocked, answeredAfterWait: answeredAfterWaitOf } = codeEndpointHarness(url, closeAfter);

const ask = (d: GiftCardBalanceDeps, code: unknown, caller: Caller = A) =>
  giftCardBalanceRequest(d, 'POST', code === undefined ? undefined : { code }, caller);

const bodyOf = (answer: { body: string }) => JSON.parse(answer.body) as Record<string, unknown>;

/** A card issued by trusted code; its stored code. */
async function issue(
  options: { value?: number; expires?: number | null; from?: GiftCardOrigin } = {},
): Promise<string> {
  const code = newGiftCardCode();
  const { value = 2500, expires = null, from = { uid: 'ann', order: 'o1', line: 'card25', n: 0 } } = options;
  await trustedDb()
    .ref(giftCardPaths.card(code))
    .set(newGiftCardRecord({ currency: 'GBP', value, expires, from }, NOW));
  return code;
}

/** One movement of the card's money, by trusted code, a few milliseconds after the last so their times differ. */
async function move(
  code: string,
  id: string,
  movement: { amount: number; kind: MovementKind; order?: string; note?: string },
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const card = parseGiftCard(code, await read(giftCardPaths.card(code)))!;
  await trustedDb()
    .ref()
    .update(movementWrites(card, id, movement, NOW));
}

/** A £25 card bought by ann's order o1, spent by her order o2, corrected by staff with a note. */
async function usedCard(): Promise<string> {
  const code = await issue();
  await move(code, 'spent-ann~o2', { amount: -1500, kind: 'spent', order: 'ann~o2' });
  // Named so that by name it would come first: the answer lists by time.
  await move(code, 'a-corrected', { amount: 200, kind: 'corrected', note: 'Sorry Ann Example, the bar was shut' });
  return code;
}

const NOT_FOUND_KEYS = ['found', 'code', 'currency', 'balance', 'value', 'expires', 'expired', 'movements'];

/** What a code that is no card is answered, as the buyer's page reads it. */
const noCard = (code: string) => ({
  found: false,
  code: displayGiftCardCode(code),
  currency: null,
  balance: 0,
  value: 0,
  expires: null,
  expired: false,
  movements: [],
});

describe('the balance of a card', () => {
  it('answers a card that exists: its balance, value, currency and movements oldest first', async () => {
    const code = await usedCard();
    // As a person types it: lower case, spaces.
    const typed = displayGiftCardCode(code).toLowerCase().replace(/-/g, ' ');
    const answer = await ask(deps(), typed);
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    const body = bodyOf(answer);
    expect(body).toEqual({
      found: true,
      code: displayGiftCardCode(code),
      currency: 'GBP',
      balance: 1200,
      value: 2500,
      expires: null,
      expired: false,
      movements: [
        { at: expect.any(Number), amount: 2500, kind: 'issued' },
        { at: expect.any(Number), amount: -1500, kind: 'spent' },
        { at: expect.any(Number), amount: 200, kind: 'corrected' },
      ],
    });
    const times = (body.movements as { at: number }[]).map((movement) => movement.at);
    expect(times[0]).toBeLessThan(times[1]!);
    expect(times[1]).toBeLessThan(times[2]!);
  });

  it('answers a code that is no card in the same shape: not found, no currency, nothing in it', async () => {
    await usedCard();
    const missing = newGiftCardCode();
    const answer = await ask(deps(), displayGiftCardCode(missing));
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toEqual(noCard(missing));
    const found = bodyOf(await ask(deps(), await usedCard()));
    expect(Object.keys(found)).toEqual(NOT_FOUND_KEYS);
    expect(Object.keys(bodyOf(answer))).toEqual(NOT_FOUND_KEYS);
  });

  it('refuses what cannot be a code with 400, before any limit or read', async () => {
    const limitUsed = vi.fn(() => true);
    const d = deps({
      read: () => Promise.reject(new Error('read for a malformed code')),
      limit: { allow: limitUsed },
      perCode: { allow: limitUsed },
    });
    for (const code of ['K7M4-QXPR-2D9F', 'K7M4-QXPR-2D9F-TB3U', 42, null, '', 'x'.repeat(200)]) {
      const answer = await ask(d, code);
      expect(answer.status, String(code)).toBe(400);
      expect(bodyOf(answer), String(code)).toEqual({ error: 'give a gift card code: sixteen letters and figures' });
    }
    expect((await ask(d, undefined)).status).toBe(400);
    expect((await giftCardBalanceRequest(d, 'POST', 'K7M4QXPR2D9FTB3W', A)).status).toBe(400);
    expect(limitUsed).not.toHaveBeenCalled();
  });

  it('answers an expired card as found, and says it has expired', async () => {
    const lapsed = Date.UTC(2001, 0, 1);
    const later = Date.UTC(2099, 0, 1);
    const expiredCode = await issue({ expires: lapsed });
    const validCode = await issue({ expires: later });
    expect(bodyOf(await ask(deps(), expiredCode))).toMatchObject({
      found: true,
      balance: 2500,
      expires: lapsed,
      expired: true,
    });
    expect(bodyOf(await ask(deps(), validCode))).toMatchObject({ found: true, expires: later, expired: false });
  });

  it('answers a damaged card as no card, and logs it without its whole code', async () => {
    const code = newGiftCardCode();
    await admin()
      .ref(giftCardPaths.card(code))
      .set({ currency: 'GBP', value: 2500, balance: 'lots', v: 1, issued: 1, last: 'issued', tx: {} });
    expect(await read(giftCardPaths.card(code))).not.toBeNull();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await ask(deps(), code);
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toEqual(noCard(code));
    expect(logged).toHaveBeenCalledTimes(1);
    const line = logged.mock.calls[0]!.join(' ');
    expect(line).toContain(code.slice(-4));
    expect(line).not.toContain(code);
  });

  it('tells nothing of who bought or spent a card: no order, uid, origin or note', async () => {
    const bought = await usedCard();
    const byStaff = await issue({ from: { by: 'staff' } });
    await move(byStaff, 'corrected-1', { amount: -500, kind: 'corrected', note: 'Given to Ann at the door' });
    for (const code of [bought, byStaff]) {
      const answer = await ask(deps(), code);
      const body = bodyOf(answer);
      expect(body.found).toBe(true);
      expect(Object.keys(body)).toEqual(NOT_FOUND_KEYS);
      for (const movement of body.movements as Record<string, unknown>[]) {
        expect(Object.keys(movement).sort()).toEqual(['amount', 'at', 'kind']);
      }
      // The code itself aside (random letters could spell anything):
      const rest = answer.body.replace(displayGiftCardCode(code), '');
      expect(rest).not.toMatch(/ann|o1|o2|card25|staff|sorry|door|note|order|uid|from|line/i);
    }
  });
});

describe('guessing', () => {
  it('limits each caller: over the limit, 429 with Retry-After, and nothing read', async () => {
    const reads = vi.fn(mailerRead());
    const d = deps({ read: reads, limit: callerLimit(rateLimit(2, 600_000), rateLimit(100, 600_000)) });
    const code = await issue();
    expect((await ask(d, code, A)).status).toBe(200);
    expect((await ask(d, newGiftCardCode(), A)).status).toBe(200);
    const refused = await ask(d, code, A);
    expect(refused.status).toBe(429);
    expect(refused.headers['Retry-After']).toBe('600');
    expect(bodyOf(refused)).toEqual({ error: 'too many requests: try again later' });
    expect(reads).toHaveBeenCalledTimes(2);
    // Another caller is not held back by that one.
    expect((await ask(d, code, B)).status).toBe(200);
  });

  it('limits each code, whoever asks and however it is typed; a caller refused does not use it up', async () => {
    const d = deps({
      limit: callerLimit(rateLimit(1, 600_000), rateLimit(100, 600_000)),
      perCode: rateLimit(2, 3_600_000),
    });
    const code = await issue();
    expect((await ask(d, code, A)).status).toBe(200);
    // A again: refused by A's own limit, before the code's is counted.
    expect((await ask(d, code, A)).status).toBe(429);
    expect((await ask(d, displayGiftCardCode(code).toLowerCase(), B)).status).toBe(200);
    const refused = await ask(d, code, C);
    expect(refused.status).toBe(429);
    // The code's window is an hour: a caller is not told to come back sooner than it may end.
    expect(refused.headers['Retry-After']).toBe('3600');
    // Another code is not held back by that one.
    const other = callerDirect('203.0.113.4');
    expect((await ask(d, newGiftCardCode(), other)).status).toBe(200);
  });

  it('is served with twenty tries per person in ten minutes and ten per code in an hour', async () => {
    const d = { ...deps(), ...giftCardBalanceLimits() };
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await ask(d, newGiftCardCode(), A)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);

    const code = await issue();
    const perCode: number[] = [];
    for (let n = 0; n < 11; n++) perCode.push((await ask(d, code, callerDirect(`198.51.100.${n}`))).status);
    expect(perCode).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('holds a person inside their network: three hundred tries a network in ten minutes', async () => {
    const { limit } = giftCardBalanceLimits();
    const network = (person: number): Caller => ({ network: '192.0.2.1', person: `192.0.2.1 visitor-${person}` });
    const allowed = Array.from({ length: 301 }, (_, n) => limit.allow(network(n)));
    expect(allowed.filter(Boolean)).toHaveLength(300);
    expect(allowed.at(-1)).toBe(false);
  });
});

describe('the fixed answer time', () => {
  const answeredAfterWait = (code: string, readMs: number, read?: CodeEndpointDeps['read']) =>
    answeredAfterWaitOf((d) => ask(d, code), readMs, read);

  it('answers a card no sooner than the fixed time from the start', async () => {
    const { answer, waits } = await answeredAfterWait(await issue(), 300);
    expect(answer.status).toBe(200);
    expect(bodyOf(answer).found).toBe(true);
    expect(waits).toEqual([BALANCE_ANSWER_MS - 300]);
    expect(BALANCE_ANSWER_MS).toBe(800);
  });

  it('answers a code that is no card after the same time', async () => {
    const { answer, waits } = await answeredAfterWait(newGiftCardCode(), 40);
    expect(bodyOf(answer).found).toBe(false);
    expect(waits).toEqual([BALANCE_ANSWER_MS - 40]);
  });

  it('answers a read that fails with 503 and Retry-After, after the same time', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { answer, waits } = await answeredAfterWait(newGiftCardCode(), 100, () =>
      Promise.reject(new Error('database away')),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    expect(bodyOf(answer)).toEqual({ error: 'try again shortly' });
    expect(waits).toEqual([BALANCE_ANSWER_MS - 100]);
    expect(logged).toHaveBeenCalled();
  });

  it('waits no more once a read took longer than the fixed time', async () => {
    const { d, waits } = clocked(BALANCE_ANSWER_MS + 50);
    expect((await ask(d, await issue())).status).toBe(200);
    expect(waits).toEqual([]);
  });
});

describe('the endpoint and the rules', () => {
  it('reads the card as the mail sender, whom the rules let read it; a buyer may not', async () => {
    const code = await issue();
    await expect(connect('ann', 'ann').ref(giftCardPaths.card(code)).get()).rejects.toThrow(/permission/i);
    expect(bodyOf(await ask(deps({ read: mailerRead() }), code)).found).toBe(true);
  });
});
