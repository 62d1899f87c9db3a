import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './accounts';
import { keepPicture, sizeAndScheme } from './pictures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * A screen once it has settled (nothing loading or connecting, no menu still fading out) passes axe; SCREENSHOTS_DIR=/some/dir
 * keeps a picture of it, named by `name`, the viewport's width and the colour scheme, to look at by eye.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // Checkout's button turns from disabled to enabled once the shop has answered (features/checkout/checkoutBlock.ts).
  await expect(page.getByText(/^(Connecting to the shop|Checking your wishlist)/)).toHaveCount(0);
  // Colours mid-way through a transition (a change of scheme fades a button's background and text) are neither
  // scheme's: contrast is measured once they have settled.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length))
    .toBe(0);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map(
      (violation) => `${name}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
  if (process.env.SCREENSHOTS_DIR) await keepPicture(page, `${name}-${await sizeAndScheme(page)}`, { fullPage: true });
}
