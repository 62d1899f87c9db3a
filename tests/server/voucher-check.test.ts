/**
 * The voucher check (docs/vouchers.md#at-checkout, functions/src/vouchers/check.ts) against the real local database
 * with the shop's rules, read as the Cloud Function reads it: on the mail sender's connection. What a voucher makes
 * of the lines, or why it cannot be used; one shape and the same fixed time whether or not a code exists; limited
 * per caller and per code; and nothing of its uses, comment or tag.
 */
import { describe, expect, it, vi } from 'vitest';
import { callerDirect, type Caller } from '../../functions/src/mail/caller';
import { callerLimit, rateLimit } from '../../functions/src/mail/rateLimit';
import {
  VOUCHER_CHECK_ANSWER_MS,
  voucherCheckLimits,
  voucherCheckRequest,
  type VoucherCheckDeps,
} from '../../functions/src/vouchers/check';
import { voucherPaths } from '../../src/features/vouchers/model/voucher';
import { A, B, C, codeEndpointHarness, type CodeEndpointDeps } from './support/codeEndpointHarness';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const PAST = Date.UTC(2001, 0, 1);
const FUTURE = Date.UTC(2099, 0, 1);

/** What every voucher below shares: what staff wrote that the buyer must never be told. */
const secret = { uses: 100, used: 3, tag: 'newsletter', comment: 'Spring mailing to Ann Example', created: 1 };

const SHOP = {
  ...SHOP_TAKING_EVERY_METHOD,
  products: {
    shirt: { title: 'Shirt', price: 12.5, active: true },
    mug: { title: 'Mug', price: 19.99, active: true },
    card25: { title: 'Gift card', price: 25, active: true, giftCard: true },
    retired: { title: 'Old poster', price: 10, active: false },
    crew: { title: 'Crew pass', price: 15, active: true, voucherOnly: true },
  },
  vouchers: {
    SPRING20: { kind: 'percent', value: 20, currency: 'GBP', scope: 'shop', ...secret },
    MUG15: { kind: 'percent', value: 15, currency: 'GBP', scope: 'product', target: 'mug', ...secret },
    FIVEOFF: { kind: 'amount', value: 500, currency: 'GBP', scope: 'shop', ...secret },
    EUROOFF: { kind: 'amount', value: 500, currency: 'EUR', scope: 'shop', ...secret },
    PAUSED: { kind: 'percent', value: 10, currency: 'GBP', scope: 'shop', disabled: true, ...secret },
    LATER: { kind: 'percent', value: 10, currency: 'GBP', scope: 'shop', from: FUTURE, ...secret },
    OVER: { kind: 'percent', value: 10, currency: 'GBP', scope: 'shop', until: PAST, ...secret },
    ALLGONE: { kind: 'percent', value: 10, currency: 'GBP', scope: 'shop', ...secret, uses: 5, used: 5 },
    BROKEN: { kind: 'percent', value: 250, currency: 'GBP', scope: 'shop', ...secret },
    CREW: { kind: 'none', value: 0, currency: 'GBP', scope: 'product', target: 'crew', ...secret },
    // A waiting list's offer: two places of the shirt held for its holder.
    HELD: { kind: 'none', value: 0, currency: 'GBP', scope: 'product', target: 'shirt', ...secret, held: 2 },
    HELDOFF: {
      kind: 'none',
      value: 0,
      currency: 'GBP',
      scope: 'product',
      target: 'shirt',
      ...secret,
      held: 2,
      disabled: true,
    },
  },
};

const { connect, url, closeAfter } = paymentsDatabase(() => SHOP);

const { mailerRead, deps, clocked, answeredAfterWait: answeredAfterWaitOf } = codeEndpointHarness(url, closeAfter);

const ask = (d: VoucherCheckDeps, code: unknown, lines: unknown = { shirt: 1 }, caller: Caller = A) =>
  voucherCheckRequest(d, 'POST', { code, lines }, caller);

const bodyOf = (answer: { body: string }) => JSON.parse(answer.body) as Record<string, unknown>;

/** The answer's body for `code` and `lines`, on wide limits. */
async function check(code: string, lines: Record<string, number>): Promise<Record<string, unknown>> {
  const answer = await ask(deps(), code, lines);
  expect(answer.status).toBe(200);
  return bodyOf(answer);
}

