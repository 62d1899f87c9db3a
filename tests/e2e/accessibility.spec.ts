import { expect, test } from './accounts';
import { axe, checkScreenInEachScheme, inEachScheme, startInScheme } from './screenCheck';
import { TWO_ITEMS, clearWishlist, expectHeading, storeState } from './support';

const PAGES = [
  '/home',
  '/products',
  '/about',
  '/contact',
  '/cart',
  '/checkout',
  '/login',
  '/dashboard',
  '/coming-soon',
];

test('every page passes axe in both schemes @phone', async ({ page }) => {
  test.setTimeout(90_000);
  await startInScheme(page);
  await storeState(page, TWO_ITEMS);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('page-loading')).toHaveCount(0);
    await checkScreenInEachScheme(page, path);
  }
});

test('the wishlist with an open toast passes axe', async ({ page }) => {
  await storeState(page, TWO_ITEMS, '/cart');
  // Neither item is in the seeded catalogue: once it arrives each row gets a notice, which moves the button down.
  // Clicking before that could land where the button was.
  const rows = page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem');
  await expect(rows.getByRole('alert')).toHaveText(Array(2).fill('No longer on sale. Remove it to check out.'));
  await clearWishlist(page);
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your wishlist has been emptied' })).toBeVisible();
  await expectHeading(page, 'Wishlist');
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('the contact form with validation errors passes axe @phone', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
});

test('the staff coming-soon banner reads clearly in both schemes @phone', async ({ page, db, accounts }) => {
  await startInScheme(page);
  await db.write('properties/comingsoon', true);
  await db.write('properties/launch', '2099-01-01T10:00:00Z');
  await accounts.signIn(page, await accounts.create('staff'));
  await expect(page.getByText('Coming-soon mode is on: visitors see the coming-soon page.')).toBeVisible();
  await inEachScheme(page, async () => {
    const results = await axe(page).include('.coming-soon-banner').withTags(['wcag2aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
