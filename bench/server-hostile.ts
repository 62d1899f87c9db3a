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
import type { Waits } from './hostile-probe';
import type { HostileServerMessage } from './hostile-server';
import { type ServerVersion, serverVersions } from './server-versions';

const SERVER_SCRIPT = fileURLToPath(new URL('./hostile-server.ts', import.meta.url));
const PROBE_SCRIPT = fileURLToPath(new URL('./hostile-probe.ts', import.meta.url));
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

/** A catalogue of about `bytes` of JSON: product-like records with a description each. */
function catalogueJson(bytes: number): string {
  const description = 'd'.repeat(1500);
  const product = (i: number) => ({ title: `Product ${i}`, price: i % 100, description, active: true });
  const count = Math.floor(bytes / JSON.stringify({ p100000: product(100000) }).length);
  return JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, product(i)])));
}

let bigBody = '';

/** Builds the 60 MB body before the probe starts, so that building it is not counted as the server's stall. */
function prepareLargeBodies(): void {
  bigBody ||= catalogueJson(60 * MiB);
}

/** Four REST bodies of 60 MB at once (an admin's, so that they are written, not only parsed). */
async function largeBodies(port: number): Promise<void> {
  const body = bigBody;
  await Promise.all(
    Array.from(
      { length: 4 },
      (_, i) =>
        new Promise<void>((resolve) => {
          const target = `http://127.0.0.1:${port}/big/${i}.json?print=silent`;
          const headers = { Authorization: 'Bearer owner' };
          const outgoing = httpRequest(target, { method: 'PUT', headers }, (response) => {
            response.resume();
            response.on('end', resolve);
          });
          outgoing.on('error', () => resolve());
          outgoing.end(body);
        }),
    ),
  );
}

const LOADS: { name: string; run: (port: number) => Promise<void>; prepare?: () => void }[] = [
  { name: '2,000 listens with 60 KB of unknown query fields', run: junkListens },
  { name: '8 sockets that never read, 400 writes of 200 KB', run: nonReaders },
  { name: '40 half-sent 16 MB messages', run: halfSent },
  { name: '50 × 1,000 onDisconnect writes, closing at once', run: onDisconnectFlood },
  { name: '4 concurrent 60 MB REST bodies', run: largeBodies, prepare: prepareLargeBodies },
];

/** The well-behaved client (bench/hostile-probe.ts) in a process of its own; `stop` gives its longest waits. */
async function probe(port: number): Promise<{ stop: () => Promise<Waits> }> {
  const child = fork(PROBE_SCRIPT, [String(port)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    stop: () => {
      const waits = new Promise<Waits>((resolve) => child.once('message', (message: Waits) => resolve(message)));
      child.send('stop');
      return waits;
    },
  };
}

/** The loads that only cost time (items 1 and 2 of the stall figures): the earlier server survives them. */
const STALL_LOADS = new Set([onDisconnectFlood, largeBodies]);

/** Every load against one server version, in a fresh server process; a row per load. */
async function underLoads(version: ServerVersion, loads: typeof LOADS): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  // BENCH_CPU_PROF_DIR: where each server process writes a V8 CPU profile (to see where a stall goes).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = fork(SERVER_SCRIPT, [version.dir], { execArgv: ['--import', 'tsx', ...profile], stdio: 'inherit' });
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
  for (const load of loads) {
    load.prepare?.();
    const loadAverage = loadavg()[0] ?? Number.NaN;
    const watcher = await probe(port);
    await load.run(port);
    const longest = await watcher.stop();
    child.send('peak');
    const peak = await next('peak');
    const alive = await fetch(`http://127.0.0.1:${port}/properties/name.json`).then(
      (response) => response.ok,
      () => false,
    );
    rows.push({
      server: version.label,
      load: load.name,
      'idle RSS MiB': Math.round(idle.rss / MiB),
      'peak RSS MiB': Math.round(peak.rss / MiB),
      'peak heap MiB': Math.round(peak.heap / MiB),
      'longest read wait of another client ms': Math.round(longest.readMs),
      'longest write wait of another client ms': Math.round(longest.writeMs),
      'server event loop stall max ms': Math.round(peak.stallMs),
      'server still answers': alive,
      'load average': Number(loadAverage.toFixed(2)),
    });
  }
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  return rows;
}

/**
 * This checkout's server under every load, and the server from before the work on hostile clients under the
 * loads it survives (the others took it to gigabytes: see docs/local-database.md), for the stall figures.
 */
export async function runHostileBench(): Promise<Record<string, unknown>[]> {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const versions = serverVersions();
  const rows: Record<string, unknown>[] = [];
  for (const version of versions) {
    const current = version === versions.at(-1);
    rows.push(...(await underLoads(version, current ? LOADS : LOADS.filter((load) => STALL_LOADS.has(load.run)))));
  }
  const loadAfter = loadavg()[0] ?? Number.NaN;
  const load = `1-minute load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after`;
  console.log(`\nLocal database server under hostile loads (fsync'd file persistence, seeded shop, rules; ${load})`);
  console.table(rows);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv[2];
  if (only) {
    const version = serverVersions().at(-1) as ServerVersion;
    console.table(
      await underLoads(
        version,
        LOADS.filter((load) => load.name.includes(only)),
      ),
    );
  } else {
    await runHostileBench();
  }
}
