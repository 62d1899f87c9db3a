/**
 * Pictures of what issue 24 added, to look at by eye: the order page, "Find my order", staff order cards and the
 * confirmation email as the local mailbox shows it, on a 390 px phone and a desktop, light and dark.
 * SCREENSHOTS_DIR=/some/dir npx playwright test order-mail-screens (skipped without it).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './accounts';
import { failOnPageErrors } from './support';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SCHEMES = ['light', 'dark'] as const;

async function shots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: `${process.env.SCREENSHOTS_DIR}/${name}-${size}-${colorScheme}.png`,
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(SIZES.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('screens of the order page, find my order, staff cards and the email', async ({ page, db, accounts }) => {
  test.skip(!process.env.SCREENSHOTS_DIR, 'pictures only when SCREENSHOTS_DIR is set');
  test.setTimeout(180_000);
  failOnPageErrors(page);
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('textbox', { name: /Phone/ }).fill('+44 7700 900123');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  await shots(page, 'confirmation');

  await expect.poll(() => db.mailbox.messages().length, { timeout: 20_000 }).toBe(1);
  const [stored] = db.mailbox.messages();
  const link = stored!.parsed.text!.match(/http:\/\/\S+\/order#[A-Za-z0-9_-]{32}/)![0];
  await page.goto(`${db.mailbox.inboxUrl}/messages/${stored!.id}`);
  await shots(page, 'email');

  await page.goto(link);
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  await shots(page, 'order-page');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await shots(page, 'find-my-order');

  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await page.goto('/dashboard?tab=orders');
  await shots(page, 'staff-orders');
  await page
    .getByRole('button', { name: /^Open order / })
    .first()
    .click();
  await expect(
    page.getByRole('article', { name: 'Order from Robin Ash' }).getByRole('list', { name: 'Emails' }),
  ).toContainText('sent');
  await shots(page, 'staff-order');
});
