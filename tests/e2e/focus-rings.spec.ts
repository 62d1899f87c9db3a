import { expect, test } from './accounts';
import { weakFocusRings } from './focusRing';
import { transitionsSettled } from './screenCheck';
import { expectHeading, storeState, TWO_ITEMS } from './support';

const PAGES = ['/home', '/products', '/about', '/contact', '/cart', '/checkout', '/login', '/coming-soon'];

// A walk with the keyboard, so on the desktop only; the colours a ring is drawn in are the same on a phone. Each
// page is walked in both schemes once loaded (its stops are the same, their colours not).
test('every focus stop shows a ring of 3:1 or more, light and dark', async ({ page, accounts }) => {
  test.setTimeout(240_000);
  await storeState(page, TWO_ITEMS);
  const weak: string[] = [];
  const check = async (where: string) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await transitionsSettled(page);
      weak.push(...(await weakFocusRings(page)).map((stop) => `${where}, ${colorScheme}: ${stop}`));
    }
  };
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('page-loading')).toHaveCount(0);
    await check(path);
  }
  await page.goto('/products?product=harbour-jazz-night');
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('product dialog');

  await accounts.signIn(page, await accounts.create('staff'));
  await expectHeading(page, 'Dashboard');
  await check('dashboard');
  expect(weak).toEqual([]);
});
