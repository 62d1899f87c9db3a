/**
 * Correcting the name on a ticket (docs/tickets-and-check-in.md#correcting-a-name, issue 32), on the real local database with
 * the shop's rules: the holder of an order's link changes the holder of one of its tickets through the endpoint
 * function the Cloud Function and `vite preview` share. What must hold: only that order's tickets, only a name, only
 * before the event starts, never a void or checked-in ticket, and no client can do it by writing the database.
 */
import { describe, expect, it } from 'vitest';
import { ticketHolderChanger, ticketHolderRequest } from '../../functions/src/orders/ticketHolder';
import { gigEvent } from './support/gigEvent';
import { paymentsDatabase } from './support/paymentsHarness';

const GIG_START = Date.parse('2027-06-01T19:00:00Z');
/** Well before the gig. */
const BEFORE = GIG_START - 30 * 24 * 60 * 60_000;

const { read, admin, connect, trusted, order } = paymentsDatabase(() => ({
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  properties: { currency: 'GBP' },
  paymentSettings: { door: { on: true } },
  products: { gig: gigEvent({ stock: 10 }), talk: gigEvent({ title: 'Talk', stock: 10 }) },
}));

/** Buyer `uid`'s order of two gig tickets, paid at the door: its id and its link's secret. */
async function placed(uid: string) {
  const id = await order(uid, { gig: 2 });
  return { id, secret: (await read(`orders/${uid}/${id}/link`)) as string };
}

async function ask(body: unknown, now: () => number = () => BEFORE) {
  const answer = await ticketHolderRequest(ticketHolderChanger(trusted(), now), 'POST', body);
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
}

const holders = async (id: string) =>
  Promise.all([0, 1].map(async (n) => (await read(`tickets/gig/${id}-${n}/holder`)) as string));

