/**
 * Paying another way (docs/payments.md#paying-another-way), on the real local database with the shop's rules: the
 * holder of an order's link switches its pending payment to another offered method through the endpoint function
 * the Cloud Function and `vite preview` share. What must hold: the summary, the desk's hold, the tickets and the
 * mail move together in one update; the hold is never longer than the method would have given at checkout; nothing
 * paid, lapsed or cancelled changes; and no client can do any of it by writing the database.
 */
import { describe, expect, it } from 'vitest';
import { paymentMethodChanger, paymentMethodRequest } from '../../functions/src/payments/methodChange';
import { deskKey } from '../../src/features/orders/deskIndex';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase } from './support/paymentsHarness';

const DAY = 24 * 60 * 60_000;
const GIG_START = Date.parse('2027-06-01T19:00:00Z');

const { read, admin, connect, trusted, order } = paymentsDatabase(() => ({
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  properties: { currency: 'GBP' },
  paymentSettings: {
    door: { on: true },
    card: { on: true, minutes: 30 },
    transfer: { on: true, days: 5, payee: 'Harbour Events', account: 'GB00 TEST 0000 0000', bank: 'Test Bank' },
  },
  products: {
    gig: gigEvent({ stock: 10, price: 12.5 }),
    tee: gigEvent({ title: 'Tee', category: 'Goods', date: null, stock: 10, price: 20 }),
  },
}));

/** Buyer `uid`'s order of `lines` to pay by `method`: its id, its link's secret and when it was placed. */
async function placed(uid: string, method: 'card' | 'door' | 'transfer', lines: Record<string, number> = { gig: 2 }) {
  const id = await order(uid, lines, method);
  const secret = (await read(`orders/${uid}/${id}/link`)) as string;
  return { id, secret, created: (await read(`orders/${uid}/${id}/created`)) as number };
}

async function ask(body: unknown, now?: () => number) {
  const answer = await paymentMethodRequest(paymentMethodChanger(trusted(), now), 'POST', body);
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
}

const mailJobs = async (id: string) =>
  Object.entries(((await read('mailOutbox')) ?? {}) as Record<string, { kind: string; order: string; to: string }>)
    .filter(([, job]) => job.order === id)
    .map(([jobId, job]) => ({ id: jobId, kind: job.kind, to: job.to }));

