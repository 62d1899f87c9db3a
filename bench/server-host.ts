/**
 * Child process of the server benchmarks: one database server, from the `server/` directory named on the
 * command line (this checkout's, or an earlier commit's: bench/server-versions.ts), so that versions are measured
 * side by side in the same run. It reports, over the IPC channel, its memory after a full collection and the
 * longest stall of its event loop, its longest GC pause and its CPU time between `watch` and `report`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type HostCommand = 'memory' | 'watch' | 'report' | 'stop';
export type HostMessage =
  | { type: 'ready'; port: number }
  | { type: 'memory'; rss: number; heap: number }
  | { type: 'report'; loopDelayMaxMs: number; gcPauseMaxMs: number; cpuMs: number };

interface ServerModule {
  startDatabaseServer(options: {
    port: number;
    persistence: unknown;
  }): Promise<{ port: number; close(): Promise<void> }>;
}
interface JournalModule {
  FilePersistence: new (options: { dir: string }) => unknown;
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const serverDir = process.argv[2] ?? '';
const { startDatabaseServer } = (await import(pathToFileURL(join(serverDir, 'server.ts')).href)) as ServerModule;
const { FilePersistence } = (await import(
  pathToFileURL(join(serverDir, 'persistence/journal.ts')).href
)) as JournalModule;
// fsync'd file persistence in a fresh directory, so each measurement starts from nothing.
const dataDir = await mkdtemp(join(tmpdir(), 'bench-server-'));
const server = await startDatabaseServer({ port: 0, persistence: new FilePersistence({ dir: dataDir }) });

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let gcPauseMaxMs = 0;
const gcObserver = new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) gcPauseMaxMs = Math.max(gcPauseMaxMs, entry.duration);
});
let cpuAtWatch = 0;
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const send = (message: HostMessage): void => void process.send?.(message);

process.on('message', (command: HostCommand) => {
  switch (command) {
    case 'memory': {
      collectGarbage();
      const { rss, heapUsed } = process.memoryUsage();
      return send({ type: 'memory', rss, heap: heapUsed });
    }
    case 'watch':
      loopDelay.reset();
      loopDelay.enable();
      gcPauseMaxMs = 0;
      gcObserver.observe({ entryTypes: ['gc'] });
      cpuAtWatch = cpuMs();
      return;
    case 'report':
      loopDelay.disable();
      gcObserver.disconnect();
      return send({
        type: 'report',
        loopDelayMaxMs: loopDelay.max / 1e6,
        gcPauseMaxMs,
        cpuMs: cpuMs() - cpuAtWatch,
      });
    case 'stop':
      void server
        .close()
        .then(() => rm(dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0));
  }
});
send({ type: 'ready', port: server.port });
