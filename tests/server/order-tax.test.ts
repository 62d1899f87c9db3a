/**
 * The order's tax (docs/taxes.md#the-orders-tax) against the real local database with the shop's rules and the real
 * allocator: the batch fixes it from the settings staff stored, the rules accept it only from the allocator with the
 * order it belongs to, and nobody changes, adds or removes it afterwards. Prices without tax raise what is due.
 */
import { describe, expect, it } from 'vitest';
import { createAllocator } from '../../functions/src/orders/allocator';
import { deskKey, deskStatusWrites, parseDeskEntry } from '../../src/features/orders/deskIndex';
import { parseOrder } from '../../src/features/orders/order';
import { parseOrderPayment } from '../../src/features/payments/model/orderPayment';
import { parseOrderTaxRecord } from '../../src/features/taxes/model';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase, SHOP_TAKING_EVERY_METHOD, usersWithBuyers } from './support/paymentsHarness';
import { UK_VAT } from '../fixtures/ukVat';

const { connect, read, order, queueOrder, trusted, admin } = paymentsDatabase(() => ({
  ...SHOP_TAKING_EVERY_METHOD,
  users: usersWithBuyers(['ann', 'bob']),
  products: {
    gig: gigEvent({ stock: 20, price: 12.5 }),
    book: gigEvent({ title: 'Programme', price: 4, date: null, category: 'Shop', taxRate: 'zero' }),
    card25: gigEvent({ title: 'Gift Card £25', price: 25, date: null, giftCard: true }),
  },
}));

const refused = (write: Promise<unknown>) => expect(write).rejects.toThrow(/permission/i);
const staffDb = () => connect('staff', 'staff');
const taxSettings = (settings: unknown) => staffDb().ref('taxSettings').set(settings);

describe("the allocator fixes an order's tax from the settings staff stored", () => {
  it('with prices that include tax: what is due is the lines, and the tax is kept per rate and line', async () => {
    await taxSettings(UK_VAT);
    const id = await order('ann', { gig: 2, book: 1, card25: 1 });
    const placed = (await read(`orders/ann/${id}`)) as Record<string, unknown>;
    // £25 at 20 % included: £4.17 of it tax; the programme zero-rated; the gift card outside the scope.
    expect(parseOrderTaxRecord(placed.tax)).toEqual({
      included: true,
      currency: 'GBP',
      net: 2083 + 400,
      tax: 417,
      gross: 2500 + 400,
      rates: {
        standard: { name: 'Standard', kind: 'standard', basisPoints: 2000, net: 2083, tax: 417, gross: 2500 },
        zero: { name: 'Zero', kind: 'zero', basisPoints: 0, net: 400, tax: 0, gross: 400 },
      },
      items: { gig: { rate: 'standard', net: 2083, tax: 417 }, book: { rate: 'zero', net: 400, tax: 0 } },
    });
    expect(parseOrderPayment(placed.pay)).toMatchObject({ due: 5400 });
    expect(parseOrder('ann', id, placed)).toMatchObject({ total: 54, storedTotalMismatch: null });
  });

  it('with prices that exclude tax: the tax comes on top of what is due, on the desk too', async () => {
    await taxSettings({ ...UK_VAT, pricesIncludeTax: false });
    const id = await order('bob', { gig: 2 });
    const placed = (await read(`orders/bob/${id}`)) as Record<string, unknown>;
    expect(parseOrderTaxRecord(placed.tax)).toMatchObject({
      included: false,
      currency: 'GBP',
      net: 2500,
      tax: 500,
      gross: 3000,
    });
    expect(parseOrderPayment(placed.pay)).toMatchObject({ due: 3000 });
    expect(placed.total).toBe(30);
    expect(await read(`deskOrders/bob~${id}/total`)).toBe(30);
  });

  it('keeps none while the shop charges no tax', async () => {
    const id = await order('ann', { gig: 1 });
    expect(await read(`orders/ann/${id}/tax`)).toBeNull();
  });

  it('a later change of the rates changes no order already placed', async () => {
    await taxSettings(UK_VAT);
    const id = await order('ann', { gig: 1 });
    const before = await read(`orders/ann/${id}/tax`);
    await staffDb().ref('taxSettings/rates/standard/basisPoints').set(1900);
    await order('bob', { gig: 1 });
    expect(await read(`orders/ann/${id}/tax`)).toEqual(before);
    expect(await read(`orders/bob/${await queueOrderId('bob')}/tax/rates/standard/basisPoints`)).toBe(1900);
  });
});

