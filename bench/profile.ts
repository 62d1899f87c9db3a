/**
 * Where a first visit's main-thread time goes (issue 16): a first visit to each public page in Chromium with the
 * CPU four times slower (the DevTools Protocol's throttling, as Lighthouse's mobile setting), profiled with V8's
 * sampling profiler from the request until the main thread has had no long task for two seconds (as
 * Lighthouse's time to interactive: hydration, then the live data's start). Every sample is traced back
 * through the build's source maps to the package (or the app's own code) it ran in. Printed and returned, never
 * asserted; run alone with `npx tsx bench/profile.ts [path …]` (it builds with source maps first).
 *
 * "(browser)" is the time the profiler saw outside JavaScript on the main thread: parsing HTML, style, layout,
 * paint and compiling scripts; "(garbage collection)" is V8's collector.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withLiveApp } from './liveApp';

const RUNS = 3;
const SLOWDOWN = 4;
/** The public pages by default; `npx tsx bench/profile.ts /cart /checkout` profiles those instead. */
const PAGES = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (PAGES.length === 0) PAGES.push('/home', '/products', '/about', '/contact');
const BUILD = 'dist-e2e';

/** Packages by the first match on the original source's path; the app's own code is under src/. */
const OWNERS: [RegExp, string][] = [
  [/node_modules\/(react-dom|react|scheduler)\//, 'React'],
  [
    /node_modules\/(@mui|@emotion|stylis|react-transition-group|@babel\/runtime|clsx|prop-types|react-is)\//,
    'MUI + Emotion',
  ],
  [/node_modules\/(react-router|cookie|set-cookie-parser)\//, 'React Router'],
  [/node_modules\/jotai\//, 'Jotai'],
  [/node_modules\/(firebase|@firebase|idb|tslib)\//, 'Firebase'],
  [/node_modules\/(workbox-[\w-]+)\//, 'service worker registration'],
  [/node_modules\//, 'other packages'],
  [/(^|\/)src\//, 'app code'],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  const { pathname } = new URL(url);
  if (!sourceMaps.has(pathname)) {
    try {
      sourceMaps.set(pathname, new SourceMap(JSON.parse(readFileSync(join(BUILD, `${pathname}.map`), 'utf8'))));
    } catch {
      sourceMaps.set(pathname, null);
    }
  }
  return sourceMaps.get(pathname) ?? null;
}

function owner({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']): string | null {
  if (functionName === '(idle)') return null;
  if (functionName === '(garbage collector)') return '(garbage collection)';
  if (!url) return '(browser)';
  if (!url.endsWith('.js')) return 'inline script of the page';
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber);
  // Code the source map does not cover is the bundler's own glue.
  const source = entry && 'originalSource' in entry ? (entry.originalSource ?? '') : '';
  if (!source) return 'bundler glue';
  return OWNERS.find(([pattern]) => pattern.test(source))?.[1] ?? 'app code';
}

/** Milliseconds of main-thread time by owner, from the profile's samples. */
function attribute(profile: CpuProfile): Record<string, number> {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals: Record<string, number> = {};
  profile.samples.forEach((id, index) => {
    const node = byNode.get(id);
    const name = node && owner(node.callFrame);
    if (name) totals[name] = (totals[name] ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000;
  });
  return totals;
}

/** Installed before the page's scripts: when the main thread was last busy with a task over 50 ms. */
function watchLongTasks(): void {
  const record = window as unknown as { busyUntil: number };
  record.busyUntil = 0;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) record.busyUntil = Math.max(record.busyUntil, task.startTime + task.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** A first visit, profiled until the page is loaded and its main thread has been quiet for two seconds. */
async function profileVisit(page: Page, url: string): Promise<Record<string, number>> {
  await page.addInitScript(watchLongTasks);
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  const quiet = () => performance.now() - (window as unknown as { busyUntil: number }).busyUntil > 2000;
  await page.waitForFunction(quiet, null, { polling: 250, timeout: 60_000 });
  const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
  await session.detach();
  return attribute(profile);
}

export function runProfileBench(): Promise<Record<string, Record<string, number>>> {
  return withLiveApp(
    () => undefined,
    async ({ browser, appUrl }) => {
      const pages: Record<string, Record<string, number>> = {};
      for (const path of PAGES) {
        const runs: Record<string, number>[] = [];
        for (let run = 0; run < RUNS; run++) {
          // A new visitor each time: no service worker, no stored state, as on a first visit.
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
          runs.push(await profileVisit(await context.newPage(), `${appUrl}${path}`));
          await context.close();
        }
        const owners = [...new Set(runs.flatMap((run) => Object.keys(run)))];
        const median = (owner: string) => runs.map((run) => run[owner] ?? 0).sort((a, b) => a - b)[RUNS >> 1] ?? 0;
        const medians = owners.map((name): [string, number] => [name, Math.round(median(name))]);
        pages[path] = Object.fromEntries(medians.sort((a, b) => b[1] - a[1]));
      }
      console.log(`\nMain-thread time of a first visit, CPU ${SLOWDOWN}× slower (ms, median of ${RUNS} visits)`);
      for (const [path, owners] of Object.entries(pages)) {
        const total = Object.values(owners).reduce((sum, ms) => sum + ms, 0);
        const parts = Object.entries(owners).map(([name, ms]) => `${name} ${ms}`);
        console.log(`  ${path.padEnd(10)} ${String(total).padStart(5)} ms: ${parts.join(', ')}`);
      }
      return pages;
    },
    { sourceMaps: true },
  );
}

// `npx tsx bench/profile.ts` runs it alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runProfileBench();
