import {
  child,
  get,
  increment,
  onChildAdded,
  onValue,
  push,
  ref,
  remove,
  serverTimestamp,
  set,
  setPriority,
  setWithPriority,
  update,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

let server: DatabaseServer;
let writer: SdkClient;
let reader: SdkClient;

beforeAll(async () => {
  server = await startTestServer();
  writer = sdkClient(server);
  reader = sdkClient(server);
});

afterAll(async () => {
  await writer.close();
  await reader.close();
  await server.close();
});

/** Every value a listener sees, starting with the initial one. */
function record(client: SdkClient, path: string): { values: unknown[]; stop: () => void } {
  const values: unknown[] = [];
  const stop = onValue(ref(client.db, path), (snapshot) => values.push(snapshot.val()));
  return { values, stop };
}

describe('listen, put, merge, get with the real SDK', () => {
  it('delivers the initial value and later writes from another client', async () => {
    await set(ref(writer.db, 'basics/a'), { title: 'Tea', price: 3 });
    const seen = record(reader, 'basics/a');
    await eventually(() => (seen.values.length === 1 ? true : undefined));
    expect(seen.values[0]).toEqual({ title: 'Tea', price: 3 });
    await set(ref(writer.db, 'basics/a/price'), 4);
    await eventually(() => (seen.values.length === 2 ? true : undefined));
    expect(seen.values[1]).toEqual({ title: 'Tea', price: 4 });
    seen.stop();
  });

  it('reads a missing path as null and a fresh client gets what was written', async () => {
    expect((await get(ref(reader.db, 'basics/missing'))).val()).toBeNull();
    await set(ref(writer.db, 'basics/list'), ['x', 'y']);
    const fresh = sdkClient(server);
    expect((await get(ref(fresh.db, 'basics/list'))).val()).toEqual(['x', 'y']);
    await fresh.close();
  });

  it('applies a multi-path update atomically: a parent listener sees one change', async () => {
    await set(ref(writer.db, 'multi'), { a: 1, b: 2, c: 3 });
    const seen = record(reader, 'multi');
    await eventually(() => (seen.values.length === 1 ? true : undefined));
    await update(ref(writer.db), { 'multi/a': 10, 'multi/b': null, 'multi/d/e': 'deep' });
    await eventually(() => (seen.values.length === 2 ? true : undefined));
    expect(seen.values[1]).toEqual({ a: 10, c: 3, d: { e: 'deep' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.values).toHaveLength(2);
    seen.stop();
  });

  it('pushes a write to listeners at, above and below it, and not to siblings', async () => {
    await set(ref(writer.db, 'fan'), { left: { x: 1 }, right: { y: 1 } });
    const above = record(reader, 'fan');
    const at = record(reader, 'fan/left');
    const below = record(reader, 'fan/left/x');
    const sibling = record(reader, 'fan/right');
    await eventually(() => ([above, at, below, sibling].every((s) => s.values.length === 1) ? true : undefined));
    await set(ref(writer.db, 'fan/left'), { x: 2, z: 3 });
    await eventually(() => ([above, at, below].every((s) => s.values.length === 2) ? true : undefined));
    expect(above.values[1]).toEqual({ left: { x: 2, z: 3 }, right: { y: 1 } });
    expect(at.values[1]).toEqual({ x: 2, z: 3 });
    expect(below.values[1]).toBe(2);
    expect(sibling.values).toEqual([{ y: 1 }]);
    for (const s of [above, at, below, sibling]) s.stop();
  });

  it('shows the writer its own write exactly once and in order (pushed before the ack)', async () => {
    const seen = record(writer, 'own');
    await eventually(() => (seen.values.length === 1 ? true : undefined));
    for (let i = 1; i <= 5; i++) await set(ref(writer.db, 'own'), i);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.values).toEqual([null, 1, 2, 3, 4, 5]);
    seen.stop();
  });

  it('deletes with remove() and set(null), emptied parents vanish', async () => {
    await set(ref(writer.db, 'del'), { only: { leaf: true } });
    await remove(ref(writer.db, 'del/only/leaf'));
    expect((await get(ref(reader.db, 'del'))).exists()).toBe(false);
  });

  it('orders pushed children like the SDK and gives push ids that sort by time', async () => {
    const list = ref(writer.db, 'pushed');
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await push(list, { i })).key as string);
    const seen: string[] = [];
    const stop = onChildAdded(ref(reader.db, 'pushed'), (snapshot) => seen.push(snapshot.key as string));
    await eventually(() => (seen.length === 5 ? true : undefined));
    expect(seen).toEqual(keys);
    stop();
  });
});

describe('server values and priorities', () => {
  it('resolves serverTimestamp to the server clock', async () => {
    const before = Date.now();
    await set(ref(writer.db, 'sv/time'), serverTimestamp());
    const value = (await get(ref(reader.db, 'sv/time'))).val() as number;
    expect(value).toBeGreaterThanOrEqual(before - 1000);
    expect(value).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('adds increments atomically from several clients', async () => {
    const others = [sdkClient(server), sdkClient(server), sdkClient(server)];
    await Promise.all(
      others.flatMap((client) => Array.from({ length: 10 }, () => set(ref(client.db, 'sv/count'), increment(1)))),
    );
    // Each client's own writes merge locally; read from a fresh client to see only the server's result.
    await Promise.all(
      others.flatMap((client) =>
        Array.from({ length: 5 }, () => update(ref(client.db, 'sv'), { count2: increment(2) })),
      ),
    );
    const fresh = sdkClient(server);
    expect((await get(ref(fresh.db, 'sv/count'))).val()).toBe(30);
    expect((await get(ref(fresh.db, 'sv/count2'))).val()).toBe(30);
    await Promise.all([...others, fresh].map((client) => client.close()));
  });

  it('stores priorities and round-trips them', async () => {
    await setWithPriority(ref(writer.db, 'prio/a'), 'A', 2);
    await setWithPriority(ref(writer.db, 'prio/b'), { x: 1 }, 1);
    await setPriority(ref(writer.db, 'prio/a'), 0.5);
    const fresh = sdkClient(server);
    const snapshot = await get(ref(fresh.db, 'prio'));
    expect(snapshot.child('a').priority).toBe(0.5);
    expect(snapshot.child('b').priority).toBe(1);
    expect(snapshot.child('b').val()).toEqual({ x: 1 });
    const order: string[] = [];
    snapshot.forEach((item) => {
      order.push(item.key as string);
    });
    expect(order).toEqual(['a', 'b']);
    await fresh.close();
  });
});

describe('frames and namespaces', () => {
  it('carries messages larger than one frame both ways', async () => {
    const big = 'é'.repeat(40_000) + '😀'.repeat(20_000);
    await set(ref(writer.db, 'big'), { text: big });
    const fresh = sdkClient(server);
    expect((await get(ref(fresh.db, 'big/text'))).val()).toBe(big);
    await fresh.close();
  });

  it('keeps namespaces independent', async () => {
    const other = sdkClient(server, { namespace: 'other-ns' });
    await set(ref(other.db, 'shared/key'), 'other');
    await set(ref(writer.db, 'shared/key'), 'default');
    const otherReader = sdkClient(server, { namespace: 'other-ns' });
    expect((await get(ref(otherReader.db, 'shared/key'))).val()).toBe('other');
    expect((await get(child(ref(reader.db), 'shared/key'))).val()).toBe('default');
    await other.close();
    await otherReader.close();
  });
});