describe('paying another way', () => {
  it('moves a card order to bank transfer: method, hold (the transfer term from when it was placed), desk hold and a new confirmation, in one update', async () => {
    const { id, secret, created } = await placed('ann', 'card');
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({ method: 'card', v: 1 });

    const { status, body } = await ask({ secret, method: 'transfer' });
    expect(status).toBe(200);
    expect(body).toEqual({ kind: 'changed', method: 'transfer', until: created + 5 * DAY });
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({
      method: 'transfer',
      state: 'pending',
      until: created + 5 * DAY,
      due: 2500,
      v: 2,
    });
    expect(await read(`deskOrders/${deskKey('ann', id)}/hold`)).toBe(created + 5 * DAY);
    // Still unpaid: the door refuses them until the transfer arrives.
    expect(await read(`tickets/gig/${id}-1`)).toMatchObject({ status: 'unpaid' });
    expect(await read(`tickets/gig/${id}-1/due`)).toBeNull();
    // The confirmation again, now saying how to pay by transfer.
    expect(await mailJobs(id)).toContainEqual({ id: `${id}-method-2`, kind: 'confirmation', to: 'ann@example.com' });
    expect(await read(`orders/ann/${id}/mail/${id}-method-2/state`)).toBe('queued');
  });

  it('to the door makes the tickets valid with what to take there, and holds them until a day after the event starts; back to transfer makes them unpaid again', async () => {
    const { id, secret } = await placed('bob', 'transfer');
    expect((await ask({ secret, method: 'door' })).body).toEqual({
      kind: 'changed',
      method: 'door',
      until: GIG_START + DAY,
    });
    expect(await read(`tickets/gig/${id}-0`)).toMatchObject({ status: 'valid', due: 2500 });
    expect(await read(`deskOrders/${deskKey('bob', id)}/hold`)).toBe(GIG_START + DAY);

    // Back to transfer keeps the hold it has as far as a transfer allows: never past the event's start.
    expect((await ask({ secret, method: 'transfer' })).body).toEqual({
      kind: 'changed',
      method: 'transfer',
      until: GIG_START,
    });
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('unpaid');
    expect(await read(`tickets/gig/${id}-0/due`)).toBeNull();
    expect(await read(`orders/bob/${id}/pay/v`)).toBe(3);
  });

  it('never lengthens a hold by switching back and forth: card after transfer keeps the transfer hold, and card again gives no more', async () => {
    const { id, secret, created } = await placed('cat', 'card');
    await ask({ secret, method: 'transfer' });
    expect((await ask({ secret, method: 'card' })).body).toEqual({
      kind: 'changed',
      method: 'card',
      until: created + 5 * DAY,
    });
    // Asked days later, the same: counted from when the order was placed, not from now.
    const later = () => created + 3 * DAY;
    expect((await ask({ secret, method: 'transfer' }, later)).body).toEqual({
      kind: 'changed',
      method: 'transfer',
      until: created + 5 * DAY,
    });
    expect(await read(`orders/cat/${id}/pay/until`)).toBe(created + 5 * DAY);
  });

  it('refuses a switch whose hold would already be over, and changes nothing', async () => {
    const { id, secret, created } = await placed('dan', 'card');
    const before = await read(`orders/dan/${id}/pay`);
    // Six days on, a transfer's five days from the order are gone (the card's 30 minutes too).
    expect((await ask({ secret, method: 'transfer' }, () => created + 6 * DAY)).body).toEqual({ kind: 'closed' });
    expect(await read(`orders/dan/${id}/pay`)).toEqual(before);
    expect(await mailJobs(id)).not.toContainEqual(expect.objectContaining({ id: `${id}-method-2` }));
  });

  it('goods to pay on collection (no hold) get the transfer term from now', async () => {
    const { id, secret } = await placed('eve', 'door', { tee: 1 });
    expect(await read(`orders/eve/${id}/pay/until`)).toBeNull();
    const now = Date.now();
    const { body } = await ask({ secret, method: 'transfer' }, () => now);
    expect(body).toEqual({ kind: 'changed', method: 'transfer', until: now + 5 * DAY });
    expect(await read(`deskOrders/${deskKey('eve', id)}/hold`)).toBe(now + 5 * DAY);
  });

  it('refuses a method the shop does not offer, the same method, and a paid, lapsed or cancelled order', async () => {
    const { id, secret } = await placed('fay', 'card');
    const paid = await placed('gus', 'transfer');
    const lapsed = await placed('hal', 'transfer');
    const cancelled = await placed('ivy', 'transfer');
    expect((await ask({ secret, method: 'card' })).body).toEqual({ kind: 'same' });
    await admin().ref('paymentSettings/door/on').set(false);
    expect((await ask({ secret, method: 'door' })).body).toEqual({ kind: 'not-offered' });
    // Transfer without an account to pay to is not offered either.
    await admin().ref('paymentSettings/transfer/account').set('');
    expect((await ask({ secret, method: 'transfer' })).body).toEqual({ kind: 'not-offered' });
    expect(await read(`orders/fay/${id}/pay/v`)).toBe(1);

    await admin().ref(`orders/gus/${paid.id}/pay`).update({ paid: 2500, state: 'paid', v: 2 });
    expect((await ask({ secret: paid.secret, method: 'card' })).body).toEqual({ kind: 'paid' });
    await admin().ref(`orders/hal/${lapsed.id}/pay/state`).set('expired');
    expect((await ask({ secret: lapsed.secret, method: 'card' })).body).toEqual({ kind: 'closed' });
    await admin().ref(`orders/ivy/${cancelled.id}/status`).set('cancelled');
    expect((await ask({ secret: cancelled.secret, method: 'card' })).body).toEqual({ kind: 'closed' });
    for (const [uid, order] of [
      ['gus', paid],
      ['hal', lapsed],
      ['ivy', cancelled],
    ] as const) {
      expect(await read(`orders/${uid}/${order.id}/pay/method`)).toBe('transfer');
    }
  });

  it('answers a bad request clearly: no such link 404, a method that is none 400, anything but POST 405', async () => {
    expect((await ask({ secret: 'x'.repeat(32), method: 'card' })).status).toBe(404);
    expect((await ask({ secret: 'not a secret', method: 'card' })).status).toBe(404);
    const { secret } = await placed('jon', 'card');
    for (const method of ['free', 'cash', '', null, ['card'], { card: true }]) {
      expect((await ask({ secret, method })).status).toBe(400);
    }
    expect((await ask('not json')).status).toBe(400);
    const get = await paymentMethodRequest(paymentMethodChanger(trusted()), 'GET', { secret, method: 'door' });
    expect(get.status).toBe(405);
  });

  it('two switches at once: both land one after the other (the summary version refuses the stale one, which reads again)', async () => {
    const { id, secret } = await placed('kim', 'card');
    const answers = await Promise.all([ask({ secret, method: 'transfer' }), ask({ secret, method: 'door' })]);
    expect(answers.map((answer) => answer.body.kind).sort()).toEqual(['changed', 'changed']);
    const pay = (await read(`orders/kim/${id}/pay`)) as { method: string; v: number };
    expect(pay.v).toBe(3);
    // Whichever landed last is what every part says.
    expect(await read(`tickets/gig/${id}-0/status`)).toBe(pay.method === 'door' ? 'valid' : 'unpaid');
    expect(await read(`deskOrders/${deskKey('kim', id)}/hold`)).toBe(await read(`orders/kim/${id}/pay/until`));
  });

  it('no client can switch a method by writing the database: not the buyer, not staff', async () => {
    const { id } = await placed('lea', 'card');
    for (const uid of ['lea', 'staff']) {
      const db = connect(`switch-${uid}`, uid);
      await expect(db.ref(`orders/lea/${id}/pay/method`).set('transfer')).rejects.toThrow(/permission/i);
      await expect(
        db.ref(`orders/lea/${id}/pay`).update({ method: 'door', v: 2, until: GIG_START + DAY }),
      ).rejects.toThrow(/permission/i);
    }
    expect(await read(`orders/lea/${id}/pay/method`)).toBe('card');
  });
});
