import {
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  type Query,
  ref,
  remove,
  set,
  setWithPriority,
  startAfter,
  startAt,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

let server: DatabaseServer;
let writer: SdkClient;

const SCORES = { ann: { score: 5 }, bob: { score: 9 }, cat: { score: 1 }, dan: { score: 7 }, eve: { score: 3 } };

beforeAll(async () => {
  server = await startTestServer();
  writer = sdkClient(server);
  await server.set(NAMESPACE, '/scores', SCORES);
  await server.set(NAMESPACE, '/values', { a: 3, b: 'x', c: true, d: 1, e: null, f: 2 });
});

afterAll(async () => {
  await writer.close();
  await server.close();
});

/** Keys in the order the SDK reports them, from a fresh client (no cached data to mix in). */
async function keysOf(build: (client: SdkClient) => Query): Promise<string[]> {
  const client = sdkClient(server);
  const snapshot = await get(build(client));
  const keys: string[] = [];
  snapshot.forEach((item) => {
    keys.push(item.key as string);
  });
  await client.close();
  return keys;
}

describe('queries (get) match Firebase ordering and filtering', () => {
  it('orders by child with limits and ranges', async () => {
    const scores = (c: SdkClient) => ref(c.db, 'scores');
    expect(await keysOf((c) => query(scores(c), orderByChild('score'), limitToLast(3)))).toEqual(['ann', 'dan', 'bob']);
    expect(await keysOf((c) => query(scores(c), orderByChild('score'), limitToFirst(2)))).toEqual(['cat', 'eve']);
    expect(await keysOf((c) => query(scores(c), orderByChild('score'), startAt(3), endAt(7)))).toEqual([
      'eve',
      'ann',
      'dan',
    ]);
    expect(await keysOf((c) => query(scores(c), orderByChild('score'), startAfter(3), endBefore(9)))).toEqual([
      'ann',
      'dan',
    ]);
    expect(await keysOf((c) => query(scores(c), orderByChild('score'), equalTo(9)))).toEqual(['bob']);
  });

  it('orders by key and by value', async () => {
    const scores = (c: SdkClient) => ref(c.db, 'scores');
    expect(await keysOf((c) => query(scores(c), orderByKey(), startAt('b'), endAt('d')))).toEqual(['bob', 'cat']);
    expect(await keysOf((c) => query(scores(c), orderByKey(), startAfter('bob'), limitToFirst(2)))).toEqual([
      'cat',
      'dan',
    ]);
    expect(await keysOf((c) => query(ref(c.db, 'values'), orderByValue()))).toEqual(['c', 'd', 'f', 'a', 'b']);
    expect(await keysOf((c) => query(ref(c.db, 'values'), orderByValue(), startAt(2), endAt('x')))).toEqual([
      'f',
      'a',
      'b',
    ]);
  });

  it('orders by priority', async () => {
    await setWithPriority(ref(writer.db, 'prioritised/x'), 'x', 3);
    await setWithPriority(ref(writer.db, 'prioritised/y'), 'y', 1);
    await setWithPriority(ref(writer.db, 'prioritised/z'), 'z', 'a');
    expect(await keysOf((c) => query(ref(c.db, 'prioritised'), orderByPriority()))).toEqual(['y', 'x', 'z']);
    expect(await keysOf((c) => query(ref(c.db, 'prioritised'), orderByPriority(), startAt(2)))).toEqual(['x', 'z']);
  });
});

describe('live queries (tagged listens)', () => {
  it('keeps a limited window right while the data changes', async () => {
    const reader = sdkClient(server);
    const windows: string[][] = [];
    const top = query(ref(reader.db, 'live'), orderByChild('score'), limitToLast(2));
    await set(ref(writer.db, 'live'), { a: { score: 1 }, b: { score: 2 }, c: { score: 3 } });
    const stop = onValue(top, (snapshot) => {
      const keys: string[] = [];
      snapshot.forEach((item) => {
        keys.push(item.key as string);
      });
      windows.push(keys);
    });
    const last = () => windows[windows.length - 1]?.join(',');
    await eventually(() => (last() === 'b,c' ? true : undefined));
    await set(ref(writer.db, 'live/d'), { score: 10 });
    await eventually(() => (last() === 'c,d' ? true : undefined));
    await remove(ref(writer.db, 'live/d'));
    await eventually(() => (last() === 'b,c' ? true : undefined));
    await set(ref(writer.db, 'live/a/score'), 5);
    await eventually(() => (last() === 'c,a' ? true : undefined));
    stop();
    await reader.close();
  });

  it('never reports a filtered window as the whole data to a plain listener on the same client', async () => {
    const reader = sdkClient(server);
    await set(ref(writer.db, 'mixed'), { a: 1, b: 2, c: 3 });
    const limited: unknown[] = [];
    const whole: unknown[] = [];
    onValue(query(ref(reader.db, 'mixed'), limitToFirst(1)), (snapshot) => limited.push(snapshot.val()));
    await eventually(() => (limited.length > 0 ? true : undefined));
    onValue(ref(reader.db, 'mixed'), (snapshot) => whole.push(snapshot.val()));
    await eventually(() => (whole.length > 0 ? true : undefined));
    expect(limited[limited.length - 1]).toEqual({ a: 1 });
    expect(whole[whole.length - 1]).toEqual({ a: 1, b: 2, c: 3 });
    await reader.close();
  });
});
