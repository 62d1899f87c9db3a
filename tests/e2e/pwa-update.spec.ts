import type { Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { preview, type PreviewServer } from 'vite';
import { expectHeading, failOnPageErrors, waitForServiceWorker } from './support';
import { expect, test } from './liveDatabase';

/**
 * Two real builds of the app that differ only in their build label, so the second has a new service worker. The first
 * is the e2e build this run serves (playwright.config.ts builds it), which has no label of its own: the app calls that
 * 'local' (src/features/pwa/registerServiceWorker.ts). Only the second is built here; building the first as well cost
 * another build, half a minute on a busy machine.
 */
const FIRST = process.env.VITE_APP_BUILD ?? 'local';
const FIRST_BUILD = fileURLToPath(new URL('../../dist-e2e', import.meta.url));
const SECOND = 'pwa-update-second';

let builds: { root: string; second: string };

async function buildApp(outDir: string, label: string): Promise<void> {
  await promisify(execFile)(
    'npx',
    ['vite', 'build', '--mode', 'e2e', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: { ...process.env, VITE_APP_BUILD: label },
    },
  );
}

/** Serves a folder the way production does (vite preview, with the project's config) on a free port. */
async function serve(dir: string): Promise<{ server: PreviewServer; origin: string }> {
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: dir },
    preview: { port: 0, strictPort: false, open: false },
  });
  const { port } = server.httpServer.address() as AddressInfo;
  return { server, origin: `http://localhost:${port}` };
}

/** A deployment: the served folder's files are replaced by the second build's. */
async function deploySecond(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await cp(builds.second, dir, { recursive: true });
}

/** Asks the browser to look for a new service worker now, then waits until it has installed and waits. */
async function findUpdate(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  await waitForWaitingWorker(page);
}

async function waitForWaitingWorker(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting)),
      ),
    )
    .toBe(true);
}

const build = (page: Page) => page.locator('html');
const updateToast = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version is available' });

test.use({ serviceWorkers: 'allow' });
// The tests share the second build, made once. Each serves a copy and loads it twice or more: 13 s alone, past 30 s in a
// clean-clone CI on a machine loaded to 15 by others.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const root = await mkdtemp(join(tmpdir(), 'storefront-pwa-update-'));
  builds = { root, second: join(root, 'second') };
  await buildApp(builds.second, SECOND);
});

test.afterAll(async () => {
  await rm(builds.root, { recursive: true, force: true });
});

let site: { server: PreviewServer; origin: string; dir: string };

test.beforeEach(async ({ page }, testInfo) => {
  failOnPageErrors(page);
  const dir = join(builds.root, `served-${testInfo.testId}`);
  await cp(FIRST_BUILD, dir, { recursive: true });
  site = { ...(await serve(dir)), dir };
});

test.afterEach(async () => {
  await site.server.close();
  await rm(site.dir, { recursive: true, force: true });
});

test('a second build served over the first is offered with a toast, and Reload runs it', async ({ page }) => {
  await page.goto(`${site.origin}/home`);
  await expect(build(page)).toHaveAttribute('data-build', FIRST);
  await waitForServiceWorker(page);

  await deploySecond(site.dir);
  // The app looks for a new version itself whenever it comes back to the foreground.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await waitForWaitingWorker(page);
  await expect(updateToast(page)).toBeVisible();
  // Offered, not forced: the page keeps running the first build until the visitor says so.
  await expect(build(page)).toHaveAttribute('data-build', FIRST);

  await updateToast(page).getByRole('button', { name: 'Reload' }).click();
  await expect(build(page)).toHaveAttribute('data-build', SECOND);
  await expectHeading(page, /.+/);
  expect(
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null),
    ),
  ).toBeNull();
});

test('the offer never shows on checkout: it waits until the visitor leaves', async ({ page }) => {
  await page.goto(`${site.origin}/products`);
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await waitForServiceWorker(page);
  await page.goto(`${site.origin}/cart`);
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expectHeading(page, 'Checkout');

  await deploySecond(site.dir);
  await findUpdate(page);
  await expect(updateToast(page)).toHaveCount(0);

  // In-app navigation: the same document, so only the app decides when the offer shows.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(updateToast(page)).toBeVisible();
  await page.goBack();
  await expectHeading(page, 'Checkout');
  await expect(updateToast(page)).toHaveCount(0);
  await expect(build(page)).toHaveAttribute('data-build', FIRST);

  await page.goForward();
  await expectHeading(page, 'Products');
  await updateToast(page).getByRole('button', { name: 'Reload' }).click();
  await expect(build(page)).toHaveAttribute('data-build', SECOND);
});

test('a tab left on the first build is told when another tab takes the second', async ({ page, context }) => {
  await page.goto(`${site.origin}/home`);
  await waitForServiceWorker(page);
  const other = await context.newPage();
  failOnPageErrors(other);
  await other.goto(`${site.origin}/products`);
  await expect(build(other)).toHaveAttribute('data-build', FIRST);

  await deploySecond(site.dir);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await waitForWaitingWorker(page);
  await updateToast(page).getByRole('button', { name: 'Reload' }).click();
  await expect(build(page)).toHaveAttribute('data-build', SECOND);
  // The other tab still runs the first build, whose files the new worker no longer keeps: it is told.
  await expect(updateToast(other)).toBeVisible();
  await expect(build(other)).toHaveAttribute('data-build', FIRST);
});
