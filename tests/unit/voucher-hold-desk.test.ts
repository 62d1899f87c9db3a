/**
 * Staff making a voucher that holds places on the desk (docs/vouchers.md#staff-holding-places): the request the desk
 * queues and trusted code reads back, trusted code's answers, the form's checks of a hold, what an edit keeps of a
 * voucher that holds, and the desk's words for each answer.
 */
import { describe, expect, it } from 'vitest';
import {
  parseVoucherDeskOutcome,
  parseVoucherHoldRequest,
  voucherHoldRequestRecord,
  type VoucherHoldRequest,
} from '../../src/features/vouchers/model/deskRequests';
import type { Voucher, VoucherTerms } from '../../src/features/vouchers/model';
import { heldWords, holdAnswerWords, type VoucherTargets } from '../../src/features/vouchers/desk/deskWords';
import {
  holdsPlaces,
  isLocked,
  NEW_VOUCHER,
  placesToHold,
  validateVoucher,
  voucherTermWrites,
  voucherTerms,
  type VoucherFields,
  type VoucherFormContext,
} from '../../src/features/vouchers/desk/voucherForm';

const TERMS: VoucherTerms = {
  kind: 'none',
  value: 0,
  currency: 'GBP',
  scope: 'product',
  target: 'gala-standard',
  uses: 2,
  from: null,
  until: Date.UTC(2027, 5, 1),
  disabled: false,
  tag: 'sponsors',
  comment: null,
};

const REQUEST: VoucherHoldRequest = { kind: 'hold', code: 'SPONSOR', terms: TERMS, places: 4, by: 'staff-uid' };

/** The request as the database hands it back: nulls are no fields, the server's time a number. */
const stored = (request: VoucherHoldRequest = REQUEST): Record<string, unknown> =>
  JSON.parse(
    JSON.stringify(voucherHoldRequestRecord(request, {}), (_, value: unknown) => value ?? undefined),
  ) as Record<string, unknown>;

describe('the request the desk queues', () => {
  it('carries the code, the voucher’s own terms and the places, and reads back as it was asked', () => {
    const written = stored();
    expect(written).toEqual({
      kind: 'hold',
      code: 'SPONSOR',
      voucher: {
        kind: 'none',
        value: 0,
        currency: 'GBP',
        scope: 'product',
        target: 'gala-standard',
        uses: 2,
        until: TERMS.until,
        tag: 'sponsors',
      },
      places: 4,
      by: 'staff-uid',
      at: {},
    });
    expect(parseVoucherHoldRequest(written)).toEqual(REQUEST);
  });

  it('is none when it holds anything but 1 to 1000 places of one product, or brings what trusted code writes', () => {
    const changed = (change: (raw: Record<string, unknown>) => void) => {
      const raw = stored();
      change(raw);
      return parseVoucherHoldRequest(raw);
    };
    const voucher = (raw: Record<string, unknown>) => raw.voucher as Record<string, unknown>;
    expect(changed((raw) => (raw.places = 0))).toBeNull();
    expect(changed((raw) => (raw.places = 1001))).toBeNull();
    expect(changed((raw) => (raw.places = 2.5))).toBeNull();
    expect(changed((raw) => (raw.places = 1000))).toMatchObject({ places: 1000 });
    expect(changed((raw) => (raw.code = 'sponsor'))).toBeNull();
    expect(changed((raw) => (raw.kind = 'release'))).toBeNull();
    expect(changed((raw) => delete raw.by)).toBeNull();
    expect(changed((raw) => Object.assign(voucher(raw), { scope: 'event' }))).toBeNull();
    expect(changed((raw) => Object.assign(voucher(raw), { held: 4 }))).toBeNull();
    expect(changed((raw) => Object.assign(voucher(raw), { used: 0 }))).toBeNull();
    expect(changed((raw) => Object.assign(voucher(raw), { created: 1 }))).toBeNull();
    expect(changed((raw) => Object.assign(voucher(raw), { disabled: true }))).toBeNull();
    expect(changed((raw) => Object.assign(voucher(raw), { kind: 'percent', value: 0 }))).toBeNull();
    expect(changed((raw) => delete voucher(raw).target)).toBeNull();
    expect(parseVoucherHoldRequest('nonsense')).toBeNull();
  });
});

