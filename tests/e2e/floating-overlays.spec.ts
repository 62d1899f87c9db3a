import type { Locator, Page } from '@playwright/test';
import { TWO_ITEMS, failOnPageErrors, openLive, storeState } from './support';
import { startInScheme } from './screenCheck';
import { expect, test } from './liveDatabase';
import { keepPicture } from './pictures';

/*
 * What floats over the pages (the install offer and the offline bar, src/features/pwa/) takes no touch outside
 * what it draws and never sits over a dialog (docs/behaviour.md#offline). Each visible control of each page and
 * dialog is checked with both shown: the element at its centre must be the control itself.
 */

test.beforeEach(({ page }) => failOnPageErrors(page));

/** Has the app offer installation as Chromium would (its own offer needs an installable profile). */
async function offerInstall(page: Page): Promise<void> {
  // Located by class: an open dialog hides the rest of the page from the accessibility tree.
  await expect(page.locator('aside.pwa-status')).toBeAttached();
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
  await expect(page.locator('.install-offer')).toBeVisible();
}

/**
 * Every visible control within `scope`, each brought into view (centred), whose centre is covered by something
 * else: "what it is (what covers it)". Controls of the status area itself are left out.
 */
async function coveredControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
    const controls = [
      ...root.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [tabindex="0"]'),
    ].filter((element) => {
      if (element.closest('.pwa-status-host') || element.matches(':disabled')) return false;
      const box = element.getBoundingClientRect();
      return box.width >= 4 && box.height >= 4 && element.checkVisibility({ visibilityProperty: true });
    });
    const covered: string[] = [];
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (hit && !control.contains(hit) && !(hit instanceof HTMLLabelElement && hit.control === control))
        covered.push(`${describe(control)} (under ${describe(hit)})`);
    }
    return covered;
  });
}

async function press(page: Page, control: Locator, touch: boolean): Promise<void> {
  if (touch) await control.tap();
  else await control.click();
}

// What covers what does not change with the scheme: once per viewport (screenCheck.ts, startInScheme).
test('a fresh visitor adds a product from its dialog with the install offer shown, offline too @phone', async ({
  page,
  db,
  isMobile,
}) => {
  await startInScheme(page);
  // Opened once the live details are there: an open dialog hides the banner that openLive waits on.
  await openLive(page, '/products');
  await press(page, page.getByRole('button', { name: 'Details of Harbour Jazz Night' }), isMobile);
  const dialog = page.getByRole('dialog', { name: 'Harbour Jazz Night' });
  await expect(dialog).toBeVisible();
  await offerInstall(page);
  expect(await coveredControls(dialog)).toEqual([]);
  await press(page, dialog.getByRole('button', { name: 'Add to wishlist' }), isMobile);
  await expect(dialog.getByRole('status')).toHaveText('In your wishlist: 1');
  await press(page, dialog.getByRole('button', { name: 'Close' }).last(), isMobile);
  await expect(dialog).toBeHidden();

  // The toast of that add sits top-right on a desktop, where the next dialog's Close is (the spec's place for
  // toasts, docs/behaviour.md#toasts): it is let go first, as a person would.
  await expect(page.locator('[data-toast-severity]')).toHaveCount(0, { timeout: 10_000 });
  // Offline too: the bar says the wishlist still works, so adding must.
  await db.setOffline(true);
  await expect(page.locator('.offline-bar')).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Details of Folk in the Round' }), isMobile);
  const folk = page.getByRole('dialog', { name: 'Folk in the Round' });
  await expect(folk).toBeVisible();
  expect(await coveredControls(folk)).toEqual([]);
  await press(page, folk.getByRole('button', { name: 'Add to wishlist' }), isMobile);
  await expect(folk.getByRole('status')).toHaveText('In your wishlist: 1');
  await keepPicture(page, `overlays-dialog-${isMobile ? 'phone' : 'desktop'}`);
  // By keyboard: Escape still closes it and focus goes back to the card.
  await page.keyboard.press('Escape');
  await expect(folk).toBeHidden();
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
});

test('every visible control of every page and dialog can be reached with the install offer and the offline bar shown @phone', async ({
  page,
  db,
}) => {
  // Every control of every page: on a loaded machine (CI at load 12–19) longer than a plain test's 30 s.
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await storeState(page, TWO_ITEMS, '/home');
  const paths = ['/home', '/products', '/about', '/contact', '/cart', '/login', '/checkout'];
  for (const path of paths) {
    // The product dialog's code loads when a product is first opened: once online, as a visitor would have.
    await openLive(page, path);
    if (path === '/products') {
      await page.getByRole('button', { name: 'Details of Folk in the Round' }).click();
      await expect(page.getByRole('dialog', { name: 'Folk in the Round' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    await db.setOffline(true);
    await expect(page.locator('.offline-bar')).toBeVisible();
    expect(await coveredControls(page.locator('body')), path).toEqual([]);
    if (path === '/products') {
      await page.getByRole('button', { name: 'Details of Folk in the Round' }).click();
      const dialog = page.getByRole('dialog', { name: 'Folk in the Round' });
      await expect(dialog).toBeVisible();
      expect(await coveredControls(dialog), 'product dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    if (path === '/cart') {
      await page.getByRole('button', { name: 'Clear wishlist' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Clear your wishlist?' });
      await expect(dialog).toBeVisible();
      expect(await coveredControls(dialog), 'clear wishlist dialog').toEqual([]);
      await dialog.getByRole('button', { name: 'Keep them' }).click();
      await expect(dialog).toBeHidden();
    }
    await db.setOffline(false);
    await expect(page.locator('.offline-bar')).toHaveCount(0);
  }
});