describe('what a voucher makes of the lines', () => {
  it('lowers every line by a percentage for the whole shop, rounded half up on each unit', async () => {
    const answer = await ask(deps(), ' spring20 ', { shirt: 2, mug: 1 });
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    // 20% of 12.50 is 2.50; of 19.99, 3.998, so 4.00 off.
    expect(bodyOf(answer)).toEqual({
      ok: true,
      code: 'SPRING20',
      prices: { shirt: 1000, mug: 1599 },
      unlocks: [],
      holds: {},
    });
  });

  it('lowers only its product when it is for one', async () => {
    // 15% of 19.99 is 2.9985: 3.00 off.
    expect(await check('MUG15', { shirt: 1, mug: 3 })).toEqual({
      ok: true,
      code: 'MUG15',
      prices: { mug: 1699 },
      unlocks: [],
      holds: {},
    });
  });

  it('takes an amount off in the shop currency', async () => {
    expect(await check('FIVEOFF', { shirt: 1 })).toEqual({
      ok: true,
      code: 'FIVEOFF',
      prices: { shirt: 750 },
      unlocks: [],
      holds: {},
    });
  });

  it('leaves out the lines it cannot price: a product missing or not on sale', async () => {
    expect(await check('SPRING20', { ghost: 1, retired: 1, shirt: 1 })).toEqual({
      ok: true,
      code: 'SPRING20',
      prices: { shirt: 1000 },
      unlocks: [],
      holds: {},
    });
  });

  it('says what it unlocks of what is sold only with a voucher, with no lines too; a shop-wide one unlocks nothing', async () => {
    expect(await check('CREW', {})).toEqual({ ok: true, code: 'CREW', prices: {}, unlocks: ['crew'], holds: {} });
    expect(await check('CREW', { crew: 2 })).toEqual({
      ok: true,
      code: 'CREW',
      prices: {},
      unlocks: ['crew'],
      holds: {},
    });
    expect(await check('CREW', { shirt: 1 })).toEqual({ ok: false, code: 'CREW', reason: 'not-for-these' });
    expect(await check('SPRING20', {})).toEqual({ ok: false, code: 'SPRING20', reason: 'not-for-these' });
  });
});

describe('a voucher that holds places', () => {
  it('says what it holds for its holder, with no lines too; once it has ended, nothing', async () => {
    const held = { ok: true, code: 'HELD', prices: {}, unlocks: [], holds: { shirt: 2 } };
    expect(await check('HELD', {})).toEqual(held);
    expect(await check('HELD', { shirt: 2 })).toEqual(held);
    expect(await check('HELDOFF', {})).toEqual({ ok: false, code: 'HELDOFF', reason: 'disabled' });
  });
});

describe('why a voucher cannot be used', () => {
  it.each([
    ['NOSUCHCODE', 'not-found'],
    ['PAUSED', 'disabled'],
    ['LATER', 'not-yet'],
    ['OVER', 'expired'],
    ['ALLGONE', 'used-up'],
    ['EUROOFF', 'not-for-these'],
  ])('%s: %s', async (code, reason) => {
    expect(await check(code, { shirt: 1, mug: 1 })).toEqual({ ok: false, code, reason });
  });

  it('is not for lines it lowers nothing of: a gift card, another product, nothing on sale', async () => {
    const notForThese = (code: string) => ({ ok: false, code, reason: 'not-for-these' });
    expect(await check('SPRING20', { card25: 2 })).toEqual(notForThese('SPRING20'));
    expect(await check('MUG15', { shirt: 1, card25: 1 })).toEqual(notForThese('MUG15'));
    expect(await check('MUG15', { retired: 1 })).toEqual(notForThese('MUG15'));
    expect(await check('SPRING20', { ghost: 1, retired: 4 })).toEqual(notForThese('SPRING20'));
    expect(await check('SPRING20', {})).toEqual(notForThese('SPRING20'));
  });

  it('answers a damaged voucher as none, and logs it without its whole code', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await check('BROKEN', { shirt: 1 })).toEqual({ ok: false, code: 'BROKEN', reason: 'not-found' });
    expect(logged).toHaveBeenCalledTimes(1);
    const line = logged.mock.calls[0]!.join(' ');
    expect(line).toContain('OKEN');
    expect(line).not.toContain('BROKEN');
  });

  it('tells nothing of its uses, comment or tag', async () => {
    for (const [code, lines] of [
      ['SPRING20', { shirt: 1 }],
      ['MUG15', { shirt: 1 }],
      ['ALLGONE', { shirt: 1 }],
    ] as const) {
      const answer = await ask(deps(), code, lines);
      const body = bodyOf(answer);
      expect(Object.keys(body).sort()).toEqual(
        body.ok ? ['code', 'holds', 'ok', 'prices', 'unlocks'] : ['code', 'ok', 'reason'],
      );
      // The reason `used-up` aside, which says only that none is left:
      const rest = answer.body.replace('used-up', '');
      expect(rest).not.toMatch(/uses|used|comment|tag|newsletter|mailing|ann|created/i);
    }
  });
});

