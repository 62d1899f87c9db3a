/**
 * The hold (docs/payments.md#the-hold) against the real local database with the shop's rules, through firebase-admin
 * as in production: the allocator gives each new order its payment summary and hold from the organiser's settings,
 * and the expiry job (functions/src/payments/expiry.ts) lets an unpaid order lapse, giving its stock back, once,
 * whatever dies or races it. What no client may do to a payment summary is in the rules matrix too.
 */
import { describe, expect, it } from 'vitest';
import { expireHolds, expiryUpdate, type HoldsDatabase } from '../../functions/src/payments/expiry';
import { paymentMethodChanger } from '../../functions/src/payments/methodChange';
import { deskKey, parseDeskEntry } from '../../src/features/orders/deskIndex';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase } from './support/paymentsHarness';

const EVENT_START = Date.parse('2027-06-01T19:00:00Z');
const DAY_MS = 86_400_000;

/** Makes an order's hold end in the past, as time would (an admin fixture: the expiry itself is judged by the rules). */
async function lapse(uid: string, orderId: string, ago = 60_000): Promise<void> {
  const until = Date.now() - ago;
  await admin()
    .ref()
    .update({ [`orders/${uid}/${orderId}/pay/until`]: until, [`deskOrders/${deskKey(uid, orderId)}/hold`]: until });
}

const CARD_AND_TRANSFER = {
  door: { on: true },
  transfer: { on: true, days: 3, payee: 'Harbour Jazz Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Bank' },
  card: { on: true, minutes: 30 },
};

const { connect, admin, read, trusted, order } = paymentsDatabase(() => ({
  properties: { currency: 'GBP' },
  paymentSettings: CARD_AND_TRANSFER,
  products: {
    gig: gigEvent({ stock: 10, price: 12.5 }),
    mug: gigEvent({ date: null, title: 'Mug', stock: 5 }),
    free: gigEvent({ title: 'Free talk', price: 0, stock: 50 }),
  },
}));

