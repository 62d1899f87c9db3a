/**
 * Propagation latency: from a REST write to `properties/tagline` until the new text is in the DOM of an open
 * page in Chromium, through the real app, SDK and database server. Printed as p50/p95, never asserted.
 */
import { chromium } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilePersistence } from '../server/persistence/journal';
import { compileRules } from '../server/rules';
import { DEFAULT_NAMESPACE, startDatabaseServer } from '../server/server';

const WRITES = 60;
/** The e2e build expects its database here (.env.e2e). */
const DATABASE_PORT = 9100;
const APP_PORT = 4193;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
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

export async function runPropagationBench(): Promise<Record<string, unknown>> {
  execFileSync('npx', ['vite', 'build', '--mode', 'e2e', '--outDir', 'dist-e2e', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = await mkdtemp(join(tmpdir(), 'storefront-bench-'));
  const rulesText = await readFile('database.rules.json', 'utf8');
  const server = await startDatabaseServer({
    port: DATABASE_PORT,
    rules: compileRules(rulesText),
    persistence: new FilePersistence({ dir }),
    log: () => undefined,
  });
  await server.set(DEFAULT_NAMESPACE, '/', JSON.parse(await readFile('seed/database.json', 'utf8')));
  const preview = spawn('npx', ['vite', 'preview', '--outDir', 'dist-e2e', '--port', String(APP_PORT), '--strictPort'], {
    stdio: 'ignore',
    detached: true,
  });
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitForHttp(`http://localhost:${APP_PORT}/home`);
    const page = await browser.newPage();
    await page.goto(`http://localhost:${APP_PORT}/home`);
    await page.getByRole('banner').getByText('The Lantern Rooms').waitFor();
    // The page notes when each tagline appears, on the same clock the writer reads.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: Record<string, number> }).seen = seen;
      new MutationObserver(() => {
        const match = /\[bench (\d+)\]/.exec(document.querySelector('footer')?.textContent ?? '');
        if (match && !(match[1]! in seen)) seen[match[1]!] = Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const latencies: number[] = [];
    for (let write = 0; write < WRITES; write++) {
      const sentAt = Date.now();
      const response = await fetch(`${server.url}/properties/tagline.json?ns=${DEFAULT_NAMESPACE}`, {
        method: 'PUT',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify(`[bench ${write}]`),
      });
      if (!response.ok) throw new Error(`write ${write} failed: ${response.status}`);
      const shownAt = await page.waitForFunction((n) => (window as unknown as { seen: Record<string, number> }).seen[n], String(write));
      latencies.push(((await shownAt.jsonValue()) as number) - sentAt);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const figures = { writes: WRITES, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1) };
    console.log('\nProperty propagation: REST write → text in an open page (Chromium, real SDK, loopback)');
    console.log(`  ${WRITES} writes   p50 ${figures.p50Ms} ms   p95 ${figures.p95Ms} ms   max ${figures.maxMs} ms   (target p95 ≤ 100 ms)`);
    return figures;
  } finally {
    await browser.close();
    if (preview.pid) process.kill(-preview.pid);
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
