/**
 * Gift cards (docs/gift-cards.md) against the real local database with the shop's rules: only trusted code writes a
 * card, every write is one movement of its money, and the balance stays the sum of the movements whatever a writer
 * tries; staff read cards, nobody else does.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import {
  balanceAddsUp,
  giftCardPaths,
  movementWrites,
  newGiftCardCode,
  newGiftCardRecord,
  parseGiftCard,
} from '../../src/features/payments/model/giftCard';
import { ALLOCATOR_UID } from '../../src/features/orders/orderRequest';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, read } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: {
    ...SHOP_TAKING_EVERY_METHOD.users,
    ann: { firstname: 'A', lastname: 'A', email: 'ann@example.com', role: 'customer', created: 1 },
  },
}));

const NOW = ServerValue.TIMESTAMP;
const trustedDb = () => connect('trusted', ALLOCATOR_UID);
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);

/** A £25 card, issued by trusted code as an order's first gift card unit; its code. */
async function issued(value = 2500): Promise<string> {
  const code = newGiftCardCode();
  await trustedDb()
    .ref(giftCardPaths.card(code))
    .set(
      newGiftCardRecord(
        { currency: 'GBP', value, expires: null, from: { uid: 'ann', order: 'o1', line: 'g', n: 0 } },
        NOW,
      ),
    );
  return code;
}

const cardOf = async (code: string) => parseGiftCard(code, await read(giftCardPaths.card(code)))!;

describe('a gift card as the rules keep it', () => {
  it('is issued by trusted code with its value as its balance and one movement, and read back whole', async () => {
    const code = await issued();
    const card = await cardOf(code);
    expect(card).toMatchObject({ currency: 'GBP', value: 2500, balance: 2500, v: 1, expires: null });
    expect(card.movements.map(({ kind, amount }) => [kind, amount])).toEqual([['issued', 2500]]);
    expect(balanceAddsUp(card)).toBe(true);
  });

  it('is not issued with a balance other than its value, nor without its issued movement', async () => {
    const code = newGiftCardCode();
    const record = newGiftCardRecord({ currency: 'GBP', value: 2500, expires: null, from: { by: 'staff' } }, NOW);
    await refused(
      trustedDb()
        .ref(giftCardPaths.card(code))
        .set({ ...record, balance: 5000 }),
    );
    await refused(
      trustedDb()
        .ref(giftCardPaths.card(code))
        .set({ ...record, tx: { issued: { amount: 5000, kind: 'issued', at: NOW } } }),
    );
    await refused(
      trustedDb()
        .ref(giftCardPaths.card(code))
        .set({ ...record, tx: { issued: { amount: 2500, kind: 'corrected', at: NOW } } }),
    );
    await refused(trustedDb().ref(giftCardPaths.card('not-a-code')).set(record));
  });

  it('moves its money only as one new movement, v bumped, the balance moved by exactly that amount', async () => {
    const code = await issued();
    const card = await cardOf(code);
    const spend = movementWrites(card, 'spent-ann~o2', { amount: -1000, kind: 'spent', order: 'ann~o2' }, NOW);
    await trustedDb().ref().update(spend);
    expect(await cardOf(code)).toMatchObject({ balance: 1500, v: 2 });

    const after = await cardOf(code);
    const path = giftCardPaths.card(code);
    // The balance alone, or with v, is no movement.
    await refused(
      trustedDb()
        .ref()
        .update({ [`${path}/balance`]: 2500 }),
    );
    await refused(
      trustedDb()
        .ref()
        .update({ [`${path}/balance`]: 2500, [`${path}/v`]: 3 }),
    );
    // A movement whose amount is not what the balance moved by.
    const wrong = movementWrites(after, 'corrected-1', { amount: 500, kind: 'corrected', note: 'x' }, NOW);
    await refused(
      trustedDb()
        .ref()
        .update({ ...wrong, [`${path}/balance`]: 9999 }),
    );
    // From an old reading: v is not one more than it is now.
    await refused(
      trustedDb()
        .ref()
        .update(movementWrites(card, 'spent-ann~o3', { amount: -100, kind: 'spent' }, NOW)),
    );
    // A movement already made, made again (named `last` again), or changed afterwards.
    await refused(
      trustedDb()
        .ref()
        .update(movementWrites(after, 'spent-ann~o2', { amount: -1000, kind: 'spent', order: 'ann~o2' }, NOW)),
    );
    await refused(
      trustedDb()
        .ref()
        .update({ [`${path}/tx/issued/amount`]: 99_999 }),
    );
    await refused(trustedDb().ref(`${path}/tx/issued`).remove());
    expect(await cardOf(code)).toMatchObject({ balance: 1500, v: 2 });
    expect(balanceAddsUp(await cardOf(code))).toBe(true);
  });

  it('never goes below nothing, even when trusted code asks', async () => {
    const code = await issued(1000);
    const card = await cardOf(code);
    const path = giftCardPaths.card(code);
    await refused(
      trustedDb()
        .ref()
        .update({
          [`${path}/balance`]: -500,
          [`${path}/v`]: 2,
          [`${path}/last`]: 'spent-x',
          [`${path}/tx/spent-x`]: { amount: -1500, kind: 'spent', at: NOW },
        }),
    );
    expect(() => movementWrites(card, 'spent-x', { amount: -1500, kind: 'spent' }, NOW)).toThrow(RangeError);
    expect(await cardOf(code)).toMatchObject({ balance: 1000, v: 1 });
  });

  it('is read by staff and trusted code only, and written by no client, staff included', async () => {
    const code = await issued();
    for (const [name, uid] of [
      ['ann', 'ann'],
      ['staff', 'staff'],
    ] as const) {
      const card = await cardOf(code);
      await refused(
        connect(name, uid)
          .ref()
          .update(movementWrites(card, `corrected-${name}`, { amount: 1, kind: 'corrected' }, NOW)),
      );
      await refused(
        connect(name, uid)
          .ref(giftCardPaths.card(newGiftCardCode()))
          .set(newGiftCardRecord({ currency: 'GBP', value: 100, expires: null, from: { by: uid } }, NOW)),
      );
    }
    await refused(connect('ann', 'ann').ref(giftCardPaths.card(code)).get());
    await refused(connect('ann', 'ann').ref(giftCardPaths.cards).get());
    expect((await connect('staff', 'staff').ref(giftCardPaths.card(code)).get()).val()).toMatchObject({
      balance: 2500,
    });
  });
});
