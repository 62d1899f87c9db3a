/**
 * Staff's gift card requests (docs/gift-cards.md#on-the-desk) against the real local database with the shop's rules:
 * a card issued by hand, a balance corrected with a note, each queued by staff as themselves and applied by trusted
 * code in one update with its answer; nobody else queues one, and nobody but trusted code answers or writes a card.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import {
  giftCardDeskPaths,
  giftCardRequestRecord,
  type GiftCardRequest,
} from '../../src/features/giftcards/model/deskRequests';
import { balanceAddsUp, giftCardPaths, parseGiftCard } from '../../src/features/giftcards/model/giftCard';
import { giftCardDeskApplier } from '../../functions/src/giftcards/deskRequests';
import { monthsAfter } from '../../functions/src/giftcards/issue';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';

const { connect, read, trusted } = paymentsDatabase(() => ({ ...SHOP_TAKING_EVERY_METHOD }));

const NOW = ServerValue.TIMESTAMP;
const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
let requests = 0;

/** A request as staff fill it in, before the desk signs it with who asks. */
type Asked =
  Omit<Extract<GiftCardRequest, { kind: 'issue' }>, 'by'> | Omit<Extract<GiftCardRequest, { kind: 'correct' }>, 'by'>;

/** Staff member `by` queues `request` (judged by the rules); returns its id. */
async function queue(request: Asked, by = 'staff'): Promise<string> {
  const id = `request-${++requests}-gift`;
  await connect(by, by)
    .ref(giftCardDeskPaths.request(id))
    .set(giftCardRequestRecord({ ...request, by } as GiftCardRequest, NOW));
  return id;
}

/** Applies the queue as trusted code; the answer to request `id`. */
async function apply(id: string): Promise<Record<string, unknown>> {
  await giftCardDeskApplier(trusted())();
  expect(await read(giftCardDeskPaths.request(id))).toBeNull();
  return (await read(giftCardDeskPaths.answer(id))) as Record<string, unknown>;
}

const cardOf = async (code: string) => parseGiftCard(code, await read(giftCardPaths.card(code)))!;

async function issueByHand(value = 2000, months: number | null = null): Promise<string> {
  const answer = await apply(await queue({ kind: 'issue', value, currency: 'GBP', months, note: 'Raffle prize' }));
  expect(answer).toMatchObject({ kind: 'issued' });
  return answer.code as string;
}

describe('staff issuing a gift card by hand', () => {
  it('issues a card worth what they said, valid for ever or for months, its first movement carrying their note', async () => {
    const code = await issueByHand();
    const card = await cardOf(code);
    expect(card).toMatchObject({
      currency: 'GBP',
      value: 2000,
      balance: 2000,
      v: 1,
      expires: null,
      from: { by: 'staff' },
    });
    expect(card.movements).toMatchObject([{ kind: 'issued', amount: 2000, note: 'Raffle prize' }]);

    const before = Date.now();
    const lasting = await cardOf(await issueByHand(500, 6));
    expect(lasting.expires).toBeGreaterThanOrEqual(monthsAfter(before, 6));
    expect(lasting.expires).toBeLessThanOrEqual(monthsAfter(Date.now(), 6));
  });

  it('is asked only by staff, as themselves, for an amount and currency that can be', async () => {
    const issue = { kind: 'issue' as const, value: 2000, currency: 'GBP', months: null, note: '' };
    await refused(queue(issue, 'customer'));
    await refused(
      connect('staff', 'staff')
        .ref(giftCardDeskPaths.request('request-as-other'))
        .set(giftCardRequestRecord({ ...issue, by: 'another' }, NOW)),
    );
    await refused(queue({ ...issue, value: 0 }));
    await refused(queue({ ...issue, value: 12.5 }));
    await refused(queue({ ...issue, currency: 'pounds' }));
    await refused(queue({ ...issue, months: 0 }));
    expect(await read(giftCardDeskPaths.requests)).toBeNull();
  });
});

describe('staff correcting a card', () => {
  it('moves its balance by the amount, with their note and name on the movement; the balance stays the sum', async () => {
    const code = await issueByHand();
    expect(
      await apply(await queue({ kind: 'correct', code, amount: -750, note: 'Paid cash at the bar' })),
    ).toMatchObject({
      kind: 'corrected',
      balance: 1250,
    });
    expect(await apply(await queue({ kind: 'correct', code, amount: 100, note: 'Goodwill' }))).toMatchObject({
      kind: 'corrected',
      balance: 1350,
    });
    const card = await cardOf(code);
    expect(card).toMatchObject({ balance: 1350, v: 3 });
    expect(card.movements.slice(1)).toMatchObject([
      { kind: 'corrected', amount: -750, note: 'Paid cash at the bar', by: 'staff' },
      { kind: 'corrected', amount: 100, note: 'Goodwill', by: 'staff' },
    ]);
    expect(balanceAddsUp(card)).toBe(true);
  });

  it('never takes a card below nothing: answered with what it holds, and the card unchanged', async () => {
    const code = await issueByHand(500);
    expect(await apply(await queue({ kind: 'correct', code, amount: -501, note: 'Too much' }))).toMatchObject({
      kind: 'below-nothing',
      balance: 500,
    });
    expect(await cardOf(code)).toMatchObject({ balance: 500, v: 1 });
  });

  it('answers a code that is no card as such, and writes no card', async () => {
    const code = 'K7M4QXPR2D9FTB3W';
    expect(await apply(await queue({ kind: 'correct', code, amount: 100, note: 'Typo?' }))).toMatchObject({
      kind: 'not-found',
    });
    expect(await read(giftCardPaths.card(code))).toBeNull();
  });

  it('is refused without a note, for nothing, or by anyone but staff; answers and cards are trusted code’s alone', async () => {
    const code = await issueByHand();
    await refused(queue({ kind: 'correct', code, amount: 100, note: '' }));
    await refused(queue({ kind: 'correct', code, amount: 0, note: 'Nothing' }));
    await refused(queue({ kind: 'correct', code, amount: 100, note: 'x' }, 'customer'));
    // An issue request cannot carry a correction's fields, nor the other way round.
    await refused(
      connect('staff', 'staff')
        .ref(giftCardDeskPaths.request('request-mixed'))
        .set({ kind: 'issue', value: 100, currency: 'GBP', code, amount: 100, note: '', by: 'staff', at: NOW }),
    );
    const id = await queue({ kind: 'correct', code, amount: 100, note: 'Goodwill' });
    await refused(
      connect('staff', 'staff')
        .ref()
        .update({
          [giftCardDeskPaths.request(id)]: null,
          [giftCardDeskPaths.answer(id)]: { kind: 'corrected', balance: 999999, at: NOW },
        }),
    );
    await refused(
      connect('staff', 'staff')
        .ref(`${giftCardPaths.card(code)}/balance`)
        .set(999999),
    );
    expect(await apply(id)).toMatchObject({ kind: 'corrected', balance: 2100 });
  });
});
