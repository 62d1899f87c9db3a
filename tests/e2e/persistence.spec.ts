import { expect, test } from '@playwright/test';
import {
  SITE,
  TWO_ITEMS,
  clearWishlist,
  expectHeading,
  failOnPageErrors,
  storeRaw,
  storeState,
  storedState,
} from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('the state is restored at start-up and every change is saved, surviving a reload', async ({ page }) => {
  await storeState(page, TWO_ITEMS, '/cart');
  await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(SITE.name);
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.50');

  await page.getByRole('button', { name: 'One more Weekend pass' }).click();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.60');
  // The updated item moves to the end of the list (docs/behaviour.md#wishlist).
  expect(await storedState(page)).toMatchObject({
    cart: {
      products: [
        { id: 'tote', quantity: 2 },
        { id: 'pass', quantity: 2 },
      ],
      total: 0.6,
    },
  });

  await page.reload();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.60');
  await expect(page.getByRole('link', { name: 'Wishlist, 4 items' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Festival tote bag' }).click();
  await page.reload();
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.20');
});

for (const raw of ['{"site": {', 'not json at all', '[1,2,3]', '"just text"', '42']) {
  test(`corrupt stored value ${JSON.stringify(raw)} is removed and the app starts with defaults`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await storeRaw(page, raw, '/cart');
    await expectHeading(page, 'Wishlist');
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Storefront');
    expect(await page.evaluate(() => localStorage.getItem('state'))).toBeNull();
    expect(warnings.join('\n')).toMatch(/Saved state was repaired/);
  });
}

test('a wrongly shaped slice falls back to defaults while the wishlist is kept', async ({ page }) => {
  await storeState(page, { ...TWO_ITEMS, site: ['wrong'], auth: 'nobody' }, '/cart');
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.50');
  await expect(page.getByRole('banner')).toContainText('Storefront');
  expect(await storedState(page)).toMatchObject({ site: { name: 'Storefront' }, auth: { authenticated: false } });
});

test('with storage blocked the app works in memory and says so once', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
  await page.goto('/cart');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved on this device' })).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expectHeading(page, 'Products');
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved on this device' })).toHaveCount(1);
});

test('a full quota keeps changes in memory and warns once', async ({ page }) => {
  await storeState(page, TWO_ITEMS, '/cart');
  await page.evaluate(() => {
    const setItem = Storage.prototype.setItem;
    // The app's own keys hit the full quota. The Firebase SDK's keys are left alone: when storage is unusable at
    // its start it keeps them in memory, and how it copes later is the SDK's business, not the app's.
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key.startsWith('firebase:')) return setItem.call(this, key, value);
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.getByRole('button', { name: 'One more Weekend pass' }).click();
  await page.getByRole('button', { name: 'One more Weekend pass' }).click();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.70');
  await expect(page.getByRole('alert').filter({ hasText: 'storage is full' })).toHaveCount(1);
});

test('a change in one tab appears in the other open tabs', async ({ context }) => {
  const first = await context.newPage();
  failOnPageErrors(first);
  await storeState(first, TWO_ITEMS, '/cart');
  const second = await context.newPage();
  failOnPageErrors(second);
  await second.goto('/home');
  await expect(second.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();

  await first.getByRole('button', { name: 'Remove Festival tote bag' }).click();
  await expect(second.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();

  await second.goto('/cart');
  await clearWishlist(second);
  await expect(first.getByText('Your wishlist is empty')).toBeVisible();
  await expect(first.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
});
