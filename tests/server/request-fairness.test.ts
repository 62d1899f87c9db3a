/**
 * A flood of requests from many sockets does not starve another client: Node hands the server everything the
 * ready sockets have sent in one go, and a server that handled each message as it was parsed answered another
 * client only after the whole flood. Judged by order (a listener on the root sees every write in the order it was
 * queued: how much of the flood came before the other client's write?), never by time.
 */
import { afterEach, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, startTestServer } from './support/protocol-harness';
import { pushedPath, pushedPaths, type RawClient, rawClient } from './support/raw-client';

const FLOODERS = 20;
const EACH = 1000;
const FLOOD = FLOODERS * EACH;

let server: DatabaseServer;
const clients: RawClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server.close();
});

async function connect(count: number): Promise<RawClient[]> {
  const connected = await Promise.all(Array.from({ length: count }, () => rawClient(server)));
  clients.push(...connected);
  return connected;
}

const write = (r: number, path: string, value: unknown) =>
  JSON.stringify({ t: 'd', d: { r, a: 'p', b: { p: path, d: value } } });

it('handles another client’s request while a flood from twenty sockets is still waiting', async () => {
  server = await startTestServer();
  const flooders = await connect(FLOODERS);
  const [listener, other] = (await connect(2)) as [RawClient, RawClient];
  expect((await listener.request('q', { p: '/', h: '' })).s).toBe('ok');
  // Built beforehand, so that every flooder's burst and the other client's write leave in the same tick.
  const bursts = flooders.map((_, index) =>
    Array.from({ length: EACH }, (__, i) => write(100_000 + i, `/flood/c${index}/${i}`, i)),
  );

  flooders.forEach((client, index) => client.corked(() => bursts[index]?.forEach((text) => client.sendText(text))));
  other.sendText(write(1, '/own', 'mine'));
  await listener.next((message) => pushedPath(message) === '/own', 30_000);

  const order = pushedPaths(listener);
  const floodBefore = order.slice(0, order.indexOf('/own')).filter((path) => path.startsWith('/flood/')).length;
  expect(floodBefore).toBeLessThan(FLOOD / 2);
  // And nothing of the flood is lost or reordered within a client: all of it lands, each client's in its order.
  const flood = () => pushedPaths(listener).filter((path) => path.startsWith('/flood/'));
  await eventually(() => (flood().length === FLOOD ? true : undefined), 60_000);
  const landed = flood();
  for (let index = 0; index < FLOODERS; index++) {
    const own = landed.filter((path) => path.startsWith(`/flood/c${index}/`));
    expect(own).toEqual(Array.from({ length: EACH }, (_, i) => `/flood/c${index}/${i}`));
  }
}, 120_000);
