import { expect, test } from './liveDatabase';
import { expectHeading, failOnPageErrors, fillStorage } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('with storage full and the database gone, the Firebase SDK throws nothing into the page', async ({ page, db }) => {
  await page.goto('/products');
  await expectHeading(page, 'Products');
  await expect(page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' })).toBeVisible();
  // Connected first, so the SDK has cleared its own "previous WebSocket failure" note; then the device's storage
  // fills up for real (no patched setItem).
  await page.waitForFunction(() => localStorage.getItem('firebase:previous_websocket_failure') === null);
  await fillStorage(page);
  // Each reconnection attempt notes a WebSocket failure in localStorage, which now throws.
  await db.stop();
  await page.waitForTimeout(6_000);
  await db.restart();
  await expect(page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' })).toBeVisible();
});
