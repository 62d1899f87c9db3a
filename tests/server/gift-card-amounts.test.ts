/**
 * A gift card whose buyer chooses its amount (docs/gift-cards.md#an-amount-the-buyer-chooses), against the real
 * local database with the shop's rules: the request names the amount, the rules take it only within the bounds the
 * organiser set, and the allocator sells the card at it (and issues it worth it) or answers why not, whatever a
 * buyer writes or staff change in between.
 */
import { ServerValue } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { parseAnswer, requestRecord } from '../../src/features/orders/orderRequest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { markApplier } from '../../functions/src/payments/marks';
import { issuedCardsPath } from '../../functions/src/giftcards/issue';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD } from './support/paymentsHarness';
import { gigEvent } from './support/gigEvent';

const { connect, read, queueOrder, trusted, admin } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: {
    ...SHOP_TAKING_EVERY_METHOD.users,
    ann: { firstname: 'A', lastname: 'A', email: 'ann@example.com', role: 'customer', created: 1 },
  },
  products: {
    // Any amount from £5 to £500, £25 suggested; and a card of a fixed £10.
    any: gigEvent({
      title: 'Gift card, any amount',
      price: 25,
      date: null,
      giftCard: true,
      giftCardAmount: { min: 5, max: 500 },
    }),
    card10: gigEvent({ title: 'Gift Card £10', price: 10, date: null, giftCard: true }),
  },
}));

const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const settle = () => createAllocator(trusted()).settle();
const answerTo = async (uid: string) => parseAnswer((await read(`orderAnswers/${uid}/request-${uid}`)) as unknown);

/** A request of `ann` for `lines` with `amounts`, written as a buyer's SDK would, bypassing the app. */
function rawRequest(lines: Record<string, number>, amounts: unknown) {
  const wanted = Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity }));
  const record = requestRecord(
    'request-ann',
    wanted,
    { name: 'Ann', email: 'ann@example.com' },
    ServerValue.TIMESTAMP,
    {
      method: 'door',
    },
  );
  return connect('ann', 'ann')
    .ref()
    .update({
      'orderQueue/ann': { ...record, amounts },
      'orderRate/ann': ServerValue.TIMESTAMP,
    });
}

describe('a gift card of an amount the buyer chooses', () => {
  it('is sold at the amount chosen, and each card is issued worth it once paid', async () => {
    const id = await queueOrder('ann', { any: 2 }, 'door', { amounts: { any: 42.5 } });
    await settle();
    expect(await answerTo('ann')).toEqual({ kind: 'ordered', order: id });
    const order = (await read(`orders/ann/${id}`)) as { items: Record<string, unknown>; total: number };
    expect(order.items.any).toMatchObject({ price: 42.5, quantity: 2, giftCard: true });
    expect(order.total).toBe(85);
    expect(await read(`orders/ann/${id}/pay/due`)).toBe(8500);

    await connect('staff', 'staff')
      .ref('paymentMarks/mark-ann')
      .set({ uid: 'ann', order: id, amount: 8500, method: 'door', by: 'staff', at: ServerValue.TIMESTAMP });
    await markApplier(trusted())();
    const issued = Object.values((await read(issuedCardsPath('ann', id))) as Record<string, { value: number }>);
    expect(issued.map(({ value }) => value)).toEqual([4250, 4250]);
  });

  it('is sold at the suggested price when the buyer names no amount', async () => {
    const id = await queueOrder('ann', { any: 1 }, 'door');
    await settle();
    expect(await read(`orders/ann/${id}/items/any/price`)).toBe(25);
  });

  it('takes no amount outside the bounds, for a card of a fixed price, or for a product not ordered', async () => {
    await refused(rawRequest({ any: 1 }, { any: 4.99 }));
    await refused(rawRequest({ any: 1 }, { any: 500.01 }));
    await refused(rawRequest({ any: 1 }, { any: '42' }));
    await refused(rawRequest({ card10: 1 }, { card10: 1000 }));
    await refused(rawRequest({ card10: 1 }, { any: 42 }));
    expect(await read('orderQueue/ann')).toBeNull();
    await rawRequest({ any: 1 }, { any: 500 });
    expect(await read('orderQueue/ann/amounts')).toEqual({ any: 500 });
  });

  it('is refused in words, with nothing taken, when the organiser narrows the bounds while the buyer waits', async () => {
    await queueOrder('ann', { any: 1, card10: 1 }, 'door', { amounts: { any: 400 } });
    await admin().ref('products/any/giftCardAmount/max').set(100);
    await settle();
    expect(await answerTo('ann')).toEqual({ kind: 'amount', products: ['any'] });
    expect(await read('orders/ann')).toBeNull();
  });

  it('is refused when the organiser stops the buyer choosing, rather than sold at another price', async () => {
    await queueOrder('ann', { any: 1 }, 'door', { amounts: { any: 40 } });
    await admin().ref('products/any/giftCardAmount').remove();
    await settle();
    expect(await answerTo('ann')).toEqual({ kind: 'amount', products: ['any'] });
  });

  it('is refused at an amount finer than the currency counts', async () => {
    await queueOrder('ann', { any: 1 }, 'door', { amounts: { any: 10.005 } });
    await settle();
    expect(await answerTo('ann')).toEqual({ kind: 'amount', products: ['any'] });
  });

  it('keeps the bounds around the suggested price, and only on a gift card', async () => {
    const staff = connect('staff', 'staff');
    await refused(staff.ref('products/card10/giftCardAmount').set({ min: 20, max: 5 }));
    await refused(staff.ref('products/card10/giftCardAmount').set({ min: 20, max: 50 }));
    await staff.ref('products/card10/giftCardAmount').set({ min: 5, max: 50 });
    expect(await read('products/card10/giftCardAmount')).toEqual({ min: 5, max: 50 });
  });
});
