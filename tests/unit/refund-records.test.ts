import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  boughtNothing,
  cardCharge,
  parseRefundOutcome,
  parseRefunds,
  proposedRefund,
  refundable,
  refundOutcomeMessage,
  refundRequestRecord,
} from '../../src/features/payments/model/refundRecords';

const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

describe('refunds as records of their own', () => {
  it('may give back what was paid less what was refunded, never less than nothing', () => {
    expect(refundable({ paid: 2500, refunded: 1000 })).toBe(1500);
    expect(refundable({ paid: 0, refunded: 0 })).toBe(0);
    expect(refundable({ paid: 100, refunded: 300 })).toBe(0);
  });

  it('proposes what is over for an order that stands, and all of its money for one cancelled or lapsed', () => {
    // Due 22, paid 25: before, Refund… proposed the whole 25 and an order that stands would have been left unpaid.
    const over = { due: 2200, paid: 2500, refunded: 0, state: 'paid' as const };
    expect(proposedRefund(over, false)).toBe(300);
    expect(proposedRefund(over, true)).toBe(2500);
    expect(proposedRefund({ ...over, state: 'expired' }, false)).toBe(2500);
    // Paid exactly, or what was over given back already: all that is left, as staff refund a standing order by hand.
    expect(proposedRefund({ ...over, paid: 2200 }, false)).toBe(2200);
    expect(proposedRefund({ ...over, refunded: 300 }, false)).toBe(2200);
    expect(proposedRefund({ ...over, refunded: 100 }, false)).toBe(200);
  });

  it('queues a request as the rules take it: the note trimmed and cut, none when empty', () => {
    const at = { '.sv': 'timestamp' };
    expect(refundRequestRecord({ uid: 'u', order: 'o', amount: 500, way: 'by-hand', note: '  ' }, 'staff', at)).toEqual(
      {
        uid: 'u',
        order: 'o',
        amount: 500,
        way: 'by-hand',
        by: 'staff',
        at,
      },
    );
    const long = refundRequestRecord({ uid: 'u', order: 'o', amount: 1, way: 'card', note: 'x'.repeat(300) }, 's', at);
    expect(long.note).toHaveLength(200);
  });

  it('reads answers, and refuses what is not one', () => {
    expect(parseRefundOutcome({ kind: 'done', amount: 500, refunded: 1500, at: 1 })).toEqual({
      kind: 'done',
      amount: 500,
      refunded: 1500,
    });
    expect(parseRefundOutcome({ kind: 'failed', reason: 'disputed' })).toEqual({ kind: 'failed', reason: 'disputed' });
    expect(parseRefundOutcome({ kind: 'too-much', left: 0 })).toEqual({ kind: 'too-much', left: 0 });
    expect(parseRefundOutcome({ kind: 'no-card' })).toEqual({ kind: 'no-card' });
    for (const broken of [
      { kind: 'done', amount: 1 },
      { kind: 'too-much', left: -1 },
      { kind: 'refunded' },
      'done',
      null,
    ]) {
      expect(parseRefundOutcome(broken)).toBeNull();
    }
  });

  it('says each answer in words', () => {
    expect(i18n._(refundOutcomeMessage({ kind: 'done', amount: 500, refunded: 1500 }, money))).toBe(
      'Refunded £5.00 (£15.00 in all). The buyer is emailed.',
    );
    expect(i18n._(refundOutcomeMessage({ kind: 'failed', reason: 'Charge disputed' }, money))).toBe(
      'The card provider refused the refund: Charge disputed. Nothing was given back.',
    );
    expect(i18n._(refundOutcomeMessage({ kind: 'too-much', left: 1000 }, money))).toContain('(£10.00)');
    for (const kind of ['no-card', 'already', 'not-found', 'invalid'] as const) {
      expect(i18n._(refundOutcomeMessage({ kind }, money))).toMatch(/\.$/);
    }
  });

  it('lists an order’s refunds oldest first, counting what cannot be read', () => {
    const { refunds, malformed } = parseRefunds({
      b: { way: 'card', amount: 500, currency: 'GBP', state: 'failed', created: 2, error: 'disputed' },
      a: { way: 'by-hand', amount: 1000, currency: 'GBP', state: 'done', created: 1, by: 'staff', note: 'cash' },
      c: { way: 'cheque', amount: 1, currency: 'GBP', state: 'done', created: 3 },
    });
    expect(refunds.map((refund) => [refund.id, refund.state, refund.error])).toEqual([
      ['a', 'done', ''],
      ['b', 'failed', 'disputed'],
    ]);
    expect(malformed).toBe(1);
  });

  it('finds the charge of an order’s confirmed card payment, and none for other payments', () => {
    expect(
      cardCharge({
        m1: { method: 'door', state: 'confirmed', amount: 100 },
        c1: { method: 'card', state: 'failed', charge: 'pi_failed' },
        c2: { method: 'card', state: 'confirmed', charge: 'pi_123' },
      }),
    ).toBe('pi_123');
    expect(cardCharge({ m1: { method: 'door', state: 'confirmed' } })).toBeNull();
    expect(cardCharge({ c: { method: 'card', state: 'confirmed' } })).toBeNull();
    expect(cardCharge(null)).toBeNull();
  });

  it('finds the charge of the card payment a refund names, and none when that one has none', () => {
    const payments = {
      'card-1': { method: 'card', state: 'confirmed', charge: 'pi_first' },
      'card-2': { method: 'card', state: 'confirmed', charge: 'pi_second' },
      'card-3': { method: 'card', state: 'cancelled' },
    };
    expect(cardCharge(payments, 'card-2')).toBe('pi_second');
    expect(cardCharge(payments, 'card-3')).toBeNull();
    expect(cardCharge(payments, 'card-9')).toBeNull();
  });

  it('says what of a card payment bought nothing: all of it for a cancelled or sold-on order, what is over when paid', () => {
    expect(boughtNothing({ kind: 'cancelled', refund: 2500 }, 2500)).toBe(2500);
    // The order had paid by transfer before: only this payment's own money goes back to its card.
    expect(boughtNothing({ kind: 'cancelled', refund: 4000 }, 2500)).toBe(2500);
    expect(boughtNothing({ kind: 'late-no-stock', refund: 1800 }, 1800)).toBe(1800);
    expect(boughtNothing({ kind: 'paid', over: 2500 }, 2500)).toBe(2500);
    expect(boughtNothing({ kind: 'paid', over: 300 }, 2500)).toBe(300);
    expect(boughtNothing({ kind: 'paid', over: 0 }, 2500)).toBe(0);
    expect(boughtNothing({ kind: 'part-paid', due: 500 }, 2000)).toBe(0);
    expect(boughtNothing({ kind: 'already' }, 2000)).toBe(0);
  });
});
