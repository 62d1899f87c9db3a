import { expect, test } from '@playwright/test';

test('a start-up failure is written to the console and the visitor still gets a page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // Break a browser API the app uses right after its first render (the toast area listens for a first tap).
  await page.addInitScript(() => {
    const listen = window.addEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<Window['addEventListener']>) {
      if (args[0] === 'pointerdown') throw new Error('addEventListener is broken');
      listen.apply(this, args);
    } as Window['addEventListener'];
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'The shop could not start' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reload the shop' })).toHaveAttribute('href', '/home');
  expect(errors.join('\n')).toMatch(/Start-up failed/);
});
