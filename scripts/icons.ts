/**
 * Makes the app's install icons and store screenshots (public/icons), drawn by the system Chromium so the result
 * is the same on every machine. Run it again after changing the icon or the look of the home page, and commit
 * the PNGs: builds and tests use the committed files.
 *
 *   npx tsx scripts/icons.ts
 */
import { chromium, type Browser } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { preview } from 'vite';
import { DEFAULT_NAMESPACE, startDatabaseServer } from '../server/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { freePort } from './stack/ports';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(REPO, 'public', 'icons');
const BRAND = '#3730a3';

/** The heart of public/favicon.svg: it sits inside the central 80% circle, so it survives any mask. */
const HEART = 'M32 48 16.5 33.2A9.5 9.5 0 0 1 30 19.8l2 2 2-2a9.5 9.5 0 0 1 13.5 13.4Z';

/** The favicon itself, rounded corners and all, for places that show the icon as it is. */
const ANY_ICON = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" rx="14" fill="${BRAND}"/><path d="${HEART}" fill="#f9a8d4"/></svg>`;

/** Full bleed: launchers (and iOS) cut their own shape out of it. */
const FULL_BLEED_ICON = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" fill="${BRAND}"/><path d="${HEART}" fill="#f9a8d4"/></svg>`;

async function drawIcon(browser: Browser, svg: string, size: number, file: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: join(OUT, file), omitBackground: true });
  await page.close();
}

/** Screenshots of the home page with the demo data, for the richer install sheet. */
async function drawScreenshots(browser: Browser): Promise<void> {
  // Chosen first: the database lets in the pages of the port the app is served on (server/boundary.ts).
  const appPort = await freePort();
  const database = await startDatabaseServer({ port: 0, log: () => undefined, appPorts: [appPort] });
  const seed = JSON.parse(await readFile(join(REPO, 'seed', 'database.json'), 'utf8')) as unknown;
  await database.set(DEFAULT_NAMESPACE, '/', seed);
  const outDir = await mkdtemp(join(tmpdir(), 'storefront-screenshots-'));
  try {
    await promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: REPO,
      env: { ...process.env, VITE_DATABASE_EMULATOR_PORT: String(database.port) },
    });
    const server = await preview({
      root: REPO,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: appPort, strictPort: true, open: false },
    });
    const shots = [
      { file: 'screenshots/phone.png', viewport: { width: 390, height: 844 } },
      { file: 'screenshots/desktop.png', viewport: { width: 1280, height: 800 } },
    ];
    for (const { file, viewport } of shots) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: 1, serviceWorkers: 'block' });
      await page.goto(`http://localhost:${appPort}/home`);
      await page.getByRole('banner').getByText('The Lantern Rooms').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(OUT, file) });
      await page.close();
    }
    await server.close();
  } finally {
    await database.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await mkdir(join(OUT, 'screenshots'), { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    await drawIcon(browser, ANY_ICON(192), 192, 'icon-192.png');
    await drawIcon(browser, ANY_ICON(512), 512, 'icon-512.png');
    await drawIcon(browser, FULL_BLEED_ICON(192), 192, 'maskable-192.png');
    await drawIcon(browser, FULL_BLEED_ICON(512), 512, 'maskable-512.png');
    await drawIcon(browser, FULL_BLEED_ICON(180), 180, 'apple-touch-icon.png');
    await drawScreenshots(browser);
  } finally {
    await browser.close();
  }
  console.log(`Icons and screenshots written to ${OUT}`);
}

await main();
