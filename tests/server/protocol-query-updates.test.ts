/**
 * A write to one child of a queried list sends query listeners only what changed (as Firebase does), not the
 * whole window again; the SDK's view stays exact as children change, enter and leave the window.
 */
import { endAt, equalTo, limitToLast, onValue, orderByChild, query, ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';
import { rawClient } from './support/raw-client';

let server: DatabaseServer;
const sdkClients: SdkClient[] = [];

const product = (i: number) => ({
  title: `Product ${i}`,
  description: 'x'.repeat(1500),
  price: i,
  active: i % 10 !== 0,
});
const catalogue = () =>
  Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${String(i).padStart(3, '0')}`, product(i)]));

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await Promise.all(sdkClients.map((client) => client.close()));
  await server.close();
});

describe('query listeners get only the changed children', () => {
  it('sends a few hundred bytes, not the catalogue, for a one-field write', async () => {
    await server.set(NAMESPACE, '/bytes/products', catalogue());
    const listeners = await Promise.all(Array.from({ length: 20 }, () => rawClient(server)));
    for (const listener of listeners) {
      const answer = await listener.request('q', {
        p: '/bytes/products',
        q: { i: 'active', sp: true, ep: true },
        t: 1,
        h: '',
      });
      expect(answer.s).toBe('ok');
      await listener.next((m) => m.d.r !== undefined); // past the initial window and the answer
    }
    const before = listeners.map((listener) => JSON.stringify(listener.messages).length);
    await server.set(NAMESPACE, '/bytes/products/p007/price', 8);
    for (const [index, listener] of listeners.entries()) {
      const push = await listener.next((m) => m.d.a !== undefined && JSON.stringify(m).includes('p007'));
      expect(push.d.b).toMatchObject({ t: 1 });
      expect(JSON.stringify(listener.messages).length - (before[index] as number)).toBeLessThan(300);
    }
    listeners.forEach((listener) => listener.close());
  });

  it('tells the listener a child left the window and sends nothing for a change outside it', async () => {
    await server.set(NAMESPACE, '/leave/products', {
      a: { active: true, n: 1 },
      b: { active: true, n: 2 },
      c: { active: false, n: 3 },
    });
    const listener = await rawClient(server);
    await listener.request('q', { p: '/leave/products', q: { i: 'active', sp: true, ep: true }, t: 5, h: '' });
    await listener.next((m) => m.d.r !== undefined);
    await server.set(NAMESPACE, '/leave/products/a/active', false);
    const left = await listener.next(
      (m) => m.d.a !== undefined && JSON.stringify(m).includes('"t":5') && !JSON.stringify(m).includes('"n":2'),
    );
    expect(JSON.stringify(left)).toContain('null');
    const count = listener.messages.length;
    await server.set(NAMESPACE, '/leave/products/c/n', 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listener.messages.length).toBe(count);
    listener.close();
  });

  it('keeps the SDK view exact through changes, entries, exits and a limited window', async () => {
    await server.set(NAMESPACE, '/sdk/products', {
      a: { active: true, n: 1 },
      b: { active: true, n: 2 },
      c: { active: false, n: 3 },
    });
    const client = sdkClient(server);
    sdkClients.push(client);
    const products = ref(client.db, 'sdk/products');
    let active: unknown;
    let topTwo: unknown;
    let upToTwo: unknown;
    onValue(query(products, orderByChild('active'), equalTo(true)), (snapshot) => (active = snapshot.val()));
    onValue(query(products, orderByChild('n'), limitToLast(2)), (snapshot) => (topTwo = snapshot.val()));
    onValue(query(products, orderByChild('n'), endAt(2)), (snapshot) => (upToTwo = snapshot.val()));
    await eventually(() => (active && topTwo && upToTwo ? true : undefined));
    const writer = sdkClient(server);
    sdkClients.push(writer);
    await set(ref(writer.db, 'sdk/products/a/n'), 10);
    await update(ref(writer.db, 'sdk/products'), { 'b/active': false, 'c/active': true, d: { active: true, n: 0 } });
    const expected = {
      active: { a: { active: true, n: 10 }, c: { active: true, n: 3 }, d: { active: true, n: 0 } },
      topTwo: { a: { active: true, n: 10 }, c: { active: true, n: 3 } },
      upToTwo: { b: { active: false, n: 2 }, d: { active: true, n: 0 } },
    };
    await eventually(() =>
      JSON.stringify({ active, topTwo, upToTwo }) === JSON.stringify(expected) ? true : undefined,
    );
    expect({ active, topTwo, upToTwo }).toEqual(expected);
  });
});
