import { expect, test } from '@playwright/test';
import { SITE, TWO_ITEMS, expectHeading, failOnPageErrors, openWishlist, storeState } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('landmarks: one banner, main navigation, main and contentinfo @phone', async ({ page }) => {
  await page.goto('/about');
  await expectHeading(page, /^About/);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});

test('the skip link is the first stop and jumps to the main content @phone', async ({ page }) => {
  await page.goto('/home');
  await expectHeading(page, 'Storefront');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.getByRole('main')).toBeFocused();
});

test('keyboard focus is clearly visible', async ({ page }) => {
  await page.goto('/home');
  await expectHeading(page, 'Storefront');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveCSS('outline-style', 'solid');
  const width = await focused.evaluate((element) => parseFloat(getComputedStyle(element).outlineWidth));
  expect(width).toBeGreaterThanOrEqual(2);
});

test('desktop: inline navigation to every public page, account entry, wishlist badge', async ({ page }) => {
  await storeState(page, TWO_ITEMS);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
  for (const [label, heading] of [
    ['Products', 'Products'],
    ['About', `About ${SITE.name}`],
    ['Contact', 'Contact'],
    ['Home', SITE.name],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expectHeading(page, heading);
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expectHeading(page, 'Sign in');
  await openWishlist(page, 'Wishlist, 3 items');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByTestId('wishlist-count')).toContainText('3');
});

test('phone: compact drawer navigation @phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only');
  await storeState(page, TWO_ITEMS);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link')).toHaveText([
    'Home',
    'Products',
    'About',
    'Contact',
    'Wishlist (3)',
    'Sign in',
  ]);
  await drawer.getByRole('link', { name: 'Contact' }).click();
  await expectHeading(page, 'Contact');
  await expect(drawer).toBeHidden();
  // Nothing overflows sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the footer carries the site contact details as working links @phone', async ({ page }) => {
  await storeState(page, TWO_ITEMS);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(SITE.name);
  await expect(footer).toContainText('1 Quay Street, BS1 4DJ');
  await expect(footer.getByRole('link', { name: SITE.telephone })).toHaveAttribute('href', 'tel:+441174960000');
  await expect(footer.getByRole('link', { name: SITE.email })).toHaveAttribute('href', `mailto:${SITE.email}`);
  await expect(footer.getByRole('link', { name: 'example.com', exact: true })).toHaveAttribute('href', SITE.website);
});

test('light and dark themes follow prefers-color-scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/home');
  await expectHeading(page, 'Storefront');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(248, 247, 252)');
  await page.emulateMedia({ colorScheme: 'dark' });
  // Once the change has faded in (however briefly: a visitor who asks for less motion gets 1 ms, base.css).
  await expect.poll(background).toBe('rgb(17, 16, 24)');
});
