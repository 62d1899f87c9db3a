/**
 * On-sale windows and the per-order minimum as a buyer meets them (docs/data-model.md#products): a product whose
 * sales open later can wait on the wishlist, checkout opens by itself at the moment, and one whose sales have
 * closed can no longer be added. The rules and the allocator refusing early requests: tests/server/.
 */
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const JAZZ = 'harbour-jazz-night';

test('sales that open later: kept on the wishlist, at least the minimum, checkout opens by itself', async ({
  page,
  db,
}) => {
  // Within the minute, well after the pages are looked at; then brought forward to a few seconds from then, as staff
  // may move it, so that the test does not sit out what its steps left of the minute. The allocator judges by the
  // database's clock, this machine's.
  let opens = Date.now() + 55_000;
  await db.write(`products/${JAZZ}/minPerOrder`, 2);
  await db.write(`products/${JAZZ}/onSaleFrom`, opens);
  await page.goto('/products');
  const card = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await expect(card.getByText('Not on sale yet')).toBeVisible();
  await expect(card.getByText(/^Sales open \w{3},? \d{1,2} \w{3} \d{4}, \d\d:\d\d/)).toBeVisible();

  await card.getByRole('button', { name: 'Details of Harbour Jazz Night' }).click();
  const dialog = page.getByRole('dialog', { name: 'Harbour Jazz Night' });
  await expect(dialog.getByTestId('sales-countdown')).toHaveText(/opens in 00:00:\d\d/);
  await expect(dialog.getByText('At least 2 per order.')).toBeVisible();
  await checkScreen(page, 'on-sale-dialog');
  await dialog.getByRole('button', { name: 'Add to wishlist' }).click();
  await page.keyboard.press('Escape');

  await page.goto('/cart');
  await expect(page.getByText(/Keep it here to reserve it then\./)).toBeVisible();
  await expect(page.getByText('One order must hold at least 2.')).toBeVisible();
  await page.getByRole('button', { name: 'Take 2' }).click();
  await expect(page.getByText('One order must hold at least 2.')).toHaveCount(0);
  await expect(page.getByText(/2 to 10 per order/)).toBeVisible();

  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  const reserve = page.getByRole('button', { name: /Reserve order/ });
  await expect(page.getByText(/^Sales open .*this page updates by itself\.$/)).toBeVisible();
  await expect(reserve).toBeDisabled();
  await checkScreen(page, 'on-sale-checkout');
  expect(Date.now()).toBeLessThan(opens);
  opens = Date.now() + 4_000;
  await db.write(`products/${JAZZ}/onSaleFrom`, opens);
  await expect(page.getByText(/^Sales open .*this page updates by itself\.$/)).toBeVisible();
  await expect(reserve).toBeDisabled();
  // No reload: the page follows the clock to the new opening.
  await expect(reserve).toBeEnabled({ timeout: 30_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(opens - 1_000);
  await reserve.click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  const orders = Object.values((await db.read('orders')) as Record<string, Record<string, { items: unknown }>>);
  expect(orders.flatMap((byId) => Object.values(byId).map((order) => order.items))).toContainEqual({
    [JAZZ]: { title: 'Harbour Jazz Night', price: 18, quantity: 2 },
  });
});

test('sales that have closed: the product says so and cannot be added; one kept from before blocks checkout', async ({
  page,
  db,
}) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await db.write(`products/${JAZZ}/onSaleUntil`, Date.now() - 1_000);
  const card = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await expect(card.getByText('Sales closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' })).toBeDisabled();
  await page.goto('/cart');
  await expect(page.getByText('Sales have closed. Remove it to check out.')).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText('Some items in your wishlist need attention before you can check out.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeDisabled();
});
