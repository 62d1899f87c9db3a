/**
 * placeOrder's decision after a refused write, with the database replaced by a small in-memory stand-in (the real
 * round trip is covered by the e2e checkout tests): a refusal proves nothing, only an order read back does.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  data: new Map<string, unknown>(),
  /** What the next update does: stores it, or is refused without storing anything. */
  update: 'refuse' as 'store' | 'refuse',
  updates: 0,
}));

vi.mock('../../src/firebase/auth', () => ({ ensureUser: () => Promise.resolve({ uid: 'u1', isAnonymous: true }) }));
vi.mock('../../src/firebase/client', () => {
  const sdk = {
    ref: (_db: unknown, path = '') => ({ path: path.replace(/^\//, '') }),
    get: (ref: { path: string }) => Promise.resolve({ val: () => state.data.get(ref.path) ?? null }),
    serverTimestamp: () => ({ '.sv': 'timestamp' }),
    update: (_ref: unknown, values: Record<string, unknown>) => {
      state.updates++;
      if (state.update === 'refuse')
        return Promise.reject(Object.assign(new Error('permission_denied'), { code: 'PERMISSION_DENIED' }));
      for (const [path, value] of Object.entries(values)) state.data.set(path, value);
      return Promise.resolve();
    },
  };
  return { connectFirebase: () => Promise.resolve({ sdk, db: {} }) };
});

const { placeOrder } = await import('../../src/features/checkout/placeOrder');
const { OrderProblem } = await import('../../src/features/checkout/order');

const contact = { name: 'Bo', email: 'bo@example.com', telephone: '', notes: '' };
const lines = [{ productId: 'mug', quantity: 2 }];
const stored = (quantity: number) => ({
  items: { mug: { title: 'Mug', price: 8, quantity } },
  total: 8 * quantity,
  status: 'pending',
  created: 1,
  contact: { name: 'Bo', email: 'bo@example.com' },
});

beforeEach(() => {
  state.data = new Map<string, unknown>([['products/mug', { title: 'Mug', price: 8, active: true }]]);
  state.updates = 0;
});

describe('placeOrder after a refused write', () => {
  it('does not report success when the order is not there: it retries, then says so plainly', async () => {
    state.update = 'refuse';
    await expect(placeOrder('o1', lines, contact)).rejects.toThrow(OrderProblem);
    expect(state.updates).toBe(5);
  });

  it('reports success for an order an earlier attempt placed with the same contents', async () => {
    state.data.set('orders/u1/o1', stored(2));
    state.update = 'refuse';
    await expect(placeOrder('o1', lines, contact)).resolves.toMatchObject({ orderId: 'o1', order: stored(2) });
    expect(state.updates).toBe(0);
  });

  it('refuses to call an earlier order of other contents a success', async () => {
    state.data.set('orders/u1/o1', stored(1));
    await expect(placeOrder('o1', lines, contact)).rejects.toThrow(
      /An earlier attempt placed a different order \(reference o1\)/,
    );
  });

  it('places the order when the write is accepted, in the first free open-order slot', async () => {
    state.update = 'store';
    state.data.set('openOrders/u1', { a: 'o0' });
    await expect(placeOrder('o2', lines, contact)).resolves.toMatchObject({ orderId: 'o2' });
    expect(state.data.get('openOrders/u1/b')).toBe('o2');
  });

  it('says plainly when the account already has three open orders, without writing', async () => {
    state.data.set('openOrders/u1', { a: 'o0', b: 'o1', c: 'o2' });
    await expect(placeOrder('o3', lines, contact)).rejects.toThrow(/already have 3 orders waiting/);
    expect(state.updates).toBe(0);
  });
});
