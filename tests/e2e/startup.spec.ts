import { expect, test, type Page } from '@playwright/test';

/** Breaks a browser API the app uses right after its first render (the toast area listens for a first tap). */
async function breakStartUp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const listen = window.addEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<Window['addEventListener']>) {
      if (args[0] === 'pointerdown') throw new Error('addEventListener is broken');
      listen.apply(this, args);
    } as Window['addEventListener'];
  });
}

test('a start-up failure is written to the console and the visitor still gets a page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await breakStartUp(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'The shop could not start' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reload the shop' })).toHaveAttribute('href', '/home');
  expect(errors.join('\n')).toMatch(/Start-up failed/);
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the page after a start-up failure is German', async ({ page }) => {
    await breakStartUp(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Der Shop konnte nicht starten' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop neu laden' })).toHaveAttribute('href', '/home');
    await expect(page.getByRole('main')).toHaveAttribute('lang', 'de-DE');
  });
});
