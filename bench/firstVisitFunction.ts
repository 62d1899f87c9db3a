/**
 * The first-visit function's response time through the Hosting emulator, cold and warm: what a visitor waits for
 * when the CDN has no copy of a page. Printed and returned, never asserted.
 *
 * Cold: COLD_STARTS times, the Hosting and Functions emulators are started afresh with the function loaded but never
 * called, and the first request to /home is timed. The emulator starts a worker process for it, which loads the
 * bundle (React, MUI, the renderer and index.html), reads the database and renders: what a new Cloud Functions
 * instance does, less the container start that only production has. Warm: 20 requests a page afterwards, from
 * the same worker. The 1-minute load average is taken beside every cold start: on a shared machine it explains
 * much of the spread.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { buildDirs, startFirebaseStack } from '../tests/e2e-firebase/firebaseStack';
import { FIREBASE_PORTS } from './lighthouse';
import { percentile } from './liveApp';

const COLD_STARTS = Math.max(1, Number(process.env.COLD_STARTS ?? 5) || 5);
const WARM_REQUESTS = 20;
const PAGES = ['/home', '/products', '/about', '/contact'];

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** Milliseconds until the whole answer to a GET has arrived; a shell instead of a rendered page is an error. */
async function timeGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok || !body.includes('id="first-visit-data"')) {
    throw new Error(
      `${url} answered ${response.status} without a rendered page: the timing would not be the function's`,
    );
  }
  return elapsed;
}

export async function runFirstVisitFunctionBench(): Promise<Record<string, unknown>> {
  const stack = await startFirebaseStack(FIREBASE_PORTS, buildDirs('dist-firebase-bench'));
  const hostingUrl = `http://localhost:${FIREBASE_PORTS.hosting}`;
  try {
    const cold: { ms: number; loadAverage: number }[] = [];
    for (let start = 0; start < COLD_STARTS; start++) {
      await stack.restartFront();
      const loadAverage = round(loadavg()[0] ?? Number.NaN, 2);
      cold.push({ ms: round(await timeGet(`${hostingUrl}/home`)), loadAverage });
    }
    const coldMs = cold.map(({ ms }) => ms).sort((a, b) => a - b);
    const warm: Record<string, { p50Ms: number; p95Ms: number }> = {};
    for (const path of PAGES) {
      const times: number[] = [];
      for (let request = 0; request < WARM_REQUESTS; request++) times.push(await timeGet(`${hostingUrl}${path}`));
      times.sort((a, b) => a - b);
      warm[path] = { p50Ms: round(percentile(times, 50), 1), p95Ms: round(percentile(times, 95), 1) };
    }
    const loadAfter = round(loadavg()[0] ?? Number.NaN, 2);
    const summary = {
      coldStarts: cold,
      coldMedianMs: percentile(coldMs, 50),
      coldMinMs: coldMs[0],
      coldMaxMs: coldMs.at(-1),
      warm,
      loadAverageAfter: loadAfter,
    };
    console.log(`\nFirst-visit function through the Hosting emulator (${COLD_STARTS} cold starts of /home):`);
    console.log(`  cold: median ${summary.coldMedianMs} ms, ${summary.coldMinMs}–${summary.coldMaxMs} ms`);
    for (const { ms, loadAverage } of cold)
      console.log(`    ${String(ms).padStart(6)} ms   load average ${loadAverage}`);
    console.log(`  warm p50 / p95 (${WARM_REQUESTS} requests a page):`);
    for (const [path, { p50Ms, p95Ms }] of Object.entries(warm))
      console.log(`    ${path.padEnd(10)}  ${p50Ms} / ${p95Ms} ms`);
    console.log(`  1-minute load average afterwards ${loadAfter}`);
    return summary;
  } finally {
    await stack.stop();
  }
}

// `npx tsx bench/firstVisitFunction.ts` runs it alone; `npm run bench` imports it with the others.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runFirstVisitFunctionBench();
