import { SEED_NAME, expectHeading, failOnPageErrors, openLive } from './support';
import { expect, test } from './liveDatabase';

// Values that reach every open client from the database. Written here as the admin (past the rules), as a
// rules change, an import or an old client could leave them: the app must cope with whatever is stored.

test.beforeEach(({ page }) => failOnPageErrors(page));

test('a launch of 1e300 costs only the launch date: the other site details arrive and stay', async ({ page, db }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await openLive(page, '/about');
  const properties = (await db.read('properties')) as Record<string, unknown>;
  await db.write('properties', { ...properties, launch: 1e300, tagline: 'Written beside a launch of 1e300' });
  await expect(page.getByRole('contentinfo')).toContainText('Written beside a launch of 1e300');
  await expectHeading(page, `About ${SEED_NAME}`);
  await page.goto('/coming-soon');
  await expect(page.getByText('We are getting ready to open.')).toBeVisible();
  expect(warnings.join('\n')).toMatch(/Ignored invalid site properties.*launch/);
});

test('a launch in nanoseconds with coming soon on keeps everyone at the gate', async ({ page, db, context }) => {
  await openLive(page, '/products');
  await db.write('properties/launch', (Date.now() - 86_400_000) * 1e6);
  await db.write('properties/comingsoon', true);
  await expect(page).toHaveURL('/coming-soon');
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL('/coming-soon');

  const visitor = await context.newPage();
  failOnPageErrors(visitor);
  await visitor.goto('/home');
  await expect(visitor).toHaveURL('/coming-soon');
  await expect(visitor.getByText('We are getting ready to open.')).toBeVisible();
});

test('one product with an impossible date or price costs only that product, for everyone', async ({ page, db }) => {
  await db.write('products/harbour-jazz-night/date', 1e17);
  await db.write('products/folk-in-the-round/price', 1e308);
  await page.goto('/products');
  await expectHeading(page, 'Products');
  // 26 products on sale in the seed; the one whose price cannot be shown is left out.
  await expect(page.getByRole('status').filter({ hasText: /25 products/ })).toBeVisible();
  const jazz = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await expect(jazz).toContainText('£18.00');
  await expect(jazz).not.toContainText('2027');
  await expect(page.getByRole('article', { name: 'Folk in the Round' })).toHaveCount(0);

  // The same values arriving while the page is open.
  await db.write('products/winter-vinyl-fair/date', 0);
  await db.write('products/enamel-mug/price', 1e308);
  await expect(page.getByRole('status').filter({ hasText: /24 products/ })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Winter Vinyl Fair' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Winter Vinyl Fair' })).not.toContainText('1970');
});
