import { get, onDisconnect, onValue, ref, runTransaction, serverTimestamp, set } from 'firebase/database';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, NAMESPACE, sdkClient, startTestServer } from './support/protocol-harness';

let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('transactions', () => {
  it('ends with an exact count when several clients increment concurrently', async () => {
    const clients = Array.from({ length: 4 }, () => sdkClient(server));
    const perClient = 15;
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: perClient }, () =>
          runTransaction(ref(client.db, 'tx/counter'), (current: number | null) => (current ?? 0) + 1),
        ),
      ),
    );
    const fresh = sdkClient(server);
    expect((await get(ref(fresh.db, 'tx/counter'))).val()).toBe(clients.length * perClient);
    await Promise.all([...clients, fresh].map((client) => client.close()));
  });

  it('retries from the current value when the client’s view is stale (datastale)', async () => {
    const client = sdkClient(server);
    await server.set(NAMESPACE, '/tx/stale', { n: 5, tags: { b: true, a: 1 } });
    // The client has never read the path, so its first attempt runs on null and is refused as stale.
    const attempts: unknown[] = [];
    const result = await runTransaction(ref(client.db, 'tx/stale'), (current: { n: number } | null) => {
      attempts.push(current);
      return current ? { ...current, n: current.n + 1 } : { n: 0 };
    });
    expect(result.committed).toBe(true);
    expect(attempts[0]).toBeNull();
    expect(result.snapshot.val()).toEqual({ n: 6, tags: { b: true, a: 1 } });
    await client.close();
  });

  it('aborts when the update function returns undefined', async () => {
    const client = sdkClient(server);
    await server.set(NAMESPACE, '/tx/abort', 1);
    const result = await runTransaction(ref(client.db, 'tx/abort'), () => undefined);
    expect(result.committed).toBe(false);
    await client.close();
  });
});

describe('onDisconnect', () => {
  it('runs set and update when the client goes away, with server values resolved then', async () => {
    const leaving = sdkClient(server);
    const watcher = sdkClient(server);
    await set(ref(leaving.db, 'presence/ann'), { online: true });
    await onDisconnect(ref(leaving.db, 'presence/ann')).set({ online: false, lastSeen: serverTimestamp() });
    await onDisconnect(ref(leaving.db, 'presence/count')).set(1);
    await onDisconnect(ref(leaving.db, 'presence')).update({ 'log/ann': 'left' });
    const values: unknown[] = [];
    onValue(ref(watcher.db, 'presence'), (snapshot) => values.push(snapshot.val()));
    await eventually(() => (values.length > 0 ? true : undefined));
    const before = Date.now();
    await leaving.close();
    const final = await eventually(() => {
      const last = values[values.length - 1] as { log?: unknown } | null;
      return last?.log ? last : undefined;
    });
    expect(final).toMatchObject({ ann: { online: false }, count: 1, log: { ann: 'left' } });
    expect((final as { ann: { lastSeen: number } }).ann.lastSeen).toBeGreaterThanOrEqual(before - 1000);
    await watcher.close();
  });

  it('does not run cancelled operations', async () => {
    const leaving = sdkClient(server);
    await set(ref(leaving.db, 'cancel/state'), 'online');
    const handler = onDisconnect(ref(leaving.db, 'cancel/state'));
    await handler.set('offline');
    await onDisconnect(ref(leaving.db, 'cancel/other')).set('gone');
    await onDisconnect(ref(leaving.db, 'cancel')).cancel();
    await leaving.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fresh = sdkClient(server);
    expect((await get(ref(fresh.db, 'cancel'))).val()).toEqual({ state: 'online' });
    await fresh.close();
  });

  it('runs after a client process is killed with SIGKILL', async () => {
    const script = `
      import { initializeApp } from 'firebase/app';
      import { connectDatabaseEmulator, getDatabase, onDisconnect, ref, set } from 'firebase/database';
      const db = getDatabase(initializeApp({ projectId: 'demo-storefront', databaseURL: 'https://${NAMESPACE}.firebaseio.com' }));
      connectDatabaseEmulator(db, '${server.host}', ${server.port});
      await set(ref(db, 'killed/state'), 'online');
      await onDisconnect(ref(db, 'killed/state')).set('offline');
      console.log('ready');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd() });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`client exited early (${code})`)));
    });
    const watcher = sdkClient(server);
    const values: unknown[] = [];
    onValue(ref(watcher.db, 'killed/state'), (snapshot) => values.push(snapshot.val()));
    await eventually(() => (values[values.length - 1] === 'online' ? true : undefined));
    child.kill('SIGKILL');
    await eventually(() => (values[values.length - 1] === 'offline' ? true : undefined));
    await watcher.close();
  });
});
