/**
 * The voucher model (src/features/vouchers/model/voucher.ts, docs/vouchers.md): codes as typed and generated, the
 * record as stored, what a voucher applies to and does to a unit's price, and why it cannot be used, in the order
 * the buyer is told. Then the app's client of the check (src/features/vouchers/buyer/checkVoucher.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkVoucher } from '../../src/features/vouchers/buyer/checkVoucher';
import { VOUCHER_CHECK_ENDPOINT } from '../../src/features/vouchers/model/checkEndpoint';
import {
  appliesTo,
  holdsAt,
  isVoucherPrefix,
  newVoucherCode,
  normaliseVoucherCode,
  parseVoucher,
  STORED_VOUCHER_CODE,
  unitPriceWith,
  unlocks,
  voucherReason,
  type Voucher,
  type VoucherLine,
} from '../../src/features/vouchers/model/voucher';

const stored = {
  kind: 'percent',
  value: 20,
  currency: 'GBP',
  scope: 'shop',
  uses: 10,
  used: 2,
  created: 1,
};

const voucher = (fields: Partial<Voucher> = {}): Voucher => ({ ...parseVoucher('SPRING20', stored)!, ...fields });

const line = (fields: Partial<VoucherLine & { unit: number }> = {}): VoucherLine & { unit: number } => ({
  id: 'shirt',
  event: null,
  quotas: [],
  giftCard: false,
  voucherOnly: false,
  unit: 1250,
  ...fields,
});

describe('voucher codes', () => {
  it('are read whatever the case and surrounding spaces', () => {
    expect(normaliseVoucherCode(' spring20 ')).toBe('SPRING20');
    expect(normaliseVoucherCode('Summer-Sale-2025')).toBe('SUMMER-SALE-2025');
    expect(normaliseVoucherCode('ABC')).toBe('ABC');
  });

  it('are refused when they cannot be one', () => {
    for (const input of ['', 'AB', 'SPRING 20', '-SPRING', 'SPRÏNG', 'SPRING_20', 'A'.repeat(33), ' '.repeat(65)])
      expect(normaliseVoucherCode(input), input).toBeNull();
    // Anything over 64 characters is not looked at, even if it would trim to a code.
    expect(normaliseVoucherCode(`${' '.repeat(60)}SPRING20`)).toBeNull();
  });

  it('are generated from the prefix and eight characters people can read out', () => {
    const fill = (bytes: Uint8Array<ArrayBuffer>) => bytes.set([0, 1, 10, 31, 32, 33, 42, 255]);
    expect(newVoucherCode(' spring ', fill)).toBe('SPRING-01AZ01AZ');
    expect(newVoucherCode('', fill)).toBe('01AZ01AZ');
    const codes = new Set(Array.from({ length: 200 }, () => newVoucherCode('SALE')));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(STORED_VOUCHER_CODE);
    expect(newVoucherCode('A'.repeat(16))).toMatch(STORED_VOUCHER_CODE);
  });

  it('take prefixes of letters, digits and inner hyphens, sixteen at most', () => {
    for (const prefix of ['', 'SALE', 'spring-25', 'A1', 'A'.repeat(16)])
      expect(isVoucherPrefix(prefix), prefix).toBe(true);
    for (const prefix of ['-SALE', 'SALE-', 'SA LE', 'SALE_', 'A'.repeat(17), 'ÉTÉ'])
      expect(isVoucherPrefix(prefix), prefix).toBe(false);
  });
});

describe('a voucher as stored', () => {
  it('is read with its defaults', () => {
    expect(parseVoucher('SPRING20', stored)).toEqual({
      code: 'SPRING20',
      kind: 'percent',
      value: 20,
      currency: 'GBP',
      scope: 'shop',
      target: null,
      uses: 10,
      used: 2,
      held: null,
      from: null,
      until: null,
      disabled: false,
      tag: null,
      comment: null,
      created: 1,
    });
    expect(parseVoucher('MUG', { ...stored, scope: 'product', target: 'mug', used: undefined })).toMatchObject({
      target: 'mug',
      used: 0,
    });
  });

  it('is none when damaged', () => {
    const damaged: Record<string, unknown>[] = [
      { ...stored, kind: 'half' },
      { ...stored, scope: 'everything' },
      { ...stored, value: -5 },
      { ...stored, value: 2.5 },
      { ...stored, value: 0 },
      { ...stored, value: 101 },
      { ...stored, uses: '10' },
      { ...stored, used: -1 },
      { ...stored, currency: 3 },
      { ...stored, from: 'tomorrow' },
      { ...stored, until: Number.NaN },
      { ...stored, tag: 'x'.repeat(51) },
      { ...stored, comment: 42 },
      // A scope and its target go together.
      { ...stored, target: 'mug' },
      { ...stored, scope: 'product' },
      // Places are held of one product, and counted in whole places.
      { ...stored, held: 2 },
      { ...stored, scope: 'event', target: 'gig', held: 2 },
      { ...stored, scope: 'product', target: 'mug', held: -1 },
      { ...stored, scope: 'product', target: 'mug', held: 1.5 },
      { ...stored, scope: 'product', target: 'mug', held: '2' },
    ];
    for (const raw of damaged) expect(parseVoucher('SPRING20', raw), JSON.stringify(raw)).toBeNull();
    expect(parseVoucher('SPRING20', null)).toBeNull();
    expect(parseVoucher('SPRING20', 'SPRING20')).toBeNull();
    expect(parseVoucher('spring20', stored)).toBeNull();
  });
});

describe("a unit's price with a voucher", () => {
  it('takes a percentage off, rounded half up on each unit', () => {
    expect(unitPriceWith({ kind: 'percent', value: 20 }, 1250)).toBe(1000);
    // 1999 × 15% = 299.85: 300 off.
    expect(unitPriceWith({ kind: 'percent', value: 15 }, 1999)).toBe(1699);
    // 10 × 25% = 2.5: half up, 3 off.
    expect(unitPriceWith({ kind: 'percent', value: 25 }, 10)).toBe(7);
    expect(unitPriceWith({ kind: 'percent', value: 100 }, 1999)).toBe(0);
  });

  it('takes an amount off, never below nothing', () => {
    expect(unitPriceWith({ kind: 'amount', value: 500 }, 1250)).toBe(750);
    expect(unitPriceWith({ kind: 'amount', value: 5000 }, 1250)).toBe(0);
  });

  it('sets a price of its own, never above what the unit was', () => {
    expect(unitPriceWith({ kind: 'price', value: 800 }, 1250)).toBe(800);
    expect(unitPriceWith({ kind: 'price', value: 2000 }, 1250)).toBe(1250);
  });
});

describe('what a voucher applies to', () => {
  const ticket = line({ id: 'gig-early', event: 'gig', quotas: ['hall'] });

  it('follows its scope', () => {
    expect(appliesTo({ scope: 'shop', target: null }, ticket)).toBe(true);
    expect(appliesTo({ scope: 'product', target: 'gig-early' }, ticket)).toBe(true);
    expect(appliesTo({ scope: 'product', target: 'gig-late' }, ticket)).toBe(false);
    expect(appliesTo({ scope: 'event', target: 'gig' }, ticket)).toBe(true);
    expect(appliesTo({ scope: 'event', target: 'gig-early' }, line({ id: 'gig-early' }))).toBe(false);
    expect(appliesTo({ scope: 'quota', target: 'hall' }, ticket)).toBe(true);
    expect(appliesTo({ scope: 'quota', target: 'balcony' }, ticket)).toBe(false);
  });

  it('is never a gift card, whatever its scope', () => {
    const card = line({ id: 'card25', giftCard: true });
    expect(appliesTo({ scope: 'shop', target: null }, card)).toBe(false);
    expect(appliesTo({ scope: 'product', target: 'card25' }, card)).toBe(false);
  });
});

describe('why a voucher cannot be used', () => {
  const NOW = Date.UTC(2030, 5, 1);
  const lines = [line()];

  it('tells one reason, the first of: none, disabled, not yet, expired, used up, not for these', () => {
    let worst = voucher({
      disabled: true,
      from: NOW + 1,
      until: NOW - 1,
      used: 10,
      kind: 'amount',
      value: 500,
      currency: 'EUR',
    });
    expect(voucherReason(null, lines, 'GBP', NOW)).toBe('not-found');
    expect(voucherReason(worst, lines, 'GBP', NOW)).toBe('disabled');
    worst = { ...worst, disabled: false };
    expect(voucherReason(worst, lines, 'GBP', NOW)).toBe('not-yet');
    worst = { ...worst, from: null };
    expect(voucherReason(worst, lines, 'GBP', NOW)).toBe('expired');
    worst = { ...worst, until: null };
    expect(voucherReason(worst, lines, 'GBP', NOW)).toBe('used-up');
    worst = { ...worst, used: 9 };
    expect(voucherReason(worst, lines, 'GBP', NOW)).toBe('not-for-these');
    worst = { ...worst, currency: 'GBP' };
    expect(voucherReason(worst, lines, 'GBP', NOW)).toBeNull();
  });

  it('takes its window as inclusive at both ends', () => {
    expect(voucherReason(voucher({ from: NOW, until: NOW }), lines, 'GBP', NOW)).toBeNull();
  });

  it('counts the uses left as given, fewer than stored while a batch takes them', () => {
    expect(voucherReason(voucher(), lines, 'GBP', NOW, 0)).toBe('used-up');
    expect(voucherReason(voucher({ used: 10 }), lines, 'GBP', NOW)).toBe('used-up');
  });

  it('is not for lines it lowers nothing of; a percentage is in any currency', () => {
    expect(voucherReason(voucher(), [line({ giftCard: true })], 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason(voucher(), [line({ unit: 0 })], 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason(voucher({ kind: 'price', value: 2000 }), lines, 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason(voucher({ scope: 'product', target: 'mug' }), lines, 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason(voucher(), [], 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason(voucher(), lines, 'JPY', NOW)).toBeNull();
  });
});

describe('a voucher that only unlocks', () => {
  const NOW = Date.UTC(2030, 5, 1);
  const crew = line({ id: 'gig-crew', event: 'gig', voucherOnly: true, unit: 0 });
  const none = voucher({ kind: 'none', value: 0, scope: 'product', target: 'gig-crew' });

  it('takes nothing off, and is stored only with nothing as its value', () => {
    expect(unitPriceWith(none, 1800)).toBe(1800);
    expect(parseVoucher('CREW', { ...stored, kind: 'none', value: 0 })).toMatchObject({ kind: 'none' });
    expect(parseVoucher('CREW', { ...stored, kind: 'none', value: 5 })).toBeNull();
  });

  it('opens what is sold only with a voucher that applies to it, and is for an order that holds it', () => {
    expect(unlocks(none, crew)).toBe(true);
    expect(unlocks(none, line({ id: 'gig-crew' }))).toBe(false);
    expect(unlocks(voucher({ scope: 'product', target: 'gig-press' }), crew)).toBe(false);
    // A voucher for the whole shop or the whole event lowers its price at most; it never opens it.
    expect(unlocks(voucher({ scope: 'shop', target: null }), crew)).toBe(false);
    expect(unlocks(voucher({ scope: 'event', target: 'gig' }), crew)).toBe(false);
    expect(voucherReason(none, [crew], 'GBP', NOW)).toBeNull();
    expect(voucherReason(none, [line()], 'GBP', NOW)).toBe('not-for-these');
  });
});

describe('checking a voucher from the app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** fetch answering `status` with `body` (JSON unless a string), keeping what it was asked. */
  function answering(status: number, body: unknown) {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('posts the code as typed and the lines, and reads the prices and what it unlocks', async () => {
    const fetch = answering(200, { ok: true, code: 'SPRING20', prices: { shirt: 1000 }, unlocks: ['gig-crew'] });
    expect(await checkVoucher(' spring20 ', { shirt: 2, mug: 1 })).toEqual({
      kind: 'ok',
      code: 'SPRING20',
      prices: { shirt: 1000 },
      unlocks: ['gig-crew'],
      holds: {},
    });
    // The places a voucher holds for its holder, by product.
    answering(200, { ok: true, code: 'WAIT-1', prices: {}, unlocks: [], holds: { gig: 2 } });
    expect(await checkVoucher('WAIT-1', {})).toMatchObject({ kind: 'ok', holds: { gig: 2 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(VOUCHER_CHECK_ENDPOINT);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ code: ' spring20 ', lines: { shirt: 2, mug: 1 } });
  });

  it('reads a refusal and its reason', async () => {
    answering(200, { ok: false, code: 'SPRING20', reason: 'used-up' });
    expect(await checkVoucher('SPRING20', { shirt: 1 })).toEqual({
      kind: 'refused',
      code: 'SPRING20',
      reason: 'used-up',
    });
  });

  it('does not ask for what cannot be a code; tells invalid and too many apart', async () => {
    const fetch = answering(200, {});
    expect(await checkVoucher('no such thing', { shirt: 1 })).toEqual({ kind: 'invalid' });
    expect(fetch).not.toHaveBeenCalled();
    answering(400, { error: 'give a voucher code' });
    expect(await checkVoucher('SPRING20', { shirt: 1 })).toEqual({ kind: 'invalid' });
    answering(429, { error: 'too many requests: try again later' });
    expect(await checkVoucher('SPRING20', { shirt: 1 })).toEqual({ kind: 'too-many' });
  });

  it('throws for server trouble and for an answer it cannot vouch for', async () => {
    answering(503, { error: 'try again shortly' });
    await expect(checkVoucher('SPRING20', { shirt: 1 })).rejects.toThrow(/503/);
    answering(200, 'not json');
    await expect(checkVoucher('SPRING20', { shirt: 1 })).rejects.toThrow(/not JSON/);
    for (const body of [
      {},
      { ok: true, code: 'SPRING20' },
      { ok: true, code: 'SPRING20', prices: { shirt: -1 }, unlocks: [] },
      { ok: true, code: 'SPRING20', prices: { shirt: 9.5 }, unlocks: [] },
      { ok: true, code: 'SPRING20', prices: {} },
      { ok: true, code: 'SPRING20', prices: {}, unlocks: [3] },
      { ok: true, code: 'SPRING20', prices: {}, unlocks: [], holds: { gig: -1 } },
      { ok: false, code: 'SPRING20', reason: 'because' },
      { ok: false, reason: 'used-up' },
    ]) {
      answering(200, body);
      await expect(checkVoucher('SPRING20', { shirt: 1 }), JSON.stringify(body)).rejects.toThrow(/could not be read/);
    }
  });
});

