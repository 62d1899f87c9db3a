/**
 * Local database server benchmark (`npm run bench`): fan-out latency from one write to N listening SDK clients,
 * acknowledged durable writes per second, and server memory per idle connection. Figures are printed, never
 * asserted: this machine is shared and timing varies.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, ref, set } from 'firebase/database';
import { FilePersistence } from '../server/persistence/journal';
import { startDatabaseServer } from '../server/server';
import { type ClientCommand, type ClientReport, now } from './server-clients';

const CLIENTS_SCRIPT = fileURLToPath(new URL('./server-clients.ts', import.meta.url));
const CLIENTS_PER_PROCESS = 250;
const FANOUT_SIZES = [1, 100, 1000];
const MEMORY_MIN_LISTENERS = 100;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** A child process of SDK clients; `next` resolves with its next report of the wanted type. */
class ClientProcess {
  private readonly child: ChildProcess;
  private readonly waiting: ((report: ClientReport) => boolean)[] = [];
  readonly exited: Promise<void>;

  constructor(onReport: (report: ClientReport) => void = () => {}) {
    this.child = fork(CLIENTS_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    this.child.on('message', (report: ClientReport) => {
      onReport(report);
      const index = this.waiting.findIndex((take) => take(report));
      if (index >= 0) this.waiting.splice(index, 1);
    });
    this.exited = new Promise((resolve) => this.child.on('exit', () => resolve()));
  }

  send(command: ClientCommand): void {
    this.child.send(command);
  }

  next<T extends ClientReport['type']>(type: T): Promise<Extract<ClientReport, { type: T }>> {
    return new Promise((resolve) =>
      this.waiting.push((report) => {
        if (report.type !== type) return false;
        resolve(report as Extract<ClientReport, { type: T }>);
        return true;
      }),
    );
  }

  async close(): Promise<void> {
    this.send({ type: 'close' });
    await this.exited;
  }
}

function memory(): { rss: number; heap: number } {
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

async function fanOut(port: number, listeners: number, trials: number) {
  const path = `bench/fanout-${listeners}`;
  const processes: ClientProcess[] = [];
  const arrivals = new Map<number, { latencies: number[]; done: () => void; expected: number }>();
  const onReport = (report: ClientReport): void => {
    if (report.type !== 'received') return;
    const trial = arrivals.get(report.seq);
    if (!trial) return;
    trial.latencies.push(...report.latenciesMs);
    if (trial.latencies.length === trial.expected) trial.done();
  };
  const before = memory();
  for (let started = 0; started < listeners; started += CLIENTS_PER_PROCESS) {
    const count = Math.min(CLIENTS_PER_PROCESS, listeners - started);
    const clients = new ClientProcess(onReport);
    processes.push(clients);
    const ready = clients.next('ready');
    clients.send({ type: 'listen', port, count, path });
    await ready;
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = memory();

  const writer = initializeApp(
    { projectId: 'demo-storefront', databaseURL: 'https://demo-storefront-default-rtdb.firebaseio.com' },
    `bench-writer-${listeners}`,
  );
  const db = getDatabase(writer);
  connectDatabaseEmulator(db, '127.0.0.1', port);
  await set(ref(db, 'bench/writer-connected'), true); // the first trial should not include connecting
  const latencies: number[] = [];
  for (let seq = 1; seq <= trials; seq++) {
    const trial = { latencies: [] as number[], expected: listeners, done: () => {} };
    const received = new Promise<void>((resolve) => (trial.done = resolve));
    arrivals.set(seq, trial);
    await set(ref(db, path), { seq, sentAt: now() });
    await received;
    arrivals.delete(seq);
    latencies.push(...trial.latencies);
  }
  goOffline(db);
  await deleteApp(writer);
  await Promise.all(processes.map((clients) => clients.close()));
  latencies.sort((a, b) => a - b);
  return {
    listeners,
    trials,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    // With a handful of connections the difference is allocator noise, not a figure.
    memoryPerIdleConnectionKiB:
      listeners < MEMORY_MIN_LISTENERS
        ? null
        : {
            rss: round((after.rss - before.rss) / listeners / 1024, 1),
            heap: round((after.heap - before.heap) / listeners / 1024, 1),
          },
  };
}

/** FilePersistence alone: many concurrent committers, each waiting for its fsync'd acknowledgement. */
async function durableCommits(dir: string, writers: number, durationMs: number) {
  const persistence = new FilePersistence({ dir });
  await persistence.load();
  let acknowledged = 0;
  const end = now() + durationMs;
  const started = now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let sequence = 0; now() < end; sequence++) {
        await persistence.commit('bench', [{ path: `/w${writer}`, value: { sequence, at: Date.now() } }]);
        acknowledged++;
      }
    }),
  );
  const seconds = (now() - started) / 1000;
  await persistence.close();
  return { writers, perSecond: Math.round(acknowledged / seconds) };
}

/** Through the server: SDK clients in a child process, each awaiting every set() before the next. */
async function sdkWrites(port: number, writers: number, durationMs: number) {
  const clients = new ClientProcess();
  const written = clients.next('written');
  clients.send({ type: 'write', port, count: writers, path: 'bench/writes', durationMs });
  const { acknowledged } = await written;
  await clients.close();
  return { writers, perSecond: Math.round(acknowledged / (durationMs / 1000)) };
}

export default async function runServerBench(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-server-'));
  const server = await startDatabaseServer({ port: 0, persistence: new FilePersistence({ dir: join(dir, 'server') }) });
  try {
    const single = await durableCommits(join(dir, 'single'), 1, 2000);
    const persistence = await durableCommits(join(dir, 'raw'), 256, 3000);
    const sdk = await sdkWrites(server.port, 100, 3000);
    const fanout = [];
    for (const listeners of FANOUT_SIZES) fanout.push(await fanOut(server.port, listeners, listeners >= 1000 ? 20 : 40));

    console.log('\nLocal database server');
    console.table({
      'durable commits/s (FilePersistence, 1 writer: one fsync each)': single.perSecond,
      'durable commits/s (FilePersistence, 256 concurrent writers)': persistence.perSecond,
      'acknowledged SDK set()/s (100 clients, file persistence)': sdk.perSecond,
    });
    console.table(
      fanout.map((row) => ({
        listeners: row.listeners,
        'p50 ms': row.p50Ms,
        'p99 ms': row.p99Ms,
        'max ms': row.maxMs,
        'KiB/conn (rss)': row.memoryPerIdleConnectionKiB?.rss ?? '-',
        'KiB/conn (heap)': row.memoryPerIdleConnectionKiB?.heap ?? '-',
      })),
    );
    return {
      durableCommitsPerSecond: { oneWriter: single, concurrent: persistence },
      sdkAcknowledgedWritesPerSecond: sdk,
      fanout,
      memoryPerIdleConnectionKiB: fanout.at(-1)?.memoryPerIdleConnectionKiB,
      machine: { cpus: cpus().length, node: process.version },
    };
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
