import { readFileSync } from 'node:fs';
import { equalTo, get, onValue, orderByChild, push, query, ref, serverTimestamp, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { eventually, NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

/** The app's own rules file, through the real SDK: the combination the storefront depends on. */
const RULES = readFileSync('database.rules.json', 'utf8');

let server: DatabaseServer;
const clients: SdkClient[] = [];

function client(uid?: string): SdkClient {
  const created = sdkClient(server, uid ? { user: { sub: uid, email: `${uid}@example.com` } } : {});
  clients.push(created);
  return created;
}

const product = (title: string, price: number, active: boolean) => ({
  title,
  price,
  description: `${title}, locally made`,
  image: `/img/${title}.jpg`,
  category: 'goods',
  active,
});

/** 'allowed', 'denied', or the unexpected error's message (a refused get carries no code, only a message). */
const denied = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => 'allowed',
    (error: { code?: string; message: string }) =>
      /permission/i.test(`${error.code} ${error.message}`) ? 'denied' : error.message,
  );

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  const profile = (role: string) => ({ firstname: 'A', lastname: 'B', email: 'a@example.com', role, created: 1 });
  await server.set(NAMESPACE, '/users/staff1', profile('staff'));
  await server.set(NAMESPACE, '/users/cust1', profile('customer'));
  await server.set(NAMESPACE, '/products', { mug: product('Mug', 8, true), lamp: product('Lamp', 30, false) });
});

afterAll(async () => {
  await Promise.all(clients.map((each) => each.close()));
  await server.close();
});

describe('the storefront rules through the SDK', () => {
  it('shows the public only active products, live, through the query the rules allow', async () => {
    const visitor = client();
    const staff = client('staff1');
    const windows: string[][] = [];
    onValue(query(ref(visitor.db, 'products'), orderByChild('active'), equalTo(true)), (snapshot) => {
      windows.push(Object.keys(snapshot.val() ?? {}).sort());
    });
    const last = () => windows[windows.length - 1]?.join(',');
    await eventually(() => (last() === 'mug' ? true : undefined));
    await update(ref(staff.db, 'products/lamp'), { active: true });
    await eventually(() => (last() === 'lamp,mug' ? true : undefined));
    await set(ref(staff.db, 'products/mug/active'), false);
    await eventually(() => (last() === 'lamp' ? true : undefined));
    expect(await denied(get(ref(visitor.db, 'products')))).toBe('denied');
    // One product by its path: only while it is active. Staff read the whole list.
    expect(await denied(get(ref(visitor.db, 'products/mug')))).toBe('denied');
    expect(await denied(get(ref(visitor.db, 'products/lamp')))).toBe('allowed');
    expect((await get(ref(staff.db, 'products'))).size).toBe(2);
    expect(await denied(set(ref(visitor.db, 'products/lamp/price'), 1))).toBe('denied');
    await set(ref(staff.db, 'products/mug/active'), true);
  });

  it('lets a customer ask for an order with the server timestamp, but never write one', async () => {
    const customer = client('cust1');
    const order = {
      items: { mug: { title: 'Mug', price: 8, quantity: 2 } },
      total: 16,
      status: 'pending',
      created: serverTimestamp(),
      contact: { name: 'Cy', email: 'cy@example.com' },
    };
    // Orders are placed by trusted code (functions/src/orders/): a buyer's own order is refused, even at catalogue
    // prices with its open-order slot.
    expect(await denied(update(ref(customer.db), { 'orders/cust1/o1': order, 'openOrders/cust1/a': 'o1' }))).toBe(
      'denied',
    );
    // The request: `at` and the rate stamp must be the server's time as the rules see it, so this also proves the
    // server stamps TIMESTAMP with the rules' `now`.
    const request = {
      id: 'request-0001',
      at: serverTimestamp(),
      lines: { mug: 2 },
      contact: { name: 'Cy', email: 'cy@example.com' },
    };
    const ask = (uid: string) =>
      update(ref(customer.db), { [`orderQueue/${uid}`]: request, [`orderRate/${uid}`]: serverTimestamp() });
    expect(await denied(ask('staff1'))).toBe('denied');
    expect(await denied(ask('cust1'))).toBe('allowed');
    expect(await denied(set(ref(customer.db, 'users/cust1/role'), 'staff'))).toBe('denied');
    const queued = (await get(ref(customer.db, 'orderQueue/cust1'))).val() as { at: number };
    expect(queued.at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts contact messages from anyone and shows them only to staff', async () => {
    const visitor = client();
    const message = { name: 'Vi', email: 'vi@example.com', subject: 'Hi', body: 'Hello', created: serverTimestamp() };
    expect(await denied(push(ref(visitor.db, 'messages'), message))).toBe('allowed');
    expect(await denied(push(ref(visitor.db, 'messages'), { ...message, email: 'not-an-email' }))).toBe('denied');
    expect(await denied(get(ref(visitor.db, 'messages')))).toBe('denied');
    const inbox = (await get(ref(client('staff1').db, 'messages'))).val() as Record<string, unknown>;
    expect(Object.values(inbox)).toEqual([expect.objectContaining({ subject: 'Hi' })]);
  });
});
