import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { runBundleBench } from './bundle';

/** `npm run bench`: every benchmark in turn; figures are printed and saved, never asserted. */
const results: Record<string, unknown> = { date: new Date().toISOString() };
results.bundle = await runBundleBench();
if (existsSync('bench/server.ts')) {
  const { default: runServerBench } = (await import('./server')) as { default: () => Promise<Record<string, unknown>> };
  results.server = await runServerBench();
}
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('\nSaved bench/results/latest.json');
