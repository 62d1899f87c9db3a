import { readFileSync } from 'node:fs';
import { equalTo, get, orderByChild, push, query, ref, serverTimestamp, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

/** The project's rules through the real SDK and server: the calls the app makes are the ones the rules allow. */
const RULES = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');

let server: DatabaseServer;
const clients: SdkClient[] = [];
function client(uid?: string): SdkClient {
  const created = sdkClient(server, uid ? { user: { sub: uid, email: `${uid}@example.com` } } : {});
  clients.push(created);
  return created;
}

const outcome = (promise: PromiseLike<unknown>): Promise<string> =>
  Promise.resolve(promise).then(
    () => 'ok',
    (error: Error) => (/permission/i.test(error.message) ? 'denied' : error.message),
  );

const product = (active: boolean) => ({ title: 'Gig', price: 12, description: 'Live', image: '/i.svg', category: 'Music', active });

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  await server.set(NAMESPACE, '/products', { on: product(true), off: product(false) });
  await server.set(NAMESPACE, '/users/cust1', { firstname: 'C', lastname: 'U', email: 'c@example.com', role: 'customer', created: 1 });
  await server.set(NAMESPACE, '/users/staff1', { firstname: 'S', lastname: 'T', email: 's@example.com', role: 'staff', created: 1 });
});

afterAll(async () => {
  await Promise.all(clients.map((each) => each.close()));
  await server.close();
});

describe('database.rules.json through the firebase SDK', () => {
  it('the public reads active products with the orderByChild(active).equalTo(true) query, but not the whole list', async () => {
    const visitor = client();
    const active = await get(query(ref(visitor.db, 'products'), orderByChild('active'), equalTo(true)));
    expect(Object.keys(active.val() as object)).toEqual(['on']);
    expect(await outcome(get(ref(visitor.db, 'products')))).toBe('denied');
    expect(await outcome(get(ref(visitor.db, 'products/off')))).toBe('denied');
    expect((await get(ref(client('staff1').db, 'products'))).size).toBe(2);
  });

  it('anyone sends a contact message with a server timestamp, and only staff read messages', async () => {
    const visitor = client();
    const message = { name: 'Ann', email: 'ann@example.com', subject: 'Hi', body: 'Parking?', created: serverTimestamp() };
    expect(await outcome(push(ref(visitor.db, 'messages'), message))).toBe('ok');
    expect(await outcome(push(ref(visitor.db, 'messages'), { ...message, email: 'nope' }))).toBe('denied');
    expect(await outcome(get(ref(visitor.db, 'messages')))).toBe('denied');
    expect((await get(ref(client('staff1').db, 'messages'))).size).toBe(1);
  });

  it('a customer places an order for themselves only, at the catalogue price', async () => {
    const customer = client('cust1');
    const order = (price: number) => ({
      items: { on: { title: 'Gig', price, quantity: 2 } },
      total: price * 2,
      status: 'pending',
      created: serverTimestamp(),
      contact: { name: 'C U', email: 'c@example.com' },
    });
    expect(await outcome(set(push(ref(customer.db, 'orders/cust1')), order(12)))).toBe('ok');
    expect(await outcome(set(push(ref(customer.db, 'orders/cust1')), order(1)))).toBe('denied');
    expect(await outcome(set(push(ref(customer.db, 'orders/cust2')), order(12)))).toBe('denied');
    expect((await get(ref(customer.db, 'orders/cust1'))).size).toBe(1);
    expect(await outcome(set(ref(customer.db, 'users/cust1/role'), 'staff'))).toBe('denied');
  });
});
