/**
 * Child process of bench/server.ts: hosts many clients of one kind, either real SDK clients (one initializeApp
 * each) or minimal raw-protocol clients (bench/raw-client.ts), and reports over the IPC channel when each write
 * reached all of its listeners, or how many writes its writers got acknowledged.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, type Database, getDatabase, goOffline, onValue, ref, set } from 'firebase/database';
import { cpuMs, now, RawClient } from './raw-client';

export type ClientKind = 'raw' | 'sdk';
/** spread: each writer overwrites its own path; list: every write adds a child to one growing list. */
export type WriteLayout = 'spread' | 'list';

export type ClientCommand =
  | { type: 'listen'; kind: ClientKind; port: number; count: number; path: string }
  | {
      type: 'write';
      kind: ClientKind;
      port: number;
      count: number;
      path: string;
      layout: WriteLayout;
      durationMs: number;
    }
  | { type: 'cpu' }
  | { type: 'close' };

export type ClientReport =
  | { type: 'ready' }
  | { type: 'received'; seq: number; latenciesMs: number[] }
  | { type: 'written'; acknowledged: number; seconds: number }
  /** CPU time (user + system) this process has used so far. */
  | { type: 'cpu'; ms: number };

/** What the bench writes for fan-out trials: the time it was sent, in `now()` terms. */
export interface Stamp {
  seq: number;
  sentAt: number;
}

/** One client of either kind, reduced to what the benchmark needs from it. */
interface BenchClient {
  listen(path: string, onValue: (value: unknown, receivedAt: number) => void): Promise<void>;
  set(path: string, value: unknown): Promise<void>;
  close(): Promise<void>;
}

async function rawClient(port: number): Promise<BenchClient> {
  let deliver: (value: unknown, receivedAt: number) => void = () => {};
  const client = await RawClient.connect(port, (value, receivedAt) => deliver(value, receivedAt));
  return {
    listen: (path, onData) => {
      deliver = onData;
      return client.request('q', { p: path, h: '' }); // the initial value arrives before the reply
    },
    set: (path, value) => client.request('p', { p: path, d: value }),
    close: async () => client.close(),
  };
}

let sdkApps = 0;

async function sdkClient(port: number): Promise<BenchClient> {
  const app = initializeApp(
    { projectId: 'demo-storefront', databaseURL: 'https://demo-storefront-default-rtdb.firebaseio.com' },
    `bench-${process.pid}-${sdkApps++}`,
  );
  const db: Database = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', port);
  return {
    listen: (path, onData) =>
      new Promise((resolve) => {
        let first = true;
        onValue(ref(db, path), (snapshot) => {
          if (first) {
            first = false;
            resolve();
          }
          onData(snapshot.val(), now());
        });
      }),
    set: (path, value) => set(ref(db, path), value),
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

const clients: BenchClient[] = [];

async function connect(kind: ClientKind, port: number, count: number): Promise<BenchClient[]> {
  const connected = await Promise.all(
    Array.from({ length: count }, () => (kind === 'raw' ? rawClient(port) : sdkClient(port))),
  );
  clients.push(...connected);
  return connected;
}

function send(report: ClientReport): void {
  process.send?.(report);
}

async function listen(kind: ClientKind, port: number, count: number, path: string): Promise<void> {
  const samples = new Map<number, number[]>();
  const onData = (value: unknown, receivedAt: number): void => {
    const stamp = value as Stamp | null;
    if (!stamp) return;
    const list = samples.get(stamp.seq) ?? [];
    list.push(receivedAt - stamp.sentAt);
    samples.set(stamp.seq, list);
    if (list.length === count) {
      samples.delete(stamp.seq);
      send({ type: 'received', seq: stamp.seq, latenciesMs: list });
    }
  };
  const listeners = await connect(kind, port, count);
  await Promise.all(listeners.map((client) => client.listen(path, onData)));
  send({ type: 'ready' });
}

async function write(command: Extract<ClientCommand, { type: 'write' }>): Promise<void> {
  const { kind, port, count, path, layout, durationMs } = command;
  const writers = await connect(kind, port, count);
  // Connect and warm up first, so the timed part measures writes only.
  await Promise.all(writers.map((client, index) => client.set(`${path}/warmup/${process.pid}-${index}`, true)));
  let acknowledged = 0;
  const started = now();
  const end = started + durationMs;
  await Promise.all(
    writers.map(async (client, index) => {
      for (let sequence = 0; now() < end; sequence++) {
        const key = layout === 'spread' ? `w${process.pid}-${index}` : `${process.pid}-${index}-${sequence}`;
        await client.set(`${path}/${key}`, { sequence, at: Date.now() });
        acknowledged++;
      }
    }),
  );
  send({ type: 'written', acknowledged, seconds: (now() - started) / 1000 });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'listen') void listen(command.kind, command.port, command.count, command.path);
  else if (command.type === 'write') void write(command);
  else if (command.type === 'cpu') send({ type: 'cpu', ms: cpuMs() });
  else void Promise.all(clients.map((client) => client.close())).finally(() => process.exit(0));
});
