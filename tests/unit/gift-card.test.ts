import { describe, expect, it } from 'vitest';
import {
  balanceAddsUp,
  displayGiftCardCode,
  movementWrites,
  newGiftCardCode,
  normaliseGiftCardCode,
  parseGiftCard,
  STORED_GIFT_CARD_CODE,
  unusableReason,
} from '../../src/features/giftcards/model/giftCard';
import { parseIssuedCards } from '../../src/features/giftcards/model/issuedCard';
import { parseCancelOutcome } from '../../src/features/orders/orderCancels';
import { issuedCardPaths, issuedListPath, voidIssuedWrites } from '../../functions/src/giftcards/voidIssued';

const CODE = 'K7M4QXPR2D9FTB3W';
const stored = {
  currency: 'GBP',
  value: 2500,
  balance: 1000,
  v: 3,
  issued: 1_000,
  from: { uid: 'buyer', order: 'o1', line: 'gift-card-25', n: 0 },
  tx: {
    issued: { amount: 2500, kind: 'issued', at: 1_000 },
    'spent-o2': { amount: -1500, kind: 'spent', at: 2_000, order: 'buyer~o2' },
  },
};

describe('gift card codes', () => {
  it('are sixteen characters people can read out, shown in four groups of four', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newGiftCardCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(STORED_GIFT_CARD_CODE);
    expect(displayGiftCardCode(CODE)).toBe('K7M4-QXPR-2D9F-TB3W');
    expect(displayGiftCardCode('not a code')).toBe('not a code');
  });

  it('are read back whatever the case, spaces and hyphens, with O, I and L as 0, 1 and 1', () => {
    expect(normaliseGiftCardCode(' k7m4-qxpr 2d9f-tb3w ')).toBe(CODE);
    expect(normaliseGiftCardCode('K7M4-QXPR-2D9F-TB3O')).toBe('K7M4QXPR2D9FTB30');
    expect(normaliseGiftCardCode('K7M4-QXPR-2D9F-TBIL')).toBe('K7M4QXPR2D9FTB11');
  });

  it('refuse what cannot be one: too short or long, a U, and very long input unread', () => {
    for (const input of ['K7M4-QXPR-2D9F', 'K7M4QXPR2D9FTB3WX', 'K7M4QXPR2D9FTB3U', '', 'x'.repeat(10_000)]) {
      expect(normaliseGiftCardCode(input)).toBeNull();
    }
  });
});

describe('a stored gift card', () => {
  it('is read with its movements oldest first, and its balance adds up', () => {
    const card = parseGiftCard(CODE, stored)!;
    expect(card).toMatchObject({ currency: 'GBP', value: 2500, balance: 1000, v: 3, expires: null });
    expect(card.movements.map((movement) => movement.kind)).toEqual(['issued', 'spent']);
    expect(balanceAddsUp(card)).toBe(true);
    expect(balanceAddsUp({ ...card, balance: 1001 })).toBe(false);
  });

  it('is not vouched for when a field or a movement is damaged', () => {
    const damaged = [
      { ...stored, balance: -1 },
      { ...stored, balance: 10.5 },
      { ...stored, currency: 'gbp' },
      { ...stored, v: '3' },
      { ...stored, tx: { ...stored.tx, odd: { amount: 1.5, kind: 'spent', at: 3 } } },
      { ...stored, tx: { ...stored.tx, odd: { amount: 1, kind: 'stolen', at: 3 } } },
      null,
      'card',
    ];
    for (const raw of damaged) expect(parseGiftCard(CODE, raw)).toBeNull();
    expect(parseGiftCard('not-a-code', stored)).toBeNull();
  });

  it('says why it cannot pay: none, expired, another currency, nothing left', () => {
    const card = parseGiftCard(CODE, stored)!;
    expect(unusableReason(card, 'GBP', 5_000)).toBeNull();
    expect(unusableReason(null, 'GBP', 5_000)).toBe('not-found');
    expect(unusableReason({ ...card, expires: 5_000 }, 'GBP', 5_000)).toBe('expired');
    expect(unusableReason({ ...card, expires: 5_001 }, 'GBP', 5_000)).toBeNull();
    expect(unusableReason(card, 'EUR', 5_000)).toBe('currency');
    expect(unusableReason({ ...card, balance: 0 }, 'GBP', 5_000)).toBe('empty');
  });
});

