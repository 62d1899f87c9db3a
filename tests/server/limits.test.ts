/**
 * No single client (and no crowd of them) can make the server hold memory without bound: listens, query
 * objects, bytes waiting for clients that do not read, half-sent messages, onDisconnect queues, REST bodies.
 * The limits are lowered here so that the tests stay small; the defaults are in server/limits.ts.
 */
import { request } from 'node:http';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, startTestServer } from './support/protocol-harness';
import { rawClient } from './support/raw-client';

let server: DatabaseServer;
const logged: string[] = [];

afterEach(async () => {
  await server.close();
  logged.length = 0;
});

async function start(limits: Record<string, number>): Promise<void> {
  server = await startTestServer({ limits, log: (line) => logged.push(line) });
}

describe('listens and queries', () => {
  it('refuses unknown or oversized query fields instead of keeping them', async () => {
    await start({ queryChars: 1024 });
    const client = await rawClient(server);
    const junk = await client.request('q', { p: '/a', q: { i: 'n', zz: 'x'.repeat(60_000) }, t: 1, h: '' });
    expect(junk).toMatchObject({ s: 'invalid_request' });
    const big = await client.request('q', { p: '/a', q: { i: 'n', sp: 'x'.repeat(2000) }, t: 2, h: '' });
    expect(big).toMatchObject({ s: 'invalid_request' });
    expect((await client.request('g', { p: '/a', q: { i: 'n', zz: 1 } })).s).toBe('invalid_request');
    expect((await client.request('q', { p: '/a', q: { i: 'n', sp: 1 }, t: 3, h: '' })).s).toBe('ok');
    client.close();
  });

  it('bounds the listens of one connection and of all of them', async () => {
    await start({ listensPerConnection: 5, listensInTotal: 8 });
    const first = await rawClient(server);
    for (let i = 0; i < 5; i++) expect((await first.request('q', { p: `/l/${i}`, h: '' })).s).toBe('ok');
    expect((await first.request('q', { p: '/l/5', h: '' })).s).toBe('too_many_listens');
    // Listening again where it already listens replaces that listen: still allowed.
    expect((await first.request('q', { p: '/l/0', h: '' })).s).toBe('ok');
    const second = await rawClient(server);
    for (let i = 0; i < 3; i++) expect((await second.request('q', { p: `/m/${i}`, h: '' })).s).toBe('ok');
    expect((await second.request('q', { p: '/m/3', h: '' })).s).toBe('too_many_listens');
    expect((await second.request('n', { p: '/m/0' })).s).toBe('ok');
    expect((await second.request('q', { p: '/m/3', h: '' })).s).toBe('ok');
    first.close();
    second.close();
  });
});

/** A WebSocket that reads nothing: its kernel buffers fill and the server's pushes for it pile up. */
async function neverReading(): Promise<WebSocket> {
  const ws = new WebSocket(`ws://${server.host}:${server.port}/.ws?v=5`);
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: '/big', h: '' } } }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  (ws as unknown as { _socket: { pause(): void } })._socket.pause();
  return ws;
}

describe('clients that do not read', () => {
  it('drops them past the per-client bound, and past the total keeps the total bounded', async () => {
    await start({ outgoingPerClient: 8 * 1024 * 1024, outgoingInTotal: 12 * 1024 * 1024 });
    const sockets = await Promise.all(Array.from({ length: 4 }, () => neverReading()));
    const reader = await rawClient(server);
    const chunk = 'x'.repeat(512 * 1024);
    for (let i = 0; i < 200 && logged.filter((line) => line.includes('dropped')).length < 4; i++) {
      await server.set('demo-storefront-default-rtdb', `/big/${i % 4}`, chunk);
    }
    // The paused sockets never read the close; the server's log says what it did.
    const dropped = logged.flatMap((line) => /^connection (\w+) dropped: /.exec(line)?.[1] ?? []);
    expect(dropped).toHaveLength(4);
    await eventually(() => (dropped.every((id) => logged.includes(`connection ${id} closed`)) ? true : undefined));
    expect(logged.some((line) => /largest of \d+ bytes waiting for all clients/.test(line))).toBe(true);
    // Everyone who reads is still served.
    expect((await reader.request('g', { p: '/big/0' })).s).toBe('ok');
    reader.close();
    sockets.forEach((ws) => ws.terminate());
  });
});

describe('half-sent messages', () => {
  it('closes the connection that would take the total of half-sent data past the bound', async () => {
    await start({ heldInTotal: 200_000 });
    const piece = 'x'.repeat(16_000);
    const senders = await Promise.all(Array.from({ length: 3 }, () => rawClient(server)));
    for (const sender of senders) {
      sender.sendText('100'); // announces 100 frames, sends 5
      for (let i = 0; i < 5; i++) sender.sendText(piece);
    }
    const code = await Promise.race([
      senders[2]!.closed,
      new Promise((resolve) => setTimeout(() => resolve('open'), 3000)),
    ]);
    expect(code).toBe(1002);
    expect(logged.some((line) => /too much half-sent data/.test(line))).toBe(true);
    // Closing the others gives their share back: a new client can send a long message again.
    senders[0]!.close();
    senders[1]!.close();
    await Promise.all([senders[0]!.closed, senders[1]!.closed]);
    const fresh = await rawClient(server);
    const long = JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/long', d: 'y'.repeat(150_000) } } });
    const frames = long.match(/[\s\S]{1,16000}/g) ?? [];
    fresh.sendText(String(frames.length));
    for (const frame of frames) fresh.sendText(frame);
    await fresh.next((m) => m.d.r === 1);
    expect(await (await fetch(`${server.url}/long.json`)).json()).toHaveLength(150_000);
    fresh.close();
  });
});

describe('onDisconnect', () => {
  it('bounds the queue of one connection and runs a long queue in turns, completely', async () => {
    await start({ onDisconnectPerConnection: 3000, onDisconnectPerTurn: 100 });
    const leaving = await rawClient(server);
    // Numbered far from the raw client's own requests (1, 2, …).
    for (let i = 0; i < 3000; i++) {
      leaving.sendText(JSON.stringify({ t: 'd', d: { r: 100_000 + i, a: 'o', b: { p: `/gone/${i}`, d: i } } }));
    }
    await leaving.next((m) => m.d.r === 102_999, 20_000);
    expect((await leaving.request('o', { p: '/gone/extra', d: 1 })).s).toBe('too_many_writes');
    leaving.close();
    await leaving.closed;
    const count = async () =>
      Object.keys(((await (await fetch(`${server.url}/gone.json?shallow=true`)).json()) ?? {}) as object).length;
    const deadline = Date.now() + 20_000;
    while ((await count()) < 3000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count()).toBe(3000);
  });
});

describe('REST bodies', () => {
  function put(path: string, bytes: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const body = `"${'z'.repeat(bytes - 2)}"`;
      const outgoing = request(`${server.url}${path}`, { method: 'PUT' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  it('refuses a body over the bound, and answers 503 when bodies together would pass the total', async () => {
    await start({ restBody: 3_000_000, restBodiesInTotal: 4_000_000 });
    expect(await put('/one.json', 3_500_000)).toBe(413);
    const statuses = await Promise.all([
      put('/a.json', 2_500_000),
      put('/b.json', 2_500_000),
      put('/c.json', 2_500_000),
    ]);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    // Once they are done, the budget is back.
    expect(await put('/d.json', 2_500_000)).toBe(200);
  });
});