describe('what cannot be asked', () => {
  const CODE_ERROR = { error: 'give a voucher code: 3 to 32 letters, figures and hyphens' };
  const LINES_ERROR = { error: 'give the lines to check as {productId: quantity}' };
  const ID_ERROR = { error: 'a product id is 1 to 64 lower-case letters, figures and hyphens' };
  const QUANTITY_ERROR = { error: 'each quantity is a whole number of at least 1' };
  const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, n) => [`p${n}`, 1]));

  it('refuses a malformed body with 400 and a clear error, before any limit or read', async () => {
    const used = vi.fn(() => true);
    const d = deps({
      read: () => Promise.reject(new Error('read for a malformed body')),
      limit: { allow: used },
      perCode: { allow: used },
    });
    const cases: [unknown, unknown][] = [
      [undefined, CODE_ERROR],
      [null, CODE_ERROR],
      ['SPRING20', CODE_ERROR],
      [{ lines: { shirt: 1 } }, CODE_ERROR],
      [{ code: 42, lines: { shirt: 1 } }, CODE_ERROR],
      [{ code: '', lines: { shirt: 1 } }, CODE_ERROR],
      [{ code: 'AB', lines: { shirt: 1 } }, CODE_ERROR],
      [{ code: 'SPRING 20', lines: { shirt: 1 } }, CODE_ERROR],
      [{ code: 'x'.repeat(65), lines: { shirt: 1 } }, CODE_ERROR],
      [{ code: 'SPRING20' }, LINES_ERROR],
      [{ code: 'SPRING20', lines: [['shirt', 1]] }, LINES_ERROR],
      [{ code: 'SPRING20', lines: 'shirt' }, LINES_ERROR],
      [{ code: 'SPRING20', lines: tooMany }, { error: 'give at most 50 lines to check' }],
      [{ code: 'SPRING20', lines: { Shirt: 1 } }, ID_ERROR],
      [{ code: 'SPRING20', lines: { 'shirt/tag': 1 } }, ID_ERROR],
      [{ code: 'SPRING20', lines: { ['a'.repeat(65)]: 1 } }, ID_ERROR],
      [{ code: 'SPRING20', lines: { '': 1 } }, ID_ERROR],
      [{ code: 'SPRING20', lines: { shirt: 0 } }, QUANTITY_ERROR],
      [{ code: 'SPRING20', lines: { shirt: -1 } }, QUANTITY_ERROR],
      [{ code: 'SPRING20', lines: { shirt: 1.5 } }, QUANTITY_ERROR],
      [{ code: 'SPRING20', lines: { shirt: '2' } }, QUANTITY_ERROR],
      [{ code: 'SPRING20', lines: { shirt: null } }, QUANTITY_ERROR],
      [{ code: 'SPRING20', lines: { shirt: 1e20 } }, QUANTITY_ERROR],
    ];
    for (const [body, error] of cases) {
      const answer = await voucherCheckRequest(d, 'POST', body, A);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(bodyOf(answer), JSON.stringify(body)).toEqual(error);
    }
    expect(used).not.toHaveBeenCalled();
  });

  it('takes POST only', async () => {
    const answer = await voucherCheckRequest(deps(), 'GET', { code: 'SPRING20', lines: { shirt: 1 } }, A);
    expect(answer.status).toBe(405);
    expect(answer.headers.Allow).toBe('POST');
  });
});