describe('moving a card’s money', () => {
  const now = { '.sv': 'timestamp' };

  it('writes the movement, the new balance and v bumped, together', () => {
    const card = parseGiftCard(CODE, stored)!;
    expect(movementWrites(card, 'spent-o3', { amount: -400, kind: 'spent', order: 'buyer~o3' }, now)).toEqual({
      [`giftCards/${CODE}/balance`]: 600,
      [`giftCards/${CODE}/v`]: 4,
      [`giftCards/${CODE}/last`]: 'spent-o3',
      [`giftCards/${CODE}/tx/spent-o3`]: { amount: -400, kind: 'spent', order: 'buyer~o3', at: now },
    });
  });

  it('never takes a card below nothing, nor moves a part of a penny', () => {
    const card = parseGiftCard(CODE, stored)!;
    expect(() => movementWrites(card, 'x', { amount: -1001, kind: 'spent' }, now)).toThrow(RangeError);
    expect(() => movementWrites(card, 'x', { amount: 0.5, kind: 'corrected' }, now)).toThrow(RangeError);
    expect(Object.keys(movementWrites(card, 'x', { amount: -1000, kind: 'spent' }, now))).toHaveLength(4);
  });
});

describe('the cards an order issued, as its buyer is shown them', () => {
  it('keeps what reads as a card and leaves out what does not', () => {
    const good = { code: CODE, currency: 'GBP', value: 2500, balance: 1000, expires: null };
    expect(
      parseIssuedCards([
        good,
        { ...good, code: 'not a code' },
        { ...good, currency: 'pounds' },
        { ...good, balance: -1 },
        { ...good, value: 12.5 },
        { ...good, expires: 5 },
        'K7M4QXPR2D9FTB3W',
      ]),
    ).toEqual([good, { ...good, expires: 5 }]);
    expect(parseIssuedCards({ [CODE]: good })).toEqual([]);
    expect(parseIssuedCards(undefined)).toEqual([]);
  });
});

describe('cancelling an order that issued cards', () => {
  const entry = { uid: 'buyer', order: 'o1' };
  /** A £25 card the order issued, holding `balance` (its movements are not what is judged here). */
  const card = (balance: number) => ({ ...stored, balance, v: 1 });
  const OTHER = 'W3BT9FD2RPXQ4M7K';
  const reads = (cards: Record<string, unknown>) =>
    new Map<string, unknown>([
      [issuedListPath(entry), Object.fromEntries(Object.keys(cards).map((code) => [code, { line: 'g', n: 0 }]))],
      ...Object.entries(cards).map(([code, raw]) => [`giftCards/${code}`, raw] as const),
    ]);

  it('voids every card it issued, all each holds, when none has been spent', () => {
    const both = reads({ [CODE]: card(2500), [OTHER]: card(2500) });
    expect(issuedCardPaths(entry, both)).toEqual([`giftCards/${CODE}`, `giftCards/${OTHER}`]);
    const writes = voidIssuedWrites(entry, both)!;
    expect(writes[`giftCards/${CODE}/balance`]).toBe(0);
    expect(writes[`giftCards/${OTHER}/tx/voided-buyer~o1`]).toMatchObject({ amount: -2500, kind: 'voided' });
  });

  it('voids nothing, and says so, when one card has been spent in part or cannot be read', () => {
    expect(voidIssuedWrites(entry, reads({ [CODE]: card(2500), [OTHER]: card(2499) }))).toBeNull();
    expect(voidIssuedWrites(entry, reads({ [CODE]: card(2500), [OTHER]: { balance: 'lots' } }))).toBeNull();
  });

  it('voids nothing for an order that issued no card', () => {
    expect(voidIssuedWrites(entry, new Map())).toEqual({});
    expect(issuedCardPaths(entry, new Map())).toEqual([]);
  });

  it('is answered as not cancelled, which the desk reads back', () => {
    expect(parseCancelOutcome({ kind: 'gift-card-spent', at: 1 })).toEqual({ kind: 'gift-card-spent' });
  });
});