describe('a voucher that holds places', () => {
  const NOW = Date.UTC(2030, 5, 1);
  const held = voucher({ kind: 'none', value: 0, scope: 'product', target: 'gig', held: 2, uses: 1, used: 0 });
  const gig = line({ id: 'gig', event: 'gig', unit: 1800 });

  it('is read with the places it holds, of its product only', () => {
    expect(parseVoucher('WAIT', { ...stored, scope: 'product', target: 'gig', held: 0 })).toMatchObject({ held: 0 });
    expect(parseVoucher('WAIT', { ...stored, scope: 'product', target: 'gig' })).toMatchObject({ held: null });
  });

  it('serves the product it holds places of, though it takes nothing off', () => {
    expect(voucherReason(held, [gig], 'GBP', NOW)).toBeNull();
    expect(voucherReason(held, [line({ id: 'other' })], 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason({ ...held, held: null }, [gig], 'GBP', NOW)).toBe('not-for-these');
    expect(voucherReason({ ...held, used: 1 }, [gig], 'GBP', NOW)).toBe('used-up');
  });

  it('holds while it is neither disabled nor past its last moment', () => {
    expect(holdsAt(held, NOW)).toBe(true);
    expect(holdsAt({ ...held, until: NOW }, NOW)).toBe(true);
    expect(holdsAt({ ...held, until: NOW - 1 }, NOW)).toBe(false);
    expect(holdsAt({ ...held, disabled: true }, NOW)).toBe(false);
    expect(holdsAt({ ...held, held: null }, NOW)).toBe(false);
  });
});
