/**
 * Local database server benchmark (`npm run bench`): fan-out latency from one write to N listeners, acknowledged
 * durable writes per second, and server memory per idle connection. Figures are printed, never asserted: this
 * machine is shared and timing varies.
 *
 * The server runs in a process of its own (bench/server-host.ts), so that its memory, event loop and CPU are its
 * own; the same figures are taken for the server as it was before the work on hostile clients and durability
 * (bench/server-versions.ts) and for this checkout's, interleaved (before, now, now, before, …) so that the
 * machine's load falls on both alike, and printed side by side with median, spread and ratio.
 *
 * Every figure is taken with minimal raw-protocol clients in child processes (bench/raw-client.ts), which do
 * little beyond receiving, so the figure is the server's; the current server is also measured once with real SDK
 * clients, which give the end-to-end figure but, 1,000 of them on a 2-core machine, mostly measure their own work.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { HostCommand, HostMessage } from './server-host';
import { type ServerVersion, serverVersions } from './server-versions';
import { now, RawClient } from './raw-client';
import type { ClientCommand, ClientKind, ClientReport, Stamp, WriteLayout } from './server-clients';

const CLIENTS_SCRIPT = fileURLToPath(new URL('./server-clients.ts', import.meta.url));
const HOST_SCRIPT = fileURLToPath(new URL('./server-host.ts', import.meta.url));
/** SDK instances are heavy, so they are spread over more processes than raw clients. */
const CLIENTS_PER_PROCESS: Record<ClientKind, number> = { raw: 500, sdk: 250 };
const FANOUT_SIZES = [1, 100, 1000];
/** Rounds of the before/now comparison (each measures both versions once); rounds spread by a quarter. */
const ROUNDS = 6;
const MEMORY_MIN_LISTENERS = 100;
const WRITERS = 100;
const WRITE_MS = 3000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** A child process of clients; `next` resolves with its next report of the wanted type. */
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

  async cpuMs(): Promise<number> {
    const report = this.next('cpu');
    this.send({ type: 'cpu' });
    return (await report).ms;
  }

  async close(): Promise<void> {
    this.send({ type: 'close' });
    await this.exited;
  }
}

