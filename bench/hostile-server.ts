/**
 * The database server under attack, in a process of its own so that its memory is measured alone (see
 * bench/server-hostile.ts): seeded shop, database.rules.json, and its peak RSS and heap reported on request.
 */
import { readFileSync } from 'node:fs';
import { compileRules } from '../server/rules/index';
import { DEFAULT_NAMESPACE, startDatabaseServer } from '../server/server';

export type HostileServerMessage = { type: 'ready'; port: number } | { type: 'peak'; rss: number; heap: number };

const rulesText = readFileSync('database.rules.json', 'utf8');
const server = await startDatabaseServer({ port: 0, rules: compileRules(rulesText), rulesText });
await server.set(DEFAULT_NAMESPACE, '/', JSON.parse(readFileSync('seed/database.json', 'utf8')));

let peak = { rss: 0, heap: 0 };
const sample = (): void => {
  const { rss, heapUsed } = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, rss), heap: Math.max(peak.heap, heapUsed) };
};
setInterval(sample, 20).unref();

process.on('message', (command: 'peak' | 'stop') => {
  if (command === 'peak') {
    sample();
    process.send?.({ type: 'peak', ...peak } satisfies HostileServerMessage);
    const { rss, heapUsed } = process.memoryUsage();
    peak = { rss, heap: heapUsed }; // the next load's peak starts from here
  } else {
    void server.close().then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', port: server.port } satisfies HostileServerMessage);
