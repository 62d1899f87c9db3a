/**
 * An update ("m") names many paths in one message: the server checks them for overlaps in one pass over the
 * sorted paths, not a comparison of every pair. A signed-out client's update of 200,000 paths (5 MB, well under the
 * 16 MB a message may hold) used to keep the server busy for many minutes; now it is answered, and every other
 * client with it. Overlapping paths are still refused wherever they stand in the update.
 */
import { afterEach, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { startTestServer } from './support/protocol-harness';
import { type RawClient, rawClient } from './support/raw-client';

let server: DatabaseServer;
const clients: RawClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server.close();
});

/** Sends a request split into frames of 16,384 characters, as the SDK sends a long message. */
function sendSplit(client: RawClient, r: number, action: string, body: unknown): void {
  const text = JSON.stringify({ t: 'd', d: { r, a: action, b: body } });
  const pieces = text.match(/[\s\S]{1,16384}/g) ?? [];
  if (pieces.length > 1) client.sendText(String(pieces.length));
  for (const piece of pieces) client.sendText(piece);
}

const answer = (client: RawClient, r: number, timeoutMs = 5000) =>
  client.next((message) => message.d.r === r, timeoutMs).then((message) => message.d.b as { s: string; d?: string });

it('answers an update of 200,000 paths from a signed-out client, and another client after it', async () => {
  server = await startTestServer();
  const [flooder, other] = await Promise.all([rawClient(server), rawClient(server)]);
  clients.push(flooder, other);
  const children = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`items/i${i}/title`, 'x']));
  sendSplit(flooder, 1_000_000, 'm', { p: '/', d: children });
  // Quadratic in the number of paths this took minutes; in one pass it takes a second or two on a slow machine.
  expect((await answer(flooder, 1_000_000, 60_000)).s).toBe('ok');
  expect((await other.request('g', { p: '/items/i199999/title' })).d).toBe('x');
}, 90_000);

it('refuses overlapping paths wherever they stand in an update', async () => {
  server = await startTestServer();
  const client = await rawClient(server);
  clients.push(client);
  const middle = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`m/k${i}`, i]));
  const cases: Record<string, unknown>[] = [
    { 'a/b': 1, ...middle, a: 2 },
    { a: 2, ...middle, 'a/b/c': 1 },
    { x: 1, ...middle, 'x/': 2 },
    { 'p/q': 1, 'p/q/r/s': 2 },
  ];
  for (const [index, update] of cases.entries()) {
    sendSplit(client, 10 + index, 'm', { p: '/', d: update });
    const refused = await answer(client, 10 + index);
    expect(refused.s).toBe('invalid_data');
    expect(refused.d).toMatch(/overlap/);
  }
  // Paths that share a prefix of characters but not of keys do not overlap.
  sendSplit(client, 20, 'm', { p: '/', d: { ab: 1, 'a/b': 2, 'a b': 3, 'a-b/c': 4 } });
  expect((await answer(client, 20)).s).toBe('ok');
  expect((await client.request('g', { p: '/' })).d).toEqual({ ab: 1, a: { b: 2 }, 'a b': 3, 'a-b': { c: 4 } });
});
