/**
 * The payment model's pure parts (docs/payments.md): the organiser's settings read from whatever the database
 * holds, the hold each method gets, amounts in minor units, and an order's payment summary read back.
 */
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '../../src/lib/money';
import { parseMarkOutcome } from '../../src/features/payments/model/paymentRecords';
import { balanceDue, newOrderPayment, parseOrderPayment } from '../../src/features/payments/model/orderPayment';
import {
  DEFAULT_PAYMENT_SETTINGS,
  holdEnd,
  offeredMethods,
  parsePaymentSettings,
} from '../../src/features/payments/model/paymentSettings';

const NOW = Date.UTC(2026, 10, 26, 12);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const settings = parsePaymentSettings({
  door: { on: true },
  transfer: { on: true, days: 5, payee: 'Harbour Jazz Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Bank' },
  card: { on: true, minutes: 45 },
});

describe('payment settings', () => {
  it('a shop that has set nothing, or whose settings are damaged, takes payment at the door', () => {
    for (const raw of [null, undefined, 'card', 42, [], { door: 'yes', card: { on: 'true', minutes: -5 } }]) {
      expect(parsePaymentSettings(raw)).toEqual(DEFAULT_PAYMENT_SETTINGS);
      expect(offeredMethods(parsePaymentSettings(raw))).toEqual(['door']);
    }
  });

  it('terms outside their bounds fall back to the defaults, one field at a time', () => {
    const read = parsePaymentSettings({
      transfer: { on: true, days: 61, account: ' GB33 ' },
      card: { on: true, minutes: 1.5, autoRefund: 'yes' },
    });
    expect(read.transfer).toMatchObject({ on: true, days: 7, account: 'GB33' });
    expect(read.card).toEqual({ on: true, minutes: 30, autoRefund: false });
    expect(parsePaymentSettings({ card: { on: true, minutes: 20, autoRefund: true } }).card).toEqual({
      on: true,
      minutes: 20,
      autoRefund: true,
    });
  });

  it('offers transfer only with an account to pay to, and the door when everything is off', () => {
    expect(offeredMethods(settings)).toEqual(['door', 'transfer', 'card']);
    expect(offeredMethods({ ...settings, transfer: { ...settings.transfer, account: '' } })).toEqual(['door', 'card']);
    const allOff = parsePaymentSettings({ door: { on: false }, transfer: { on: false }, card: { on: false } });
    expect(offeredMethods(allOff)).toEqual(['door']);
  });

  it('holds each method for its term, never past the event’s start; goods at the door never lapse', () => {
    expect(holdEnd('card', settings, NOW, null)).toBe(NOW + 45 * MINUTE);
    expect(holdEnd('transfer', settings, NOW, null)).toBe(NOW + 5 * DAY);
    expect(holdEnd('transfer', settings, NOW, NOW + DAY)).toBe(NOW + DAY);
    // Late arrivals still pay at the door: the hold runs a day past the event's start.
    expect(holdEnd('door', settings, NOW, NOW + 30 * DAY)).toBe(NOW + 31 * DAY);
    expect(holdEnd('door', settings, NOW, null)).toBeNull();
  });
});

describe('amounts in minor units', () => {
  it('are whole numbers of the currency’s smallest unit, exact where floating point is not', () => {
    expect(toMinorUnits(12.1, 'GBP')).toBe(1210);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(19.99 * 3, 'GBP')).toBe(5997);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(toMinorUnits(1.234, 'KWD')).toBe(1234);
    expect(toMinorUnits(12.5, 'not a currency')).toBe(1250);
  });
});

describe('an order’s payment summary', () => {
  it('starts pending with nothing paid, or paid at once when nothing is due', () => {
    expect(newOrderPayment('card', 2500, 'GBP', NOW + 30 * MINUTE)).toMatchObject({
      method: 'card',
      state: 'pending',
      paid: 0,
      until: NOW + 30 * MINUTE,
      v: 1,
    });
    expect(newOrderPayment('card', 0, 'GBP', NOW)).toMatchObject({ method: 'free', state: 'paid', until: null });
  });

  it('is read back only when every field can be vouched for', () => {
    const stored = { method: 'transfer', currency: 'GBP', due: 2500, paid: 1000, refunded: 0, state: 'pending', v: 2 };
    expect(parseOrderPayment(stored)).toEqual({ ...stored, until: null });
    expect(balanceDue(parseOrderPayment(stored)!)).toBe(1500);
    expect(balanceDue({ due: 2500, paid: 3000 })).toBe(0);
    for (const broken of [
      { ...stored, method: 'cash' },
      { ...stored, state: 'refunded' },
      { ...stored, due: 12.5 },
      { ...stored, paid: -1 },
      { ...stored, v: undefined },
      { ...stored, currency: 7 },
      'paid',
      null,
    ]) {
      expect(parseOrderPayment(broken)).toBeNull();
    }
  });
});

describe('what became of a payment staff recorded', () => {
  it('is read back with its amounts, and anything else is not an answer', () => {
    expect(parseMarkOutcome({ kind: 'paid', over: 0, at: 1 })).toEqual({ kind: 'paid', over: 0 });
    expect(parseMarkOutcome({ kind: 'part-paid', due: 1500 })).toEqual({ kind: 'part-paid', due: 1500 });
    expect(parseMarkOutcome({ kind: 'late-no-stock', refund: 2500 })).toEqual({ kind: 'late-no-stock', refund: 2500 });
    expect(parseMarkOutcome({ kind: 'already' })).toEqual({ kind: 'already' });
    for (const broken of [{ kind: 'paid' }, { kind: 'part-paid', due: -1 }, { kind: 'refunded' }, 'paid', null]) {
      expect(parseMarkOutcome(broken)).toBeNull();
    }
  });
});
