import { expect, test } from '@playwright/test';
import { expectHeading, failOnPageErrors } from './support';

const ROUTES: [path: string, heading: RegExp, title: RegExp][] = [
  ['/home', /^Storefront$/, /^Storefront$/],
  ['/products', /^Products$/, /^Products · Storefront$/],
  ['/about', /^About Storefront$/, /^About · /],
  ['/contact', /^Contact$/, /^Contact · /],
  ['/cart', /^Wishlist$/, /^Wishlist · /],
  ['/checkout', /^Checkout$/, /^Checkout · /],
  ['/login', /^Sign in$/, /^Sign in · /],
  ['/coming-soon', /^Storefront$/, /^Coming soon · /],
];

test.beforeEach(({ page }) => failOnPageErrors(page));

for (const [path, heading, title] of ROUTES) {
  test(`${path} renders its page`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expectHeading(page, heading);
    await expect(page).toHaveTitle(title);
  });
}

test('/dashboard sends signed-out visitors to sign in, to come back after', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await expectHeading(page, 'Sign in');
});

for (const path of ['/', '/nowhere', '/products/123', '/HOME-typo?x=1']) {
  test(`${path} redirects to /home`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL('/home');
    await expectHeading(page, 'Storefront');
  });
}

test('pages load on demand, each in its own chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/home');
  await expectHeading(page, 'Storefront');
  expect(scripts.some((path) => /HomePage-/.test(path))).toBe(true);
  expect(
    scripts.filter((path) => /(Products|About|Contact|Cart|Checkout|Login|Dashboard|ComingSoon)Page-/.test(path)),
  ).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expectHeading(page, /^About/);
  expect(scripts.some((path) => /AboutPage-/.test(path))).toBe(true);
  expect(scripts.some((path) => /ProductsPage-/.test(path))).toBe(false);
});

test('a page whose chunk fails to load offers Retry, which loads it', async ({ page }) => {
  let failing = true;
  await page.route(/AboutPage-.*\.js$/, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
  page.removeAllListeners('pageerror');
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expectHeading(page, 'This page didn’t load');
  await expect(page.getByRole('banner')).toBeVisible();

  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expectHeading(page, /^About/);
});

test('the loading state holds the layout steady', async ({ page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/ProductsPage-.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  const loading = page.getByTestId('page-loading');
  await expect(loading).toBeVisible();
  await expect(loading).toHaveCSS('opacity', '1');
  const skeletonHeading = (await page.getByTestId('page-loading-heading').boundingBox())!;
  const footerWhileLoading = (await footer.boundingBox())!;
  release();
  const heading = page.getByRole('heading', { level: 1, name: 'Products' });
  await expect(heading).toBeVisible();
  const headingBox = (await heading.boundingBox())!;
  expect(Math.abs(headingBox.y - skeletonHeading.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(headingBox.height - skeletonHeading.height)).toBeLessThanOrEqual(1);
  // The skeleton reserves at least the page's height, so the footer does not jump up and back.
  expect(footerWhileLoading.y).toBeGreaterThanOrEqual((await footer.boundingBox())!.y - 1);
});

test('client-side navigation moves focus to the main area', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expectHeading(page, 'Contact');
  await expect(page.locator('main')).toBeFocused();
});

test('links open pages in the app, and the menus say which page is current', async ({ page }) => {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await nav.getByRole('link', { name: 'Products' }).click();
  await expectHeading(page, 'Products');
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  // The page's own button-like links (plain anchors styled as buttons) stay in the app too.
  await page.getByRole('banner').getByRole('link', { name: 'Storefront' }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /contact/i })
    .first()
    .click();
  await expectHeading(page, 'Contact');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  // A page's address in any case is the same page, as the routes match it.
  await page.goto('/PRODUCTS');
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
});