describe('guessing', () => {
  it('limits each caller: over the limit, 429 with Retry-After, and nothing read', async () => {
    const reads = vi.fn(mailerRead());
    const d = deps({ read: reads, limit: callerLimit(rateLimit(2, 600_000), rateLimit(100, 600_000)) });
    expect((await ask(d, 'SPRING20')).status).toBe(200);
    expect((await ask(d, 'NOSUCHCODE')).status).toBe(200);
    const readsBefore = reads.mock.calls.length;
    const refused = await ask(d, 'SPRING20');
    expect(refused.status).toBe(429);
    expect(refused.headers['Retry-After']).toBe('600');
    expect(bodyOf(refused)).toEqual({ error: 'too many requests: try again later' });
    expect(reads).toHaveBeenCalledTimes(readsBefore);
    // Another caller is not held back by that one.
    expect((await ask(d, 'SPRING20', { shirt: 1 }, B)).status).toBe(200);
  });

  it('limits each code, whoever asks and however it is typed; a caller refused does not use it up', async () => {
    const d = deps({
      limit: callerLimit(rateLimit(1, 600_000), rateLimit(100, 600_000)),
      perCode: rateLimit(2, 600_000),
    });
    expect((await ask(d, 'SPRING20', { shirt: 1 }, A)).status).toBe(200);
    // A again: refused by A's own limit, before the code's is counted.
    expect((await ask(d, 'SPRING20', { shirt: 1 }, A)).status).toBe(429);
    expect((await ask(d, 'spring20', { shirt: 1 }, B)).status).toBe(200);
    const refused = await ask(d, 'SPRING20', { shirt: 1 }, C);
    expect(refused.status).toBe(429);
    // The code's window is ten minutes: a caller is not told to come back sooner than it may end.
    expect(refused.headers['Retry-After']).toBe('600');
    // Another code is not held back by that one.
    expect((await ask(d, 'MUG15', { mug: 1 }, callerDirect('203.0.113.4'))).status).toBe(200);
  });

  it('is served with twenty tries per person in ten minutes and six hundred per code in ten minutes', async () => {
    const d = { ...deps(), ...voucherCheckLimits() };
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await ask(d, `GUESS-${n}`, { shirt: 1 }, A)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);

    // A shared code typed by many buyers, each on a network of their own.
    const perCode: number[] = [];
    for (let n = 0; n < 601; n++) {
      const caller = callerDirect(`${(n % 200) + 1}.${Math.floor(n / 200) + 1}.7.9`);
      perCode.push((await ask(d, 'SPRING20', { shirt: 1 }, caller)).status);
    }
    expect(perCode).toEqual([...Array<number>(600).fill(200), 429]);
  });
});

describe('the fixed answer time', () => {
  const answeredAfterWait = (code: string, readMs: number, read?: CodeEndpointDeps['read']) =>
    answeredAfterWaitOf((d) => ask(d, code), readMs, read);

  it('answers a voucher no sooner than the fixed time from the start', async () => {
    const { answer, waits } = await answeredAfterWait('SPRING20', 300);
    expect(bodyOf(answer).ok).toBe(true);
    expect(waits).toEqual([VOUCHER_CHECK_ANSWER_MS - 300]);
    expect(VOUCHER_CHECK_ANSWER_MS).toBe(800);
  });

  it('answers a code that is no voucher after the same time', async () => {
    const { answer, waits } = await answeredAfterWait('NOSUCHCODE', 40);
    expect(bodyOf(answer)).toEqual({ ok: false, code: 'NOSUCHCODE', reason: 'not-found' });
    expect(waits).toEqual([VOUCHER_CHECK_ANSWER_MS - 40]);
  });

  it('answers a read that fails with 503 and Retry-After, after the same time', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { answer, waits } = await answeredAfterWait('SPRING20', 100, () =>
      Promise.reject(new Error('database away')),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    expect(bodyOf(answer)).toEqual({ error: 'try again shortly' });
    expect(waits).toEqual([VOUCHER_CHECK_ANSWER_MS - 100]);
    expect(logged).toHaveBeenCalled();
  });

  it('waits no more once the reads took longer than the fixed time', async () => {
    const { d, waits } = clocked(VOUCHER_CHECK_ANSWER_MS + 50);
    expect((await ask(d, 'SPRING20')).status).toBe(200);
    expect(waits).toEqual([]);
  });
});

describe('the endpoint and the rules', () => {
  it('reads the voucher as the mail sender, whom the rules let read it; a buyer may not', async () => {
    await expect(connect('ann', 'ann').ref(voucherPaths.voucher('SPRING20')).get()).rejects.toThrow(/permission/i);
    expect(bodyOf(await ask(deps({ read: mailerRead() }), 'SPRING20')).ok).toBe(true);
  });
});
