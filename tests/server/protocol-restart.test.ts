import { onValue, ref, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { MemoryPersistence } from '../../server/persistence/memory';
import { eventually, sdkClient, startTestServer } from './support/protocol-harness';

describe('server restart', () => {
  it('lets SDK clients reconnect by themselves, resume listening and write, with data intact', async () => {
    const persistence = new MemoryPersistence();
    const first = await startTestServer({ persistence });
    const client = sdkClient(first);
    await set(ref(client.db, 'restart/value'), 'before');
    const values: unknown[] = [];
    onValue(ref(client.db, 'restart'), (snapshot) => values.push(snapshot.val()));
    await eventually(() => (values.length > 0 ? true : undefined));
    await first.close();

    const second = await startTestServer({ persistence, port: first.port });
    const other = sdkClient(second);
    await set(ref(other.db, 'restart/other'), 'after');
    const last = () => values[values.length - 1] as Record<string, string> | null;
    await eventually(() => (last()?.other === 'after' ? true : undefined), 20_000);
    expect(last()).toEqual({ value: 'before', other: 'after' });
    await set(ref(client.db, 'restart/value'), 'written after reconnect');
    const fresh = sdkClient(second);
    const seen: unknown[] = [];
    onValue(ref(fresh.db, 'restart/value'), (snapshot) => seen.push(snapshot.val()));
    await eventually(() => (seen[seen.length - 1] === 'written after reconnect' ? true : undefined));
    await Promise.all([client.close(), other.close(), fresh.close()]);
    await second.close();
  });
});
