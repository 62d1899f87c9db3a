import { expect, test } from '@playwright/test';

test('a start-up failure is written to the console and the visitor still gets a page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // Break a browser API the app uses right after its first render.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => {
      throw new Error('requestIdleCallback is broken');
    };
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'The shop could not start' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reload the shop' })).toHaveAttribute('href', '/home');
  expect(errors.join('\n')).toMatch(/Start-up failed/);
});
