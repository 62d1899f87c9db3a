import { expect, test, type Page } from '@playwright/test';
import { test as withDatabase } from './liveDatabase';
import { TWO_ITEMS, clearWishlist, failOnPageErrors, storeState } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

async function clearStoredWishlist(page: Page) {
  await storeState(page, TWO_ITEMS, '/cart');
  await clearWishlist(page);
  const toast = page.getByRole('alert').filter({ hasText: 'Your wishlist has been emptied' });
  await expect(toast).toBeVisible();
  return toast;
}

test('clearing the wishlist shows the spec warn toast', async ({ page }) => {
  const toast = await clearStoredWishlist(page);
  await expect(toast).toContainText('Item added to Wishlist');
  await expect(toast).toContainText('Your wishlist has been emptied');
  await expect(page.locator('[data-toast-severity="warn"]')).toHaveCount(1);
});

test('toasts sit top-right, 25rem wide, 20px from the edges', async ({ page }) => {
  const toast = await clearStoredWishlist(page);
  // The box is measured once the 300 ms slide-in is over: the sliding element has no transform left.
  await expect(toast.locator('xpath=..')).toHaveCSS('transform', 'none');
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  const expectedWidth = Math.min(400, viewport.width - 40);
  expect(Math.abs(box.width - expectedWidth)).toBeLessThanOrEqual(1);
  expect(Math.abs(viewport.width - (box.x + box.width) - 20)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y - 20)).toBeLessThanOrEqual(1);
});

test('a toast closes by itself after its 3000 ms lifetime, sliding in 300 ms ease-out and out 250 ms ease-in', async ({
  page,
}) => {
  // The page's own clock times the slides: timed from the test, the lifetime would shrink by however long the test
  // took to notice the toast, which on a loaded machine is hundreds of milliseconds.
  await page.addInitScript(() => {
    const seen: { transition: string; at: number }[] = [];
    (window as unknown as { transitions: typeof seen }).transitions = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const transition = (record.target as HTMLElement).style?.transition ?? '';
        if (transition.startsWith('transform')) seen.push({ transition, at: performance.now() });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });
  });
  const toast = await clearStoredWishlist(page);
  await page.mouse.move(0, 700);
  await expect(toast).toBeHidden({ timeout: 6_000 });
  const transitions = await page.evaluate(
    () => (window as unknown as { transitions: { transition: string; at: number }[] }).transitions,
  );
  const slideIn = transitions.find(({ transition }) => transition === 'transform 300ms ease-out');
  const slideOut = transitions.find(({ transition }) => transition === 'transform 250ms ease-in');
  expect(slideIn, 'slides in 300 ms ease-out').toBeDefined();
  expect(slideOut, 'slides out 250 ms ease-in').toBeDefined();
  // Slid in, then stayed its 3000 ms lifetime before sliding out.
  expect(slideOut!.at - slideIn!.at).toBeGreaterThanOrEqual(2_900);
});

test('the lifetime pauses while the pointer is over a toast', async ({ page }) => {
  // The page's own clock, at real speed until moved, is moved past the lifetime rather than the test waiting it out.
  await page.clock.install();
  const toast = await clearStoredWishlist(page);
  await toast.hover();
  await page.clock.runFor(4_500);
  await expect(toast).toBeVisible();
  await page.mouse.move(10, 700);
  await page.clock.runFor(3_000);
  await expect(toast).toBeHidden();
});

test('a toast can be closed with its close button', async ({ page }) => {
  const toast = await clearStoredWishlist(page);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
});

withDatabase(
  'on a phone, toasts leave the banner and the dialog’s close button free, two at most @phone',
  async ({ page, isMobile }) => {
    withDatabase.skip(!isMobile, 'phones only: wider screens keep the spec’s place (docs/behaviour.md#toasts)');
    const toasts = page.locator('[data-toast-severity]');
    const below = async (toast: ReturnType<typeof toasts.nth>, what: { y: number; height: number }) => {
      // Measured once it is drawn, again until it settles: on a loaded machine a toast may still be on its way in,
      // and is drawn anew as the page under it changes (no box meanwhile: -1, which fails).
      await expect(toast).toBeVisible();
      await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(what.y + what.height);
    };
    await page.goto('/products?product=harbour-jazz-night');
    const dialog = page.getByRole('dialog', { name: 'Harbour Jazz Night' });
    const add = dialog.getByRole('button', { name: 'Add to wishlist' });
    for (const count of [1, 2, 3]) {
      await add.click();
      await expect(dialog.getByRole('status')).toHaveText(`In your wishlist: ${count}`);
    }
    // Long enough for every slide to end, far short of any toast's lifetime.
    await page.clock.runFor(1_000);
    expect(await toasts.count()).toBe(2);
    await expect(toasts.first().locator('xpath=..')).toHaveCSS('transform', 'none');
    await below(toasts.first(), (await dialog.getByRole('button', { name: 'Close' }).first().boundingBox())!);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await below(toasts.first(), (await page.getByRole('banner').boundingBox())!);
  },
);
