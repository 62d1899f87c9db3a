/**
 * What the server writes to a client's socket, counted (never timed):
 * - a connection whose socket is gone costs nothing further: once its socket has closed or a write to it failed,
 *   the server writes nothing more to it (each write to a destroyed socket creates an Error with a stack trace),
 *   answers none of the requests still in its buffer, and pushes nothing to its listens; its onDisconnect writes
 *   still run;
 * - the answers to a burst of requests leave in a few writes, not a system call each;
 * - a fan-out's push to each connection leaves at once, not once every connection's push has been queued.
 */
import { Socket } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { DatabaseServer } from '../../server/server';
import { eventually, startTestServer } from './support/protocol-harness';
import { rawClient } from './support/raw-client';

let server: DatabaseServer;
/** ws writes a frame's header and its payload separately: the payload of the frame whose header failed follows. */
const FAILED_FRAME_REST = 1;

afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/**
 * Counts writes to the server's side of its sockets once they are destroyed, and destroys the one that receives
 * the `failAt`-th write as a write failing with EPIPE would (Node destroys the socket at once).
 */
function watchServerWrites(failAt: number): { afterDestroy: () => number; failed: () => boolean } {
  const write = Socket.prototype.write;
  let serverWrites = 0;
  let afterDestroy = 0;
  let failed = false;
  // A destroyed socket no longer knows its port: the server's are remembered by their first write.
  const serverSockets = new WeakSet<Socket>();
  vi.spyOn(Socket.prototype, 'write').mockImplementation(function (this: Socket, ...args: unknown[]) {
    if (!this.destroyed && this.localPort === server.port) serverSockets.add(this);
    if (serverSockets.has(this)) {
      if (this.destroyed) afterDestroy++;
      else if (++serverWrites === failAt) {
        failed = true;
        this.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        return false;
      }
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  });
  return { afterDestroy: () => afterDestroy, failed: () => failed };
}

const onDisconnect = (r: number, path: string) => JSON.stringify({ t: 'd', d: { r, a: 'o', b: { p: path, d: r } } });

it('writes nothing more to a socket whose write failed, and still runs its onDisconnect writes', async () => {
  server = await startTestServer();
  const listener = await rawClient(server);
  expect((await listener.request('q', { p: '/gone', h: '' })).s).toBe('ok');
  const leaving = await rawClient(server);
  expect((await leaving.request('o', { p: '/gone/first', d: 'bye' })).s).toBe('ok');
  expect((await leaving.request('q', { p: '/', h: '' })).s).toBe('ok');

  // The next write to the leaving socket fails: the handshake, two replies and a push went before it.
  const writes = watchServerWrites(1);
  leaving.corked(() => {
    for (let i = 0; i < 500; i++) leaving.sendText(onDisconnect(1000 + i, `/gone/late-${i}`));
  });
  await leaving.closed;
  await eventually(() => listener.messages.some((m) => (m.d.b as { p?: string })?.p === 'gone/first') || undefined);

  expect(writes.failed()).toBe(true);
  expect(writes.afterDestroy()).toBeLessThanOrEqual(FAILED_FRAME_REST);
  listener.close();
});

it('pushes nothing more to the listens of a socket whose write failed', async () => {
  server = await startTestServer();
  const watcher = await rawClient(server);
  for (let i = 0; i < 50; i++) expect((await watcher.request('q', { p: `/items/${i}`, h: '' })).s).toBe('ok');
  const writer = await rawClient(server);
  const writes = watchServerWrites(1);
  // One update changes all fifty: fifty pushes to the watcher in one go, the first of which fails.
  const update = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i), i]));
  expect((await writer.request('m', { p: '/items', d: update })).s).toBe('ok');
  await watcher.closed;

  expect(writes.failed()).toBe(true);
  expect(writes.afterDestroy()).toBeLessThanOrEqual(FAILED_FRAME_REST);
  writer.close();
});

it('answers a burst of requests in a few socket writes, not one each', async () => {
  server = await startTestServer();
  const client = await rawClient(server);
  const serverSockets = new WeakSet<Socket>();
  let writes = 0;
  type WriteGeneric = (this: Socket, ...args: unknown[]) => unknown;
  const prototype = Socket.prototype as unknown as { _writeGeneric: WriteGeneric };
  const writeGeneric = prototype._writeGeneric;
  vi.spyOn(prototype, '_writeGeneric').mockImplementation(function (this: Socket, ...args: unknown[]) {
    if (this.localPort === server.port) serverSockets.add(this);
    if (serverSockets.has(this)) writes++;
    return writeGeneric.apply(this, args);
  });
  client.corked(() => {
    for (let i = 0; i < 500; i++) client.sendText(onDisconnect(1000 + i, `/burst/${i}`));
  });
  await client.next((message) => message.d.r === 1499);
  expect(client.messages.filter((message) => (message.d.b as { s?: string })?.s === 'ok')).toHaveLength(500);
  // One write per chunk the server read (64 KiB each), not one per answer.
  expect(writes).toBeLessThan(20);
  client.close();
});

it('sends a fan-out’s push to each connection at once, not after every connection’s push is queued', async () => {
  server = await startTestServer();
  const listeners = await Promise.all(Array.from({ length: 50 }, () => rawClient(server)));
  for (const listener of listeners) expect((await listener.request('q', { p: '/news', h: '' })).s).toBe('ok');
  const writer = await rawClient(server);
  // In order: the server queuing a message for a socket, and the server's sockets writing.
  const events: ('queued' | 'written')[] = [];
  const serverSockets = new WeakSet<Socket>();
  type WriteGeneric = (this: Socket, ...args: unknown[]) => unknown;
  const prototype = Socket.prototype as unknown as { _writeGeneric: WriteGeneric };
  const writeGeneric = prototype._writeGeneric;
  vi.spyOn(prototype, '_writeGeneric').mockImplementation(function (this: Socket, ...args: unknown[]) {
    if (this.localPort === server.port) serverSockets.add(this);
    if (serverSockets.has(this)) events.push('written');
    return writeGeneric.apply(this, args);
  });
  const send = WebSocket.prototype.send;
  vi.spyOn(WebSocket.prototype, 'send').mockImplementation(function (this: WebSocket, ...args: unknown[]) {
    if ((this as unknown as { _isServer: boolean })._isServer) events.push('queued');
    return (send as (...a: unknown[]) => void).apply(this, args);
  });
  expect((await writer.request('p', { p: '/news', d: 'out' })).s).toBe('ok');
  await Promise.all(listeners.map((listener) => listener.next((m) => (m.d.b as { p?: string })?.p === 'news')));

  // 50 pushes and the writer's answer were queued; the first push was written before the last was queued.
  expect(events.filter((event) => event === 'queued')).toHaveLength(51);
  expect(events.indexOf('written')).toBeLessThan(events.lastIndexOf('queued'));
  expect(events.indexOf('written')).toBeLessThan(events.indexOf('queued') + 2);
  for (const listener of [...listeners, writer]) listener.close();
});
