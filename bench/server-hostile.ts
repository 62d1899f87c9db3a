/**
 * The database server under the hostile loads of one client or a crowd (`npm run bench`, or alone with
 * `npx tsx bench/server-hostile.ts`): the server's peak RSS and heap during each load, and the longest a
 * well-behaved client waited for an answer meanwhile. Figures are printed, never asserted.
 */
import { fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { HostileServerMessage } from './hostile-server';

const SERVER_SCRIPT = fileURLToPath(new URL('./hostile-server.ts', import.meta.url));
const MiB = 1024 * 1024;
const CATALOGUE_QUERY = { i: 'active', sp: true, ep: true };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function socket(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5`, { perMessageDeflate: false });
  ws.on('error', () => {}); // dropped by the server: that is the point
  return new Promise((resolve) => ws.once('message', () => resolve(ws)));
}

const request = (r: number, a: string, b: unknown) => JSON.stringify({ t: 'd', d: { r, a, b } });

/** Sends a message split into frames as the SDK does (a count, then pieces of at most 16,384 characters). */
function sendSplit(ws: WebSocket, text: string): void {
  const pieces = text.match(/[\s\S]{1,16384}/g) ?? [];
  if (pieces.length > 1) ws.send(String(pieces.length));
  for (const piece of pieces) ws.send(piece);
}

/** One listen after another on the catalogue query, each with 60 KB of fields the server does not know. */
async function junkListens(port: number): Promise<void> {
  const ws = await socket(port);
  const junk = 'x'.repeat(60 * 1024);
  for (let i = 0; i < 2000 && ws.readyState === ws.OPEN; i++) {
    const query = { ...CATALOGUE_QUERY, [`junk${i}`]: junk };
    sendSplit(ws, request(i + 1, 'q', { p: '/products', q: query, t: i + 1, h: '' }));
    if (i % 100 === 99) await sleep(10);
  }
  await sleep(500);
  ws.terminate();
}

/** Eight sockets that listen to the catalogue and never read, while staff rewrite products. */
async function nonReaders(port: number): Promise<void> {
  const sockets = await Promise.all(Array.from({ length: 8 }, () => socket(port)));
  for (const ws of sockets) {
    ws.send(request(1, 'q', { p: '/products', q: CATALOGUE_QUERY, t: 1, h: '' }));
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
  }
  const writer = await socket(port);
  writer.send(request(1, 'auth', { cred: 'owner' }));
  const description = 'y'.repeat(200 * 1024);
  for (let i = 0; i < 400; i++) {
    const product = { title: 'T', price: 1, description, image: 'i', category: 'c', active: true };
    sendSplit(writer, request(i + 2, 'p', { p: `/products/bench-${i % 50}`, d: product }));
    if (i % 20 === 19) await sleep(20);
  }
  await sleep(1000);
  writer.send(request(1000, 'p', { p: '/products', d: null })); // not allowed to staff either: refused
  for (const ws of [...sockets, writer]) ws.terminate();
}

/** Forty sockets each sending 16 MB of a message and never its end. */
async function halfSent(port: number): Promise<void> {
  const sockets = await Promise.all(Array.from({ length: 40 }, () => socket(port)));
  const piece = 'z'.repeat(16 * 1024);
  for (const ws of sockets) ws.send('1025');
  for (let frame = 0; frame < 1024; frame++) {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(piece);
    if (frame % 64 === 63) await sleep(5);
  }
  await sleep(500);
  for (const ws of sockets) ws.terminate();
}

/** Fifty sockets queue as many onDisconnect writes as they may, then all close at once. */
async function onDisconnectFlood(port: number): Promise<void> {
  const sockets = await Promise.all(Array.from({ length: 50 }, () => socket(port)));
  for (const [index, ws] of sockets.entries()) {
    for (let i = 0; i < 1000; i++) {
      const message = { name: 'n', email: 'a@example.com', subject: 's', body: 'b', created: { '.sv': 'timestamp' } };
      ws.send(request(i + 1, 'o', { p: `/messages/flood-${index}-${i}`, d: message }));
    }
  }
  await sleep(2000);
  for (const ws of sockets) ws.terminate();
  await sleep(3000);
}

/** Four REST bodies of 60 MB at once. */
async function largeBodies(port: number): Promise<void> {
  const body = `{"big":"${'b'.repeat(60 * MiB)}"}`;
  await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      new Promise<void>((resolve) => {
        const outgoing = httpRequest(`http://127.0.0.1:${port}/big/${i}.json`, { method: 'PUT' }, (response) => {
          response.resume();
          response.on('end', resolve);
        });
        outgoing.on('error', () => resolve());
        outgoing.end(body);
      }),
    ),
  );
}

const LOADS = [
  { name: '2,000 listens with 60 KB of unknown query fields', run: junkListens },
  { name: '8 sockets that never read, 400 writes of 200 KB', run: nonReaders },
  { name: '40 half-sent 16 MB messages', run: halfSent },
  { name: '50 × 1,000 onDisconnect writes, closing at once', run: onDisconnectFlood },
  { name: '4 concurrent 60 MB REST bodies', run: largeBodies },
];

/** A well-behaved client asking for the site properties every 10 ms; the longest wait is the figure. */
async function probe(port: number): Promise<{ stop: () => number }> {
  const ws = await socket(port);
  let longest = 0;
  let r = 0;
  let running = true;
  const loop = async (): Promise<void> => {
    while (running && ws.readyState === ws.OPEN) {
      const sent = performance.now();
      const id = ++r;
      await new Promise<void>((resolve) => {
        const onMessage = (data: Buffer): void => {
          if (!data.toString().includes(`"r":${id},`)) return;
          ws.off('message', onMessage);
          resolve();
        };
        ws.on('message', onMessage);
        ws.send(request(id, 'g', { p: '/properties/name' }));
      });
      longest = Math.max(longest, performance.now() - sent);
      await sleep(10);
    }
  };
  const done = loop();
  return {
    stop: () => {
      running = false;
      void done.finally(() => ws.terminate());
      return longest;
    },
  };
}

export async function runHostileBench(): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const child = fork(SERVER_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const next = <T extends HostileServerMessage['type']>(type: T) =>
    new Promise<Extract<HostileServerMessage, { type: T }>>((resolve) => {
      const take = (message: HostileServerMessage): void => {
        if (message.type !== type) return;
        child.off('message', take);
        resolve(message as Extract<HostileServerMessage, { type: T }>);
      };
      child.on('message', take);
    });
  const { port } = await next('ready');
  child.send('peak');
  const idle = await next('peak');
  for (const load of LOADS) {
    const watcher = await probe(port);
    await load.run(port);
    const longestWaitMs = watcher.stop();
    child.send('peak');
    const peak = await next('peak');
    const alive = await fetch(`http://127.0.0.1:${port}/properties/name.json`).then(
      (response) => response.ok,
      () => false,
    );
    rows.push({
      load: load.name,
      'peak RSS MiB': Math.round(peak.rss / MiB),
      'peak heap MiB': Math.round(peak.heap / MiB),
      'longest wait of another client ms': Math.round(longestWaitMs),
      'server still answers': alive,
    });
  }
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  const loadAfter = loadavg()[0] ?? Number.NaN;
  const load = `1-minute load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after`;
  console.log(`\nLocal database server under hostile loads (idle: RSS ${Math.round(idle.rss / MiB)} MiB, ` +
    `heap ${Math.round(idle.heap / MiB)} MiB; ${load})`);
  console.table(rows);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runHostileBench();
