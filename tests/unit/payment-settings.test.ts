import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_SETTINGS,
  methodsFor,
  offeredMethods,
  parsePaymentSettings,
} from '../../src/features/payments/model';
import { paymentSettingsRecord, paymentsFields, validatePayments } from '../../src/features/payments/desk/paymentsForm';

const SAVED = {
  door: { on: false },
  transfer: { on: true, days: 14, payee: 'Harbour Arts', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Barclays' },
  card: { on: true, minutes: 45, autoRefund: true },
};

describe('payment settings as the app reads them', () => {
  it('reads saved settings as they are', () => {
    expect(parsePaymentSettings(SAVED)).toEqual(SAVED);
  });

  it('reads nothing, or something that is no settings at all, as the defaults: at the door only', () => {
    for (const raw of [null, undefined, 'card', 42, [], { door: 'yes' }]) {
      expect(parsePaymentSettings(raw), JSON.stringify(raw)).toEqual(DEFAULT_PAYMENT_SETTINGS);
      expect(offeredMethods(parsePaymentSettings(raw))).toEqual(['door']);
    }
  });

  it('replaces each damaged term by its default and keeps the rest', () => {
    const damaged = {
      door: { on: 'true' },
      transfer: { ...SAVED.transfer, days: 61, payee: 7, account: `  ${'x'.repeat(250)}` },
      card: { on: true, minutes: 45.5, autoRefund: 'yes' },
    };
    expect(parsePaymentSettings(damaged)).toEqual({
      door: { on: true },
      transfer: { on: true, days: 7, payee: '', account: 'x'.repeat(200), bank: 'Barclays' },
      card: { on: true, minutes: 30, autoRefund: false },
    });
  });

  it('offers the methods in a fixed order, transfer only with an account, and the door when all are off', () => {
    expect(offeredMethods({ ...SAVED, door: { on: true } })).toEqual(['door', 'transfer', 'card']);
    expect(offeredMethods({ ...SAVED, transfer: { ...SAVED.transfer, account: '' } })).toEqual(['card']);
    const allOff = {
      door: { on: false },
      transfer: { ...SAVED.transfer, on: false },
      card: { on: false, minutes: 30, autoRefund: false },
    };
    expect(offeredMethods(allOff)).toEqual(['door']);
  });

  it('leaves card out for a total the card provider would refuse, and never leaves nothing', () => {
    const all = { ...SAVED, door: { on: true } };
    expect(methodsFor(all, 3600, 'GBP')).toEqual(['door', 'transfer', 'card']);
    // Under the provider's least (30 pence), or in a currency it does not take.
    expect(methodsFor(all, 29, 'GBP')).toEqual(['door', 'transfer']);
    expect(methodsFor(all, 30, 'GBP')).toEqual(['door', 'transfer', 'card']);
    expect(methodsFor(all, 5000, 'XXX')).toEqual(['door', 'transfer']);
    // A shop that takes only cards still takes a small order, at the door, as when everything is off.
    const cardOnly = { ...all, door: { on: false }, transfer: { ...SAVED.transfer, on: false } };
    expect(methodsFor(cardOnly, 20, 'GBP')).toEqual(['door']);
    // A free order is paid as it is placed: whatever it names is taken.
    expect(methodsFor(cardOnly, 0, 'GBP')).toEqual(['card']);
  });
});

describe('the staff Payments form', () => {
  const fields = paymentsFields(parsePaymentSettings(SAVED));

  it('saves what it was given, numbers as numbers and details trimmed', () => {
    expect(validatePayments(fields)).toEqual({});
    expect(paymentSettingsRecord({ ...fields, payee: '  Harbour Arts ' })).toEqual(SAVED);
  });

  it('holds days and minutes to the bounds the rules keep, as whole numbers', () => {
    for (const days of ['0', '61', '1.5', '', 'seven']) {
      expect(validatePayments({ ...fields, days }).days, days).toBe(
        'Please enter a whole number of days from 1 to 60.',
      );
    }
    for (const minutes of ['9', '1441', '30.5']) {
      expect(validatePayments({ ...fields, minutes }).minutes, minutes).toBe(
        'Please enter a whole number of minutes from 10 to 1440.',
      );
    }
    expect(validatePayments({ ...fields, days: '60', minutes: '10' })).toEqual({});
  });

  it('will not offer a transfer without an account, nor keep details longer than 200 characters', () => {
    expect(validatePayments({ ...fields, account: '  ' }).account).toMatch(/^Bank transfer needs an account/);
    expect(validatePayments({ ...fields, transfer: false, account: '' })).toEqual({});
    expect(validatePayments({ ...fields, bank: 'b'.repeat(201) }).bank).toBe(
      'Please keep this to 200 characters or fewer.',
    );
  });
});
