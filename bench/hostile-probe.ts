/**
 * Child process of bench/server-hostile.ts: a well-behaved client that, every 10 ms, asks for the site properties
 * or writes (a write it may not make: it is refused, but only once its turn in the write queue comes). It runs in
 * a process of its own so that the load generator's own work (building and sending megabytes) never delays it;
 * the longest wait for each is the figure, reported when told to stop.
 */
import { WebSocket } from 'ws';

export interface Waits {
  readMs: number;
  writeMs: number;
}

const port = Number(process.argv[2]);
const PATH = '/properties/name';
const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5`, { perMessageDeflate: false });
ws.on('error', () => {});
await new Promise((resolve) => ws.once('message', resolve));

const longest: Waits = { readMs: 0, writeMs: 0 };
let running = true;
process.on('message', () => {
  running = false;
});
process.send?.('ready');
for (let id = 1; running && ws.readyState === ws.OPEN; id++) {
  const sent = performance.now();
  const writing = id % 2 === 0;
  await new Promise<void>((resolve) => {
    const onMessage = (data: Buffer): void => {
      if (!data.toString().includes(`"r":${id},`)) return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
    const body = writing ? { a: 'p', b: { p: PATH, d: 'x' } } : { a: 'g', b: { p: PATH } };
    ws.send(JSON.stringify({ t: 'd', d: { r: id, ...body } }));
  });
  const waited = performance.now() - sent;
  if (writing) longest.writeMs = Math.max(longest.writeMs, waited);
  else longest.readMs = Math.max(longest.readMs, waited);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
ws.terminate();
process.send?.(longest, () => process.exit(0));
