import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH } from '../../scripts/chromium';
import { axe } from './screenCheck';
import { expectHeading, failOnPageErrors } from './support';
import { expect, test } from './liveDatabase';

const SEED_NAME = 'The Lantern Rooms';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('offline, a bar says so; when the connection returns it goes and a toast says so', async ({ page, db }) => {
  await page.goto('/products');
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  const status = page.getByRole('complementary', { name: 'Connection and install' });
  await expect(status.getByRole('status')).toBeEmpty();

  await db.setOffline(true);
  await expect(status.getByRole('status')).toContainText('You are offline');
  const results = await axe(page)
    .include('aside[aria-label="Connection and install"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  await db.setOffline(false);
  await expect(status.getByRole('status')).toBeEmpty();
  await expect(page.getByRole('status').filter({ hasText: 'Back online' })).toBeVisible();
});

test.describe('on iOS Safari', () => {
  test.use({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('"Install app" shows how to add the app to the home screen; "Not now" puts the offer away for good', async ({
    page,
  }) => {
    await page.goto('/home');
    await expectHeading(page, SEED_NAME);
    await page.getByRole('button', { name: 'Install app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install this app' });
    await expect(dialog).toContainText('Add to Home Screen');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    await page.reload();
    await expectHeading(page, SEED_NAME);
    await expect(page.getByRole('complementary', { name: 'Connection and install' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  });
});

test('where Chromium offers installation, "Install app" appears; elsewhere nothing does', async ({
  page,
  playwright,
  launchOptions,
  baseURL,
}) => {
  await page.goto('/home');
  await expect(page.getByRole('complementary', { name: 'Connection and install' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);

  // An ordinary profile (test contexts are incognito, where Chromium never offers to install), without the
  // engagement Chromium waits for before offering, in Chromium itself: its headless shell, which the other tests
  // drive, has no installing to offer.
  const profile = await mkdtemp(join(tmpdir(), 'storefront-install-offer-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    executablePath: CHROMIUM_PATH,
    args: [...(launchOptions.args ?? []), '--bypass-app-banner-engagement-checks'],
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const installable = await context.newPage();
    await installable.goto('/home');
    await expect(installable.getByRole('button', { name: 'Install app' })).toBeVisible({ timeout: 15_000 });
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the offline bar hides neither the footer’s last link nor the focused button @phone', async ({ page, db }) => {
  await page.goto('/contact');
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await db.setOffline(true);
  const bar = page.locator('.offline-bar');
  await expect(bar).toBeVisible();
  const barTop = async () => (await bar.boundingBox())!.y;
  const bottomOf = async (target: ReturnType<typeof page.locator>) => {
    const box = (await target.boundingBox())!;
    return box.y + box.height;
  };

  const send = page.getByRole('button', { name: 'Send when online' });
  await page.getByRole('textbox', { name: /Message/ }).focus();
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  expect(await bottomOf(send)).toBeLessThanOrEqual(await barTop());

  const lastLink = page.getByRole('contentinfo').getByRole('link').last();
  await page.keyboard.press('End');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(lastLink).toBeInViewport();
  expect(await bottomOf(lastLink)).toBeLessThanOrEqual(await barTop());
});
