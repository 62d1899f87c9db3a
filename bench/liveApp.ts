import { chromium, type Browser, type Page } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilePersistence } from '../server/persistence/journal';
import { compileRules } from '../server/rules';
import { DEFAULT_NAMESPACE, startDatabaseServer, type DatabaseServer } from '../server/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

/**
 * The e2e build expects its database here (.env.e2e; VITE_DATABASE_EMULATOR_PORT in the environment also reaches
 * the build). Both ports can be moved so that two benchmarks can run on one machine.
 */
const DATABASE_PORT = Number(process.env.VITE_DATABASE_EMULATOR_PORT ?? 9100);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4193);

export interface LiveApp {
  page: Page;
  /** For benchmarks that need visitors of their own (fresh contexts). */
  browser: Browser;
  server: DatabaseServer;
  appUrl: string;
  /** Admin write over REST. */
  write(path: string, value: unknown): Promise<void>;
}

async function waitForHttp(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * The e2e build, served, against a real database (the project's rules, the seed, maybe more), in Chromium.
 * `sourceMaps` builds the browser's code once more with source maps beside it, for profiles.
 */
export async function withLiveApp<T>(
  prepareSeed: (seed: Record<string, unknown>) => void,
  run: (app: LiveApp) => Promise<T>,
  { sourceMaps = false } = {},
): Promise<T> {
  execFileSync('npm', ['run', '--silent', 'build:e2e'], { stdio: 'inherit' });
  if (sourceMaps) {
    const build = ['vite', 'build', '--mode', 'e2e', '--outDir', 'dist-e2e', '--logLevel', 'warn', '--sourcemap'];
    execFileSync('npx', build, { stdio: 'inherit' });
  }
  const dir = await mkdtemp(join(tmpdir(), 'storefront-bench-'));
  const rulesText = await readFile('database.rules.json', 'utf8');
  const server = await startDatabaseServer({
    port: DATABASE_PORT,
    rules: compileRules(rulesText),
    persistence: new FilePersistence({ dir }),
    log: () => undefined,
    appPorts: [APP_PORT],
  });
  const seed = JSON.parse(await readFile('seed/database.json', 'utf8')) as Record<string, unknown>;
  prepareSeed(seed);
  await server.set(DEFAULT_NAMESPACE, '/', seed);
  const preview = spawn(
    'npx',
    ['vite', 'preview', '--outDir', 'dist-e2e', '--port', String(APP_PORT), '--strictPort'],
    { stdio: 'ignore', detached: true },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const appUrl = `http://localhost:${APP_PORT}`;
    await waitForHttp(`${appUrl}/home`);
    const page = await browser.newPage();
    const write = async (path: string, value: unknown) => {
      const response = await fetch(`${server.url}/${path}.json?ns=${DEFAULT_NAMESPACE}`, {
        method: 'PUT',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify(value),
      });
      if (!response.ok) throw new Error(`write ${path} failed: ${response.status}`);
    };
    return await run({ page, browser, server, appUrl, write });
  } finally {
    await browser.close();
    if (preview.pid) process.kill(-preview.pid);
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
