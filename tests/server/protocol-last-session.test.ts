/**
 * A client that reconnects names its previous session (`ls`): the server closes that stale session at once and
 * runs its onDisconnect writes before the new session's own, so they never land over the new presence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { startTestServer } from './support/protocol-harness';
import { rawClient } from './support/raw-client';

let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const sessionOf = async (client: Awaited<ReturnType<typeof rawClient>>) =>
  ((await client.next((m) => m.t === 'c' && m.d.t === 'h')).d.d as { s: string }).s;

describe('the last session parameter', () => {
  it('closes the stale session and runs its onDisconnect before the new session writes', async () => {
    const stale = await rawClient(server);
    const session = await sessionOf(stale);
    expect((await stale.request('p', { p: '/presence/ann', d: 'online' })).s).toBe('ok');
    expect((await stale.request('o', { p: '/presence/ann', d: 'offline' })).s).toBe('ok');
    const fresh = await rawClient(server, undefined, session);
    expect((await fresh.request('p', { p: '/presence/ann', d: 'online again' })).s).toBe('ok');
    await stale.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await (await fetch(`${server.url}/presence/ann.json`)).json()).toBe('online again');
    fresh.close();
  });

  it('ignores a session id of another namespace or one that does not exist', async () => {
    const other = await rawClient(server, 'other-ns');
    const session = await sessionOf(other);
    const fresh = await rawClient(server, undefined, session);
    const unknown = await rawClient(server, undefined, 'no-such-session');
    expect((await fresh.request('g', { p: '/x' })).s).toBe('ok');
    expect((await other.request('g', { p: '/x' })).s).toBe('ok');
    expect((await unknown.request('g', { p: '/x' })).s).toBe('ok');
    [other, fresh, unknown].forEach((client) => client.close());
  });
});