describe('correcting the name on a ticket', () => {
  it("the link's holder renames ticket 2, trimmed; ticket 1 keeps its name", async () => {
    const { id, secret } = await placed('ann');
    expect(await holders(id)).toEqual(['Buyer ann', 'Buyer ann']);
    const { status, body } = await ask({ secret, event: 'gig', ticket: `${id}-1`, name: '  Sam Lee ' });
    expect(status).toBe(200);
    expect(body).toEqual({ kind: 'changed', holder: 'Sam Lee' });
    expect(await holders(id)).toEqual(['Buyer ann', 'Sam Lee']);
    // A name of the most characters the rules allow.
    const longest = 'N'.repeat(200);
    expect((await ask({ secret, event: 'gig', ticket: `${id}-1`, name: longest })).body.kind).toBe('changed');
    expect(await read(`tickets/gig/${id}-1/holder`)).toBe(longest);
  });

  it("refuses a wrong link and another order's ticket (404), and changes nothing", async () => {
    const ann = await placed('ann');
    const bob = await placed('bob');
    const rename = (secret: string, event: string, ticket: string) => ask({ secret, event, ticket, name: 'Mallory' });
    expect((await rename('x'.repeat(32), 'gig', `${ann.id}-1`)).status).toBe(404);
    expect((await rename('not a secret', 'gig', `${ann.id}-1`)).status).toBe(404);
    // Bob's ticket through Ann's link; Ann's order's tickets of an event it does not hold, or past its quantity.
    expect((await rename(ann.secret, 'gig', `${bob.id}-0`)).status).toBe(404);
    expect((await rename(ann.secret, 'talk', `${ann.id}-0`)).status).toBe(404);
    for (const ticket of [`${ann.id}-2`, `${ann.id}-01`, `${ann.id}-1e0`, `${ann.id}-`, `${ann.id}-1/holder`]) {
      expect((await rename(ann.secret, 'gig', ticket)).status, ticket).toBe(404);
    }
    expect(await holders(ann.id)).toEqual(['Buyer ann', 'Buyer ann']);
    expect(await holders(bob.id)).toEqual(['Buyer bob', 'Buyer bob']);
  });

  it('refuses once the event has started, and a checked-in or void ticket, or a cancelled order', async () => {
    const { id, secret } = await placed('cat');
    const rename = (n: number, now?: () => number) =>
      ask({ secret, event: 'gig', ticket: `${id}-${n}`, name: 'Sam Lee' }, now);
    expect((await rename(1, () => GIG_START)).body).toEqual({ kind: 'started' });
    expect((await rename(1, () => GIG_START + 60_000)).body).toEqual({ kind: 'started' });
    // An event whose date cannot be read is taken as started.
    await admin().ref('products/gig/date').set('soon');
    expect((await rename(1)).body).toEqual({ kind: 'started' });
    await admin().ref('products/gig/date').set(GIG_START);
    expect((await rename(1, () => GIG_START - 1)).body).toEqual({ kind: 'changed', holder: 'Sam Lee' });

    await admin().ref(`tickets/gig/${id}-0/checkin`).set({ scan: 'scanAAAA1111', device: 'door-1', at: BEFORE });
    expect((await rename(0)).body).toEqual({ kind: 'checked-in' });
    await admin().ref(`tickets/gig/${id}-1/status`).set('void');
    expect((await rename(1)).body).toEqual({ kind: 'closed' });
    await admin().ref(`tickets/gig/${id}-1/status`).set('valid');
    await admin().ref(`orders/cat/${id}/status`).set('cancelled');
    expect((await rename(1)).body).toEqual({ kind: 'closed' });
    expect(await read(`tickets/gig/${id}-0/holder`)).toBe('Buyer cat');
  });

  it('a check-in that lands between the reading and the update: the rules refuse the rename, which says so', async () => {
    const { id, secret } = await placed('fay');
    const db = trusted();
    let scans = 0;
    const racing = {
      ...db,
      update: async (update: Record<string, unknown>) => {
        if (scans++ === 0) {
          await admin().ref(`tickets/gig/${id}-1/checkin`).set({ scan: 'scanBBBB2222', device: 'door-1', at: BEFORE });
        }
        return db.update(update);
      },
    };
    const answer = await ticketHolderRequest(
      ticketHolderChanger(racing, () => BEFORE),
      'POST',
      {
        secret,
        event: 'gig',
        ticket: `${id}-1`,
        name: 'Sam Lee',
      },
    );
    expect(JSON.parse(answer.body)).toEqual({ kind: 'checked-in' });
    expect(await read(`tickets/gig/${id}-1/holder`)).toBe('Buyer fay');
  });

  it('answers a bad request clearly: no name, a name too long, no ticket 400; anything but POST 405', async () => {
    const { id, secret } = await placed('dan');
    const ticket = `${id}-1`;
    for (const name of ['', '   ', 'x'.repeat(201), null, 7, ['Sam']]) {
      expect((await ask({ secret, event: 'gig', ticket, name })).status, JSON.stringify(name)).toBe(400);
    }
    expect((await ask({ secret, event: 'gig', ticket, name: '' })).body).toEqual({
      error: 'Please enter who this ticket is for.',
    });
    for (const bad of [{ event: 'gig' }, { ticket }, { event: '', ticket }, { event: 'gig', ticket: 3 }]) {
      expect((await ask({ secret, ...bad, name: 'Sam' })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await ask('not json')).status).toBe(400);
    const get = await ticketHolderRequest(ticketHolderChanger(trusted()), 'GET', {
      secret,
      event: 'gig',
      ticket,
      name: 'Sam',
    });
    expect(get.status).toBe(405);
    expect(await holders(id)).toEqual(['Buyer dan', 'Buyer dan']);
  });

  it('no client changes a name by writing the database: not the buyer, not staff', async () => {
    const { id } = await placed('eve');
    for (const uid of ['eve', 'staff']) {
      const db = connect(`rename-${uid}`, uid);
      await expect(db.ref(`tickets/gig/${id}-1/holder`).set('Mallory')).rejects.toThrow(/permission/i);
    }
    expect(await holders(id)).toEqual(['Buyer eve', 'Buyer eve']);
  });
});
