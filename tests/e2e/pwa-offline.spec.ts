import type { Page } from '@playwright/test';
import { expectHeading, failOnPageErrors, waitForServiceWorker } from './support';
import { expect, test } from './liveDatabase';

const SEED_NAME = 'The Lantern Rooms';

/** Every route of the app with the heading it shows offline (the dashboard sends signed-out visitors to sign in). */
const ROUTES: [path: string, heading: RegExp][] = [
  ['/home', new RegExp(`^${SEED_NAME}$`)],
  ['/products', /^Products$/],
  ['/about', new RegExp(`^About ${SEED_NAME}$`)],
  ['/contact', /^Contact$/],
  ['/cart', /^Wishlist$/],
  ['/checkout', /^Checkout$/],
  ['/login', /^Sign in$/],
  ['/dashboard', /^(Dashboard|Sign in)$/],
  ['/coming-soon', /.+/],
];

test.use({ serviceWorkers: 'allow' });
test.beforeEach(({ page }) => failOnPageErrors(page));

async function expectImageShown(page: Page, title: string): Promise<void> {
  const image = page.getByRole('article', { name: title }).locator('img');
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('after one online visit every route reloads offline, with the catalogue, its pictures and the wishlist', async ({
  page,
  db,
}) => {
  // A dozen page loads: 13 s on a quiet machine, past 30 s in a clean-clone CI with the other worker busy.
  test.slow();
  await page.goto('/products');
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await expect(page.getByRole('article', { name: 'Harbour Jazz Night' })).toBeVisible();
  await waitForServiceWorker(page);

  await db.setOffline(true);
  for (const [path, heading] of ROUTES) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), `${path} comes from the service worker`).toBe(true);
    await expectHeading(page, heading);
  }

  await page.goto('/products');
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await expectImageShown(page, 'Harbour Jazz Night');
  await expectImageShown(page, 'Folk in the Round');

  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByRole('listitem').filter({ hasText: 'Harbour Jazz Night' })).toBeVisible();
});

test('the service worker installs only once the page has its live data, not while the visit is still loading', async ({
  page,
  db,
}) => {
  const registered = () =>
    page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration !== undefined));
  await db.stop();
  await page.goto('/home');
  await expectHeading(page, /.+/);
  // Well past first paint (the worker used to register right after it), well short of the 10 s it waits at most.
  await page.waitForTimeout(2500);
  expect(await registered()).toBe(false);
  await db.restart();
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await expect.poll(registered).toBe(true);
});

test('back online, the site properties subscription resumes within 5 s', async ({ page, db }) => {
  await page.goto('/about');
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await waitForServiceWorker(page);
  await db.setOffline(true);
  await page.reload();
  await expectHeading(page, `About ${SEED_NAME}`);

  await db.setOffline(false);
  const tagline = 'Back online with a new tagline';
  await db.write('properties/tagline', tagline);
  await expect(page.getByRole('contentinfo')).toContainText(tagline, { timeout: 5_000 });
});

test('nothing from the database is kept in the service worker caches', async ({ page, db }) => {
  await page.goto('/products');
  await expect(page.getByRole('article', { name: 'Harbour Jazz Night' })).toBeVisible();
  await waitForServiceWorker(page);
  await db.write('properties/tagline', 'Read live, never cached');
  await expect(page.getByRole('contentinfo')).toContainText('Read live, never cached');
  await page.reload();
  await expectImageShown(page, 'Harbour Jazz Night');

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
  expect(cached.some((url) => url.includes('/assets/'))).toBe(true);
  expect(
    cached.filter((url) => new URL(url).origin !== new URL(page.url()).origin || /[?&]ns=|\.json\b/.test(url)),
  ).toEqual([]);
});

test('a first visitor who opens another page while the worker installs is not offered a "new version"', async ({
  page,
}) => {
  await page.goto('/home');
  // The first visit's worker is downloading the app when the visitor opens another page (a link in a new load).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.installing))), {
      intervals: [10],
    })
    .toBe(true);
  await page.goto('/products');
  await waitForServiceWorker(page);
  // The worker took this page over: a first install, not another tab's newer version.
  await page.waitForTimeout(1000);
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});
