/**
 * onDisconnect floods share the server fairly: the queued writes of closed connections run in slices between
 * other work, so another client's own write is not queued behind the whole flood, and one client's flood does not
 * hold up another client's onDisconnect. Judged by order (a listener on the root sees every write in the order it
 * was applied: how much of the flood came first?), never by time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FilePersistence } from '../../server/persistence/journal';
import type { DatabaseServer } from '../../server/server';
import { startTestServer } from './support/protocol-harness';
import { pushedPath, pushedPaths, type RawClient, rawClient } from './support/raw-client';

const FLOODERS = 4;
const EACH = 1000;
const FLOOD = FLOODERS * EACH;

let server: DatabaseServer;
let dir: string;

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Queues `count` onDisconnect writes under /flood/<name>/ and waits until the server has taken them all. */
async function queueFlood(client: RawClient, name: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    // Numbered far from the raw client's own requests (1, 2, …).
    client.sendText(JSON.stringify({ t: 'd', d: { r: 100_000 + i, a: 'o', b: { p: `/flood/${name}/${i}`, d: i } } }));
  }
  await client.next((message) => message.d.r === 100_000 + count - 1, 20_000);
}

it('runs a flood of onDisconnect writes between other clients’ writes and other clients’ onDisconnect', async () => {
  dir = await mkdtemp(join(tmpdir(), 'disconnect-fairness-'));
  server = await startTestServer({ persistence: new FilePersistence({ dir }) });
  const flooders = await Promise.all(Array.from({ length: FLOODERS }, () => rawClient(server)));
  await Promise.all(flooders.map((client, index) => queueFlood(client, `c${index}`, EACH)));
  const leaving = await rawClient(server);
  expect((await leaving.request('o', { p: '/presence/leaving', d: 'offline' })).s).toBe('ok');
  const writer = await rawClient(server);
  const listener = await rawClient(server);
  expect((await listener.request('q', { p: '/', h: '' })).s).toBe('ok');

  for (const client of flooders) client.close();
  // Once the flood has begun to land, another connection closes and a connected client writes.
  await listener.next((message) => pushedPath(message)?.startsWith('/flood/') === true, 20_000);
  leaving.close();
  expect((await writer.request('p', { p: '/own', d: 'mine' })).s).toBe('ok');
  await listener.next((message) => pushedPath(message) === '/presence/leaving', 20_000);

  const order = pushedPaths(listener);
  const floodBefore = (path: string) =>
    order.slice(0, order.indexOf(path)).filter((p) => p.startsWith('/flood/')).length;
  expect(order).toContain('/own');
  // Each landed while most of the flood was still waiting, not after all of it.
  expect(floodBefore('/own')).toBeLessThan(FLOOD / 2);
  expect(floodBefore('/presence/leaving')).toBeLessThan(FLOOD / 2);
  // And the flood itself is not lost: all of it lands.
  const deadline = Date.now() + 30_000;
  while (pushedPaths(listener).filter((p) => p.startsWith('/flood/')).length < FLOOD && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(pushedPaths(listener).filter((p) => p.startsWith('/flood/'))).toHaveLength(FLOOD);
  writer.close();
  listener.close();
}, 90_000);