/** A server of one version in a child process (bench/server-host.ts), with fsync'd file persistence. */
class ServerHost {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(version: ServerVersion): Promise<ServerHost> {
    const child = fork(HOST_SCRIPT, [version.dir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const ready = await ServerHost.next(child, 'ready');
    return new ServerHost(child, ready.port);
  }

  private static next<T extends HostMessage['type']>(child: ChildProcess, type: T) {
    return new Promise<Extract<HostMessage, { type: T }>>((resolve) => {
      const take = (message: HostMessage): void => {
        if (message.type !== type) return;
        child.off('message', take);
        resolve(message as Extract<HostMessage, { type: T }>);
      };
      child.on('message', take);
    });
  }

  private ask<T extends HostMessage['type']>(command: HostCommand, type: T) {
    const answer = ServerHost.next(this.child, type);
    this.child.send(command);
    return answer;
  }

  memory = () => this.ask('memory', 'memory');
  watch = () => void this.child.send('watch' satisfies HostCommand);
  report = () => this.ask('report', 'report');

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send('stop' satisfies HostCommand);
    await exited;
  }
}

/** A fresh server of `version`, so each measurement starts from nothing. */
async function withServer<T>(version: ServerVersion, run: (server: ServerHost) => Promise<T>): Promise<T> {
  const server = await ServerHost.start(version);
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

/** One raw-protocol writer in this process stamps each write; every listener reports its receipt time. */
async function fanOut(server: ServerHost, kind: ClientKind, listeners: number, trials: number) {
  const { port } = server;
  const path = `bench/fanout-${kind}-${listeners}`;
  const processes: ClientProcess[] = [];
  const arrivals = new Map<number, { latencies: number[]; done: () => void }>();
  const onReport = (report: ClientReport): void => {
    if (report.type !== 'received') return;
    const trial = arrivals.get(report.seq);
    if (!trial) return;
    trial.latencies.push(...report.latenciesMs);
    if (trial.latencies.length === listeners) trial.done();
  };
  const before = await server.memory();
  for (let started = 0; started < listeners; started += CLIENTS_PER_PROCESS[kind]) {
    const count = Math.min(CLIENTS_PER_PROCESS[kind], listeners - started);
    const clients = new ClientProcess(onReport);
    processes.push(clients);
    const ready = clients.next('ready');
    clients.send({ type: 'listen', kind, port, count, path });
    await ready;
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await server.memory();

  const writer = await RawClient.connect(port);
  // A stall of the server's own event loop (GC, a long task) delays every listener of that trial; this tells such
  // a stall apart from the clients' (or the machine's) own. A stall without a GC pause as long is time the server
  // did not get a core (the machine is shared).
  server.watch();
  const clientCpu = async (): Promise<number> =>
    (await Promise.all(processes.map((clients) => clients.cpuMs()))).reduce((a, b) => a + b, 0);
  const cpuBefore = { clients: await clientCpu() };
  const latencies: number[] = [];
  // Trial 0 warms up (JIT, first buffers) and is not counted.
  for (let seq = 0; seq <= trials; seq++) {
    const trial = { latencies: [] as number[], done: () => {} };
    const received = new Promise<void>((resolve) => (trial.done = resolve));
    arrivals.set(seq, trial);
    const stamp: Stamp = { seq, sentAt: now() };
    await writer.request('p', { p: path, d: stamp });
    await received;
    arrivals.delete(seq);
    if (seq > 0) latencies.push(...trial.latencies);
  }
  const stats = await server.report();
  // Includes the warm-up trial.
  const cpuPerTrial = {
    server: stats.cpuMs / (trials + 1),
    clients: ((await clientCpu()) - cpuBefore.clients) / (trials + 1),
  };
  writer.close();
  await Promise.all(processes.map((clients) => clients.close()));
  latencies.sort((a, b) => a - b);
  return {
    clients: kind,
    listeners,
    processes: processes.length,
    trials,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    serverLoopDelayMaxMs: round(stats.loopDelayMaxMs),
    serverGcPauseMaxMs: round(stats.gcPauseMaxMs),
    cpuMsPerTrial: { server: round(cpuPerTrial.server, 1), clients: round(cpuPerTrial.clients, 1) },
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

/** Many writers in one child process, each awaiting every acknowledgement (fsync'd) before its next write. */
async function acknowledgedWrites(port: number, kind: ClientKind, layout: WriteLayout) {
  const clients = new ClientProcess();
  const written = clients.next('written');
  clients.send({
    type: 'write',
    kind,
    port,
    count: WRITERS,
    path: `bench/writes-${layout}`,
    layout,
    durationMs: WRITE_MS,
  });
  const { acknowledged, seconds } = await written;
  await clients.close();
  return {
    clients: kind,
    layout,
    writers: WRITERS,
    processes: 1,
    perSecond: Math.round(acknowledged / seconds),
    acknowledged,
  };
}

const LAYOUT_LABEL: Record<WriteLayout, string> = {
  spread: 'each writer its own path',
  list: 'all into one growing list',
};

/** One figure of the comparison: its values per version over the rounds, and the load average at each. */
interface Compared {
  figure: string;
  /** Whether a larger value is better (writes/s) or worse (latency, memory). */
  higherIsBetter: boolean;
  values: Map<string, number[]>;
  loads: Map<string, number[]>;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const load1 = (): number => round(loadavg()[0] ?? Number.NaN);

/**
 * Each round measures every version once, in alternating order (before, now; then now, before; …), so that a
 * busier stretch of the shared machine does not fall on one version only.
 */
async function compareVersions(versions: readonly ServerVersion[]): Promise<Compared[]> {
  const figures = new Map<string, Compared>();
  const record = (figure: string, higherIsBetter: boolean, version: string, value: number, load: number): void => {
    const entry = figures.get(figure) ?? { figure, higherIsBetter, values: new Map(), loads: new Map() };
    figures.set(figure, entry);
    entry.values.set(version, [...(entry.values.get(version) ?? []), value]);
    entry.loads.set(version, [...(entry.loads.get(version) ?? []), load]);
  };
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
    const order = roundIndex % 2 === 0 ? versions : [...versions].reverse();
    for (const version of order) {
      for (const layout of ['spread', 'list'] as const) {
        const load = load1();
        const row = await withServer(version, (server) => acknowledgedWrites(server.port, 'raw', layout));
        record(`durable writes/s, ${LAYOUT_LABEL[layout]}`, true, version.label, row.perSecond, load);
      }
      const load = load1();
      const row = await withServer(version, (server) => fanOut(server, 'raw', 1000, 50));
      record('fan-out to 1,000 listeners, p50 ms', false, version.label, row.p50Ms, load);
      record('fan-out to 1,000 listeners, p99 ms', false, version.label, row.p99Ms, load);
      // CPU time hardly depends on the machine's load, where latency does: the server's own work per write.
      record(
        'fan-out to 1,000 listeners, server CPU ms per write',
        false,
        version.label,
        row.cpuMsPerTrial.server,
        load,
      );
      const perConnection = row.memoryPerIdleConnectionKiB;
      record('memory per idle connection, KiB (rss)', false, version.label, perConnection?.rss ?? NaN, load);
      record('memory per idle connection, KiB (heap)', false, version.label, perConnection?.heap ?? NaN, load);
    }
  }
  return [...figures.values()];
}

function comparisonRows(compared: readonly Compared[], versions: readonly ServerVersion[]) {
  const [before, current] = [versions[0]?.label ?? '', versions.at(-1)?.label ?? ''];
  return compared.map((entry) => {
    const row: Record<string, string | number> = { figure: entry.figure };
    for (const version of versions) {
      const values = entry.values.get(version.label) ?? [];
      row[`${version.label} median`] = round(median(values), 1);
      row[`${version.label} spread`] = `${round(Math.min(...values), 1)}–${round(Math.max(...values), 1)}`;
      row[`${version.label} load`] = round(median(entry.loads.get(version.label) ?? []), 1);
    }
    if (versions.length > 1) {
      const ratio = median(entry.values.get(current) ?? []) / median(entry.values.get(before) ?? []);
      row['now / before'] = round(ratio, 2);
      // Worse by more than 10 %: fewer writes/s, or more milliseconds or bytes.
      row['10 % worse?'] = (entry.higherIsBetter ? ratio < 0.9 : ratio > 1.1) ? 'yes' : 'no';
    }
    return row;
  });
}

export default async function runServerBench(): Promise<Record<string, unknown>> {
  // Other work on the machine shows in every figure; the load average says how much there was.
  const loadBefore = load1();
  const versions = serverVersions();
  const current = versions.at(-1) as ServerVersion;
  const compared = await compareVersions(versions);
  const writes = [];
  for (const layout of ['spread', 'list'] as const) {
    writes.push(await withServer(current, (server) => acknowledgedWrites(server.port, 'sdk', layout)));
  }
  const fanout = [];
  for (const kind of ['raw', 'sdk'] as const) {
    for (const listeners of FANOUT_SIZES) {
      if (kind === 'raw' && listeners === 1000) continue; // in the comparison above
      fanout.push(await withServer(current, (server) => fanOut(server, kind, listeners, listeners >= 1000 ? 50 : 100)));
    }
  }
  const cores = cpus().length;
  const load = `${cores} cores, 1-minute load average ${loadBefore} before and ${load1()} after`;

  console.log(`\nLocal database server (${load})`);
  console.log(
    `The server before the work on hostile clients and durability (${versions[0]?.label}) and now, ${ROUNDS} ` +
      'rounds each, interleaved; raw clients, fsync on; spread is min–max over the rounds, load the median ' +
      '1-minute load average when each was measured:',
  );
  const comparison = comparisonRows(compared, versions);
  console.table(comparison);
  console.log('Acknowledged durable writes/s with 100 SDK clients in one process (now)');
  console.table(
    writes.map((row) => ({
      writes: LAYOUT_LABEL[row.layout],
      'writers (processes)': `${row.writers} (${row.processes})`,
      'acknowledged/s': row.perSecond,
      'total written': row.acknowledged,
    })),
  );
  console.log(
    'Target 5,000/s: judged on the raw rows (small values, fsync on, many concurrent writers), which measure the ' +
      'server; the sdk rows add 100 SDK instances in one process competing for the same cores.',
  );
  console.log(
    '\nFan-out (now): latency from one write to each of N listeners, p50/p99 over all listeners of every trial',
  );
  console.table(
    fanout.map((row) => ({
      clients: row.clients,
      listeners: row.listeners,
      'client processes': row.processes,
      trials: row.trials,
      'p50 ms': row.p50Ms,
      'p99 ms': row.p99Ms,
      'max ms': row.maxMs,
      'server loop stall max ms': row.serverLoopDelayMaxMs,
      'server GC pause max ms': row.serverGcPauseMaxMs,
      'CPU ms/trial server': row.cpuMsPerTrial.server,
      'CPU ms/trial clients': row.cpuMsPerTrial.clients,
      'server KiB/conn (rss)': row.memoryPerIdleConnectionKiB?.rss ?? '-',
      'server KiB/conn (heap)': row.memoryPerIdleConnectionKiB?.heap ?? '-',
    })),
  );
  console.log(
    'Target p99 < 50 ms at 1,000 listeners: judged on the raw rows, which time the server sending 1,000 pushes to ' +
      'clients that do little more than receive them. The sdk rows are end to end: 1,000 SDK instances in ' +
      `${fanout.at(-1)?.processes ?? '?'} processes share these ${cores} cores with the server and each other, ` +
      'where in use each would have a device of its own. With 1,000 listeners per trial, p99 is set by the slowest ' +
      'trial or two, so one stall anywhere on this shared machine shows in it; "server loop stall" is the longest ' +
      "the server's event loop was blocked during the trials (a stall longer than the longest GC pause is time the " +
      "server process did not get a core), and CPU ms/trial shows where the cores' time went. " +
      "Memory per idle connection (target < 50 KB) is the server process's growth per connected listener.",
  );
  return {
    comparedWithBefore: comparison,
    acknowledgedWritesPerSecondSdk: writes,
    fanout,
    machine: { cpus: cores, node: process.version, load },
  };
}
