/**
 * The database server under attack, in a process of its own so that its memory is measured alone (see
 * bench/server-hostile.ts): the `server/` directory named on the command line (bench/server-versions.ts), with
 * fsync'd file persistence in a fresh directory, the seeded shop and database.rules.json, and its peak RSS and
 * heap reported on request.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type * as ServerModule from '../server/server';
import type * as JournalModule from '../server/persistence/journal';
import type * as RulesModule from '../server/rules/index';

export type HostileServerMessage =
  | { type: 'ready'; port: number }
  /** `stallMs`: the longest its event loop was blocked since the previous report. */
  | { type: 'peak'; rss: number; heap: number; stallMs: number };

const serverDir = process.argv[2] ?? '';
const load = <T>(module: string): Promise<T> => import(pathToFileURL(join(serverDir, module)).href) as Promise<T>;
const { DEFAULT_NAMESPACE, startDatabaseServer } = await load<typeof ServerModule>('server.ts');
const { FilePersistence } = await load<typeof JournalModule>('persistence/journal.ts');
const { compileRules } = await load<typeof RulesModule>('rules/index.ts');

const rulesText = readFileSync('database.rules.json', 'utf8');
const dataDir = await mkdtemp(join(tmpdir(), 'bench-hostile-'));
const server = await startDatabaseServer({
  port: 0,
  rules: compileRules(rulesText),
  rulesText,
  persistence: new FilePersistence({ dir: dataDir }),
});
await server.set(DEFAULT_NAMESPACE, '/', JSON.parse(readFileSync('seed/database.json', 'utf8')));

let peak = { rss: 0, heap: 0 };
const sample = (): void => {
  const { rss, heapUsed } = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, rss), heap: Math.max(peak.heap, heapUsed) };
};
setInterval(sample, 20).unref();
// Tells a stall of the server itself apart from time the machine did not give the probe or the server.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

process.on('message', (command: 'peak' | 'stop') => {
  if (command === 'peak') {
    sample();
    process.send?.({ type: 'peak', ...peak, stallMs: loopDelay.max / 1e6 } satisfies HostileServerMessage);
    loopDelay.reset();
    const { rss, heapUsed } = process.memoryUsage();
    peak = { rss, heap: heapUsed }; // the next load's peak starts from here
  } else {
    void server
      .close()
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', port: server.port } satisfies HostileServerMessage);