describe('trusted code’s answer', () => {
  it('reads each answer it can give, and nothing else', () => {
    expect(parseVoucherDeskOutcome({ kind: 'held', code: 'SPONSOR', places: 4, at: 1 })).toEqual({
      kind: 'held',
      code: 'SPONSOR',
      places: 4,
    });
    expect(parseVoucherDeskOutcome({ kind: 'taken', code: 'SPONSOR' })).toEqual({ kind: 'taken', code: 'SPONSOR' });
    expect(parseVoucherDeskOutcome({ kind: 'not-enough', left: 0 })).toEqual({ kind: 'not-enough', left: 0 });
    expect(parseVoucherDeskOutcome({ kind: 'not-found' })).toEqual({ kind: 'not-found' });
    expect(parseVoucherDeskOutcome({ kind: 'invalid' })).toEqual({ kind: 'invalid' });
    expect(parseVoucherDeskOutcome({ kind: 'held', code: 'SPONSOR' })).toBeNull();
    expect(parseVoucherDeskOutcome({ kind: 'taken', code: 'x' })).toBeNull();
    expect(parseVoucherDeskOutcome({ kind: 'not-enough', left: -1 })).toBeNull();
    expect(parseVoucherDeskOutcome({ kind: 'released' })).toBeNull();
    expect(parseVoucherDeskOutcome(null)).toBeNull();
  });

  it('is said in words: what was made, or why nothing was', () => {
    expect(holdAnswerWords({ kind: 'held', code: 'SPONSOR', places: 1 }, 'SPONSOR')).toEqual({
      made: 'Voucher SPONSOR is created and holds 1 place.',
    });
    expect(holdAnswerWords({ kind: 'held', code: 'SPONSOR', places: 4 }, 'SPONSOR')).toEqual({
      made: 'Voucher SPONSOR is created and holds 4 places.',
    });
    expect(holdAnswerWords('queued', 'SPONSOR')).toEqual({
      made: 'The shop’s server has not answered yet: voucher SPONSOR shows in the list once it holds its places.',
    });
    expect(holdAnswerWords({ kind: 'taken', code: 'SPONSOR' }, 'SPONSOR')).toEqual({
      refused: 'A voucher with the code SPONSOR already exists: choose another code. Nothing was held.',
    });
    expect(holdAnswerWords({ kind: 'not-enough', left: 3 }, 'SPONSOR')).toEqual({
      refused:
        'Only 3 places of it can be held: the others are sold, held, or wanted by people on the waiting list. Nothing was held.',
    });
    expect(holdAnswerWords({ kind: 'not-enough', left: 0 }, 'SPONSOR')).toMatchObject({
      refused: expect.stringMatching(/^No places of it are left to hold/),
    });
    expect(holdAnswerWords({ kind: 'not-found' }, 'SPONSOR')).toMatchObject({ refused: expect.any(String) });
    expect(holdAnswerWords({ kind: 'invalid' }, 'SPONSOR')).toMatchObject({ refused: expect.any(String) });
    expect(heldWords(2)).toBe('Holds 2 places apart from public sale');
    expect(heldWords(1)).toBe('Holds 1 place apart from public sale');
  });
});

const targets: VoucherTargets = {
  product: [{ id: 'gala-standard', name: 'Gala · Standard' }],
  event: [{ id: 'gala-standard', name: 'Gala' }],
  quota: [],
};

const context = (editing: Voucher | null = null): VoucherFormContext => ({
  editing,
  currency: 'GBP',
  zone: 'Europe/London',
  locale: 'en-GB',
  targets,
  known: new Set(),
});

const fields = (extra: Partial<VoucherFields> = {}): VoucherFields => ({
  ...NEW_VOUCHER,
  kind: 'none',
  scope: 'product',
  target: 'gala-standard',
  hold: true,
  places: '4',
  ...extra,
});

describe('the form, for a voucher that holds places', () => {
  it('holds only for a new voucher of one product, ticked', () => {
    expect(holdsPlaces(fields(), context())).toBe(true);
    expect(holdsPlaces(fields({ hold: false }), context())).toBe(false);
    expect(holdsPlaces(fields({ scope: 'event' }), context())).toBe(false);
    expect(holdsPlaces(fields(), context(HOLDING))).toBe(false);
    expect(placesToHold(fields({ places: ' 12 ' }))).toBe(12);
  });

  it('asks for 1 to 1,000 places, one code at a time', () => {
    // No window is typed, so the time the form is checked at does not matter.
    const NO_WINDOW_TYPED = 0;
    expect(validateVoucher(fields(), context(), NO_WINDOW_TYPED)).toEqual({});
    for (const places of ['', '0', '1001', '2.5', 'four']) {
      expect(validateVoucher(fields({ places }), context(), NO_WINDOW_TYPED)).toEqual({
        places: 'A whole number of places from 1 to 1,000.',
      });
    }
    expect(validateVoucher(fields({ places: '1000' }), context(), NO_WINDOW_TYPED)).toEqual({});
    expect(validateVoucher(fields({ count: '3' }), context(), NO_WINDOW_TYPED)).toMatchObject({
      count: 'A voucher that holds places is made one at a time: leave 1.',
    });
    // Unticked, or of more than one product, the places are not looked at.
    expect(validateVoucher(fields({ hold: false, places: '0' }), context(), NO_WINDOW_TYPED)).toEqual({});
    expect(validateVoucher(fields({ scope: 'event', places: '0', count: '3' }), context(), NO_WINDOW_TYPED)).toEqual(
      {},
    );
  });

  it('makes the voucher’s own terms, which the request carries', () => {
    expect(voucherTerms(fields(), context())).toMatchObject({
      kind: 'none',
      scope: 'product',
      target: 'gala-standard',
    });
  });
});

/** A voucher made to hold places, not used yet. */
const HOLDING: Voucher = { ...TERMS, code: 'SPONSOR', used: 0, held: 4, created: 1 };

describe('editing a voucher that holds places', () => {
  it('keeps what it does and its product, and never writes its hold', () => {
    expect(isLocked(HOLDING)).toBe(true);
    expect(isLocked({ ...HOLDING, held: null })).toBe(false);
    const edited = voucherTerms(fields({ kind: 'percent', value: '20', target: 'other', uses: '5' }), context(HOLDING));
    expect(edited).toMatchObject({ kind: 'none', target: 'gala-standard', uses: 5 });
    const writes = voucherTermWrites(HOLDING, edited);
    expect(Object.keys(writes).sort()).toEqual(
      ['uses', 'from', 'until', 'disabled', 'tag', 'comment'].map((field) => `vouchers/SPONSOR/${field}`).sort(),
    );
  });
});
