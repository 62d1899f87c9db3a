/**
 * The order page behind the emailed link, opened again offline on a phone: the order and its tickets as the device
 * saved them, said once (the offline bar), not once per part of the page (docs/behaviour.md#offline).
 */
import { expect, test } from './accounts';
import { failOnPageErrors, waitForServiceWorker } from './support';

test.use({ serviceWorkers: 'allow' });

test('offline, the order page shows the saved order and tickets and says it is offline once @phone', async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  failOnPageErrors(page);
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => db.mailbox.messages().length, { timeout: 20_000 }).toBe(1);
  const link = db.mailbox.messages()[0]!.parsed.text!.match(/http:\/\/\S+\/order#[A-Za-z0-9_-]{32}/)![0];
  await page.goto(link);
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  await waitForServiceWorker(page);

  await db.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  await expect(page.getByText('You are offline. Showing what this device saved')).toBeVisible();
  await expect(page.getByText(/offline/i)).toHaveCount(1);
});