describe('a new order’s payment and hold', () => {
  it('is due in minor units from the catalogue, held by card for the card’s minutes, and indexed for the desk', async () => {
    const before = Date.now();
    const id = await order('ann', { gig: 2, mug: 1 }, 'card');
    const pay = (await read(`orders/ann/${id}/pay`)) as Record<string, number | string>;
    expect(pay).toMatchObject({
      method: 'card',
      currency: 'GBP',
      due: 3500,
      paid: 0,
      refunded: 0,
      state: 'pending',
      v: 1,
    });
    expect(pay.until).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(pay.until).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(await read(`deskOrders/${deskKey('ann', id)}`)).toMatchObject({ pay: 'pending', hold: pay.until });
  });

  it('by bank transfer, for the organiser’s days; at the door, until the event starts; goods at the door never lapse', async () => {
    const transfer = await order('bo', { mug: 1 }, 'transfer');
    const until = ((await read(`orders/bo/${transfer}/pay`)) as { until: number }).until;
    expect(Math.abs(until - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
    const door = await order('cy', { gig: 1 }, 'door');
    expect(await read(`orders/cy/${door}/pay`)).toMatchObject({ method: 'door', until: EVENT_START + DAY_MS });
    const goods = await order('di', { mug: 1 }, 'door');
    expect(await read(`orders/di/${goods}/pay/until`)).toBeNull();
    expect(await read(`deskOrders/${deskKey('di', goods)}/hold`)).toBeNull();
  });

  it('never holds past the event’s start', async () => {
    await admin()
      .ref('products/gig/date')
      .set(new Date(Date.now() + DAY_MS).toISOString());
    const id = await order('ed', { gig: 1 }, 'transfer');
    const until = (await read(`orders/ed/${id}/pay/until`)) as number;
    expect(Math.abs(until - (Date.now() + DAY_MS))).toBeLessThan(60_000);
  });

  it('a free order is paid as it is placed and has no hold', async () => {
    const id = await order('fay', { free: 2 }, 'card');
    expect(await read(`orders/fay/${id}/pay`)).toEqual({
      method: 'free',
      currency: 'GBP',
      due: 0,
      paid: 0,
      refunded: 0,
      state: 'paid',
      v: 1,
    });
    expect(await read(`deskOrders/${deskKey('fay', id)}`)).toMatchObject({ pay: 'paid' });
  });

  it('issues tickets by the payment: unpaid for card and transfer, valid with what to take for the door, valid when free', async () => {
    const card = await order('iz', { gig: 2 }, 'card');
    expect(await read(`tickets/gig/${card}-0`)).toMatchObject({ status: 'unpaid' });
    expect(await read(`tickets/gig/${card}-0/due`)).toBeNull();
    const door = await order('jay', { gig: 2 }, 'door');
    expect(await read(`tickets/gig/${door}-1`)).toMatchObject({ status: 'valid', due: 2500 });
    const free = await order('kai', { free: 1 }, 'card');
    expect(await read(`tickets/free/${free}-0`)).toMatchObject({ status: 'valid' });
    expect(await read(`tickets/free/${free}-0/due`)).toBeNull();
  });

  it('no client makes an unpaid ticket valid, checks it in, or changes what the door is to take', async () => {
    await admin()
      .ref('users')
      .set({ staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } });
    const card = await order('lee', { gig: 1 }, 'card');
    const door = await order('max', { gig: 1 }, 'door');
    const staff = connect('staff', 'staff');
    await expect(staff.ref(`tickets/gig/${card}-0/status`).set('valid')).rejects.toThrow(/permission/i);
    // Voided and made valid again: still unpaid.
    await staff.ref(`tickets/gig/${card}-0/status`).set('void');
    await expect(staff.ref(`tickets/gig/${card}-0/status`).set('valid')).rejects.toThrow(/permission/i);
    await expect(staff.ref(`tickets/gig/${door}-0/due`).set(1)).rejects.toThrow(/permission/i);
    await expect(staff.ref(`tickets/gig/${door}-0/due`).remove()).rejects.toThrow(/permission/i);
    await admin().ref(`tickets/gig/${card}-0/status`).set('unpaid');
    await admin()
      .ref('checkins/gig/scan-unpaid-1')
      .set({
        ticket: `${card}-0`,
        device: 'door-1',
        result: 'admitted',
        scanned: Date.now(),
        received: Date.now(),
        by: 'staff',
      });
    await expect(
      staff.ref(`tickets/gig/${card}-0/checkin`).set({ scan: 'scan-unpaid-1', device: 'door-1', at: Date.now() }),
    ).rejects.toThrow(/permission/i);
    expect(await read(`tickets/gig/${card}-0/status`)).toBe('unpaid');
  });

  it('a way of paying the shop does not offer is answered so, and takes nothing', async () => {
    await admin().ref('paymentSettings/card/on').set(false);
    await order('gus', { gig: 2 }, 'card');
    expect(await read('orderAnswers/gus/request-gus')).toMatchObject({ kind: 'method-unavailable' });
    expect(await read('products/gig/stock')).toBe(10);
    expect(await read('orders/gus')).toBeNull();
  });

  it('card is refused for a total under the card provider’s least, and a switch to card too', async () => {
    await admin().ref('products/mug/price').set(0.2);
    await order('ivo', { mug: 1 }, 'card');
    expect(await read('orderAnswers/ivo/request-ivo')).toMatchObject({ kind: 'method-unavailable' });
    expect(await read('products/mug/stock')).toBe(5);
    const id = await order('jem', { mug: 1 }, 'transfer');
    const secret = (await read(`orders/jem/${id}/link`)) as string;
    expect(await paymentMethodChanger(trusted()).change(secret, 'card')).toEqual({ kind: 'not-offered' });
  });

  it('the amounts follow the shop’s currency: yen have no minor unit', async () => {
    await admin().ref('properties/currency').set('JPY');
    await admin().ref('products/gig/price').set(1500);
    const id = await order('hal', { gig: 2 }, 'door');
    expect(await read(`orders/hal/${id}/pay`)).toMatchObject({ currency: 'JPY', due: 3000 });
  });
});

describe('the expiry job', () => {
  it('lets an unpaid order lapse once its hold has passed: stock back, cancelled, tickets void, slot freed, buyer told', async () => {
    const id = await order('ivy', { gig: 3, mug: 2 }, 'card');
    expect(await read('products/gig/stock')).toBe(7);
    const untouched = await order('jo', { gig: 1 }, 'card');
    await lapse('ivy', id);

    const report = await expireHolds(trusted(), Date.now());

    expect(report).toEqual({ expired: 1, tidied: 0, refused: 0 });
    expect(await read('products/gig/stock')).toBe(9);
    expect(await read('products/mug/stock')).toBe(5);
    expect(await read(`orders/ivy/${id}`)).toMatchObject({ status: 'cancelled', pay: { state: 'expired', v: 2 } });
    for (let n = 0; n < 3; n++) expect(await read(`tickets/gig/${id}-${n}/status`)).toBe('void');
    expect(await read('openOrders/ivy')).toBeNull();
    const entry = parseDeskEntry(await read(`deskOrders/${deskKey('ivy', id)}`));
    expect(entry).toMatchObject({ status: 'cancelled', pay: 'expired' });
    expect(entry?.hold).toBeUndefined();
    expect(await read(`deskEventOrders/gig/${deskKey('ivy', id)}/status`)).toBe('cancelled');
    expect(await read(`mailOutbox/${id}-expired`)).toMatchObject({
      kind: 'expired',
      to: 'ivy@example.com',
      state: 'queued',
    });
    expect(await read(`orders/ivy/${id}/mail/${id}-expired/state`)).toBe('queued');
    // The order whose hold has not ended is as it was.
    expect(await read(`orders/jo/${untouched}/pay/state`)).toBe('pending');
    expect(await read(`tickets/gig/${untouched}-0/status`)).toBe('unpaid');

    // Run again, and again at once: nothing more happens.
    const again = await Promise.all([expireHolds(trusted(), Date.now()), expireHolds(trusted(), Date.now())]);
    expect(again).toEqual([
      { expired: 0, tidied: 0, refused: 0 },
      { expired: 0, tidied: 0, refused: 0 },
    ]);
    expect(await read('products/gig/stock')).toBe(9);
  });

  it('lets an order without tickets (written by hand, or from before tickets) lapse too', async () => {
    const id = await order('ola', { gig: 2 }, 'card');
    await admin().ref('tickets').remove();
    await lapse('ola', id);
    expect(await expireHolds(trusted(), Date.now())).toEqual({ expired: 1, tidied: 0, refused: 0 });
    expect(await read('tickets')).toBeNull();
    expect(await read('products/gig/stock')).toBe(10);
  });

  it('an order whose hold has not passed by the database’s clock is refused, even if the job’s clock says so', async () => {
    const id = await order('kit', { gig: 2 }, 'card');
    const entry = parseDeskEntry(await read(`deskOrders/${deskKey('kit', id)}`))!;
    const order_ = await read(`orders/kit/${id}`);
    const db = trusted();
    const reads = await db.readAll([`openOrders/kit`, 'products/gig/stock']);
    const early = expiryUpdate(deskKey('kit', id), entry, order_, reads, Date.now() + 31 * 60_000)!;
    await expect(db.update(early)).rejects.toThrow(/permission/i);
    expect(await read('products/gig/stock')).toBe(8);
  });

  it('a change made to the payment after the job read it (a payment arriving) makes the job’s update refused and left alone', async () => {
    const id = await order('lu', { gig: 2 }, 'card');
    await lapse('lu', id);
    const real = trusted();
    const racing: HoldsDatabase = {
      ...real,
      async update(update) {
        // The payment lands between the job's reading and its write.
        await admin().ref(`orders/lu/${id}/pay`).update({ state: 'paid', paid: 2500, v: 2 });
        await admin()
          .ref(`deskOrders/${deskKey('lu', id)}`)
          .update({ pay: 'paid', hold: null });
        return real.update(update);
      },
    };
    const report = await expireHolds(racing, Date.now());
    expect(report).toEqual({ expired: 0, tidied: 0, refused: 1 });
    expect(await read(`orders/lu/${id}`)).toMatchObject({ status: 'pending', pay: { state: 'paid', v: 2 } });
    expect(await read('products/gig/stock')).toBe(8);
    expect(await read(`mailOutbox/${id}-expired`)).toBeNull();
  });

  it('killed part-way, a restarted job expires the rest, each order once', async () => {
    const ids = [];
    for (const uid of ['m1', 'm2', 'm3']) {
      const id = await order(uid, { gig: 1 }, 'card');
      await lapse(uid, id);
      ids.push([uid, id] as const);
    }
    const real = trusted();
    let writes = 0;
    const dying: HoldsDatabase = {
      ...real,
      update: (update) => (++writes > 1 ? Promise.reject(new Error('process killed')) : real.update(update)),
    };
    await expect(expireHolds(dying, Date.now())).rejects.toThrow('process killed');
    expect(await read('products/gig/stock')).toBe(8);

    expect(await expireHolds(trusted(), Date.now())).toEqual({ expired: 2, tidied: 0, refused: 0 });
    expect(await read('products/gig/stock')).toBe(10);
    for (const [uid, id] of ids) expect(await read(`orders/${uid}/${id}/pay/state`)).toBe('expired');
    const outbox = (await read('mailOutbox')) as Record<string, { kind: string }>;
    expect(Object.values(outbox).filter((job) => job.kind === 'expired')).toHaveLength(3);
  });

  it('an index entry whose order was paid only loses its hold; one whose order was deleted leaves the index', async () => {
    const paid = await order('nan', { gig: 1 }, 'card');
    const gone = await order('oz', { gig: 1 }, 'card');
    await lapse('nan', paid);
    await lapse('oz', gone);
    await admin().ref(`orders/nan/${paid}/pay`).update({ state: 'paid', paid: 1250, v: 2 });
    await admin().ref(`orders/oz/${gone}`).remove();
    expect(await expireHolds(trusted(), Date.now())).toEqual({ expired: 0, tidied: 2, refused: 0 });
    expect(await read(`deskOrders/${deskKey('nan', paid)}`)).toMatchObject({ pay: 'paid' });
    expect(await read(`deskOrders/${deskKey('nan', paid)}/hold`)).toBeNull();
    expect(await read(`deskOrders/${deskKey('oz', gone)}`)).toBeNull();
    expect(await read(`deskEventOrders/gig/${deskKey('oz', gone)}`)).toBeNull();
    expect(await read('products/gig/stock')).toBe(8);
  });

  it('a fulfilled order does not lapse: staff handed it over, so nothing goes back on sale', async () => {
    const id = await order('pia', { mug: 1 }, 'transfer');
    await admin().ref(`orders/pia/${id}/status`).set('fulfilled');
    await lapse('pia', id);
    expect(await expireHolds(trusted(), Date.now())).toEqual({ expired: 0, tidied: 1, refused: 0 });
    expect(await read(`orders/pia/${id}`)).toMatchObject({ status: 'fulfilled', pay: { state: 'pending' } });
    expect(await read('products/mug/stock')).toBe(4);
  });

  it('one order that cannot be decided holds up no other: the rest lapse, and it is tried again next run', async () => {
    const stuck = await order('quin', { gig: 1 }, 'card');
    const other = await order('rae', { gig: 1 }, 'card');
    await lapse('quin', stuck, 120_000);
    await lapse('rae', other);
    // The card flow fails in a way it does not expect, for the first order only.
    const cards = {
      closeOpenPayments: async (target: { order: string }) => {
        if (target.order === stuck) throw new Error('unexpected answer');
        return 'closed' as const;
      },
    };
    expect(await expireHolds(trusted(), Date.now(), cards)).toEqual({ expired: 1, tidied: 0, refused: 1 });
    expect(await read(`orders/rae/${other}/pay/state`)).toBe('expired');
    expect(await read(`orders/quin/${stuck}/pay/state`)).toBe('pending');
  });
});

describe('nobody but trusted code moves a payment', () => {
  it('the buyer, staff and a forged staff token cannot mark an order paid, lapse it, lift its hold or reopen it', async () => {
    const id = await order('pat', { gig: 1 }, 'card');
    await admin()
      .ref('users')
      .set({ staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } });
    const buyer = connect('pat', 'pat');
    const staff = connect('staff', 'staff');
    const forged = connect('forged', 'forged-staff');
    const pay = `orders/pat/${id}/pay`;
    for (const db of [buyer, staff, forged]) {
      await expect(db.ref(pay).update({ state: 'paid', paid: 1250, v: 2 })).rejects.toThrow(/permission/i);
      await expect(db.ref(`${pay}/paid`).set(1250)).rejects.toThrow(/permission/i);
      await expect(db.ref(`${pay}/until`).remove()).rejects.toThrow(/permission/i);
      await expect(db.ref(pay).remove()).rejects.toThrow(/permission/i);
      await expect(db.ref(`deskOrders/${deskKey('pat', id)}/hold`).remove()).rejects.toThrow(/permission/i);
    }
    // Staff may write the order whole, as the dashboard does, only with its payment exactly as it was.
    const whole = (await read(`orders/pat/${id}`)) as Record<string, unknown>;
    await staff.ref(`orders/pat/${id}`).set(whole);
    await expect(
      staff.ref(`orders/pat/${id}`).set({ ...whole, pay: { ...(whole.pay as object), state: 'paid' } }),
    ).rejects.toThrow(/permission/i);
    const { pay: _dropped, ...withoutPay } = whole;
    await expect(staff.ref(`orders/pat/${id}`).set(withoutPay)).rejects.toThrow(/permission/i);

    // Once lapsed, staff cannot reopen it: its stock went back on sale.
    await lapse('pat', id);
    await expireHolds(trusted(), Date.now());
    await expect(staff.ref(`orders/pat/${id}/status`).set('confirmed')).rejects.toThrow(/permission/i);
    expect(await read(`${pay}/state`)).toBe('expired');
  });
});