const queueOrderId = async (uid: string) =>
  Object.keys(((await read(`orders/${uid}`)) ?? {}) as Record<string, unknown>)[0]!;

describe("the rules keep an order's tax as the allocator fixed it", () => {
  it('staff cannot change, remove or add to it; the allocator cannot give an order one afterwards', async () => {
    await taxSettings(UK_VAT);
    const id = await order('ann', { gig: 2 });
    const path = `orders/ann/${id}/tax`;
    await refused(staffDb().ref(`${path}/tax`).set(0));
    await refused(staffDb().ref(`${path}/included`).set(false));
    await refused(staffDb().ref(`${path}/rates/standard/basisPoints`).set(0));
    await refused(staffDb().ref(`${path}/items/gig/tax`).set(0));
    await refused(staffDb().ref(`${path}/rates/zero`).set({ basisPoints: 0, net: 0, tax: 0, gross: 0 }));
    await refused(staffDb().ref(path).remove());
    // Staff still move the order on, as the desk does: its status and its entry on the desk in one update.
    const entry = parseDeskEntry(await read(`deskOrders/${deskKey('ann', id)}`))!;
    await staffDb()
      .ref()
      .update({
        [`orders/ann/${id}/status`]: 'confirmed',
        ...deskStatusWrites(deskKey('ann', id), entry, 'confirmed'),
      });
    expect(await read(`orders/ann/${id}/status`)).toBe('confirmed');

    await taxSettings({ ...UK_VAT, on: false });
    const untaxed = await order('bob', { gig: 1 });
    const record = { included: true, currency: 'GBP', net: 1042, tax: 208, gross: 1250, rates: {}, items: {} };
    await refused(staffDb().ref(`orders/bob/${untaxed}/tax`).set(record));
    const allocator = trusted();
    await expect(allocator.update({ [`orders/bob/${untaxed}/tax`]: record })).rejects.toThrow();
  });

  it("a new order's tax naming a line it does not have, or a rate it does not hold, refuses the batch", async () => {
    await taxSettings(UK_VAT);
    const forgeries: ((tax: Record<string, unknown>) => void)[] = [
      (tax) => void ((tax.items as Record<string, unknown>).book = { rate: 'standard', net: 0, tax: 0 }),
      (tax) => void ((tax.items as Record<string, unknown>).gig = { rate: 'reduced', net: 2083, tax: 417 }),
      (tax) => void (tax.net = 2083.5),
      (tax) => void (tax.extra = true),
    ];
    for (const [n, forge] of forgeries.entries()) {
      const uid = n % 2 === 0 ? 'ann' : 'bob';
      const id = await queueOrder(uid, { gig: 2 }, 'door');
      const db = trusted();
      // The allocator's batch as it would write it, with the order's tax forged on its way to the database.
      const forging = {
        ...db,
        update: (update: Record<string, unknown>) => {
          const placed = update[`orders/${uid}/${id}`] as { tax: Record<string, unknown> } | undefined;
          if (placed) forge(placed.tax);
          return db.update(update);
        },
      };
      await createAllocator(forging, { log: () => undefined }).settle();
      expect(await read(`orders/${uid}/${id}`), String(n)).toBeNull();
      expect(await read(`orderAnswers/${uid}/request-${uid}`), String(n)).toMatchObject({ kind: 'failed' });
      await admin().ref(`orderAnswers/${uid}`).remove();
      await admin().ref(`orderRate/${uid}`).remove();
    }
  });
});
