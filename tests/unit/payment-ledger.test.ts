/**
 * The desk's side of payments staff record (src/features/payments/model/paymentLedger.ts): the mark as the rules take it,
 * each answer in words, and an order's payments read whatever is stored.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { markRecord, outcomeMessage, parsePayments } from '../../src/features/payments/model/paymentLedger';

const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;
const NOW = { '.sv': 'timestamp' };

describe('a payment staff record', () => {
  it('is queued as a mark by its staff member at the database’s time, the note trimmed and bounded', () => {
    expect(markRecord({ uid: 'u', order: 'o', amount: 1000, method: 'door', note: '  ' }, 'staff', NOW)).toEqual({
      uid: 'u',
      order: 'o',
      amount: 1000,
      method: 'door',
      by: 'staff',
      at: NOW,
    });
    const long = markRecord(
      { uid: 'u', order: 'o', amount: 1, method: 'transfer', note: 'n'.repeat(300), source: 's'.repeat(400) },
      'staff',
      NOW,
    );
    expect([String(long.note).length, String(long.source).length]).toEqual([200, 300]);
  });

  it('says what became of it', () => {
    expect(i18n._(outcomeMessage({ kind: 'paid', over: 0 }, money))).toBe(
      'Paid in full. The buyer is emailed their tickets.',
    );
    expect(i18n._(outcomeMessage({ kind: 'paid', over: 250 }, money))).toBe(
      'Paid in full, with £2.50 more than was due: refund it to the buyer.',
    );
    expect(i18n._(outcomeMessage({ kind: 'part-paid', due: 1600 }, money))).toBe('Part paid: £16.00 is still due.');
    expect(i18n._(outcomeMessage({ kind: 'late-no-stock', refund: 3600 }, money))).toBe(
      'Paid after the order had lapsed, and its tickets were sold meanwhile: refund £36.00 to the buyer.',
    );
    expect(i18n._(outcomeMessage({ kind: 'already' }, money))).toMatch(/^Already recorded/);
    expect(i18n._(outcomeMessage({ kind: 'not-found' }, money))).toMatch(/^Not recorded: the order was not found/);
  });

  it('lists an order’s payments oldest first, and counts what cannot be read', () => {
    const one = { method: 'door', amount: 1000, currency: 'GBP', state: 'confirmed', created: 2, by: 'staff' };
    const { payments, malformed } = parsePayments({
      b: one,
      a: { ...one, method: 'transfer', created: 1, note: 'Seen on the account', source: 'line' },
      c: { ...one, amount: -5 },
      d: 'nonsense',
      e: { ...one, method: 'card', state: 'pending', created: 3, by: undefined },
      f: { ...one, method: 'card', state: 'cancelled', created: 4, by: undefined },
      g: { ...one, state: 'refunded' },
    });
    expect(payments.map((payment) => [payment.id, payment.method, payment.state, payment.note])).toEqual([
      ['a', 'transfer', 'confirmed', 'Seen on the account'],
      ['b', 'door', 'confirmed', ''],
      ['e', 'card', 'pending', ''],
      ['f', 'card', 'cancelled', ''],
    ]);
    expect(malformed).toBe(3);
    expect(parsePayments(null)).toEqual({ payments: [], malformed: 0 });
  });
});
