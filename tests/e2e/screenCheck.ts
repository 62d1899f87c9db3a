import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './accounts';
import { keepPicture, sizeAndScheme } from './pictures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Colours mid-way through a transition (a change of scheme fades a button's background and text) are neither
 * scheme's: contrast is measured once they have settled. The page says when its transitions end; polling from the
 * test for none left waited 0.5 to 1 s a change, for transitions of 1 ms (docs/testing.md#axe-and-the-pages-own-clock).
 */
export async function transitionsSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const running = () => document.getAnimations().filter((a) => a instanceof CSSTransition);
        // A transition replaced by another (the scheme changed again) is cancelled: its `finished` rejects.
        await Promise.all(running().map((a) => a.finished.catch(() => undefined)));
        return running().length;
      }),
    )
    .toBe(0);
}

/**
 * axe run in the page itself (`axe.run`). The app draws no frames, so @axe-core/playwright's default, which scans each
 * frame apart and merges the results in a blank page it opens and loads axe-core into for every scan, found the same
 * and took about a second more a scan. Only violations are reported in full: axe still runs every rule on every
 * element, but no longer describes each element that passed, which was half of a whole page's scan
 * (docs/testing.md#axe-and-the-pages-own-clock). Set first: `options` replaces what `withTags` and `withRules` add.
 */
export const axe = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/**
 * A screen once it has settled (nothing loading or connecting, no menu still fading out) passes axe, all of it or
 * (`colours`) the rules a change of colour scheme can change the answer of; SCREENSHOTS_DIR=/some/dir keeps a picture
 * of it, named by `name`, the viewport's width and the colour scheme, to look at by eye.
 */
/** What the colour scheme changes of what axe checks: the contrast of text, and of links against the text around. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export async function checkScreen(page: Page, name: string, rules: 'all' | 'colours' = 'all'): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // Checkout's button turns from disabled to enabled once the shop has answered (features/checkout/checkoutBlock.ts).
  await expect(page.getByText(/^(Connecting to the shop|Checking your wishlist)/)).toHaveCount(0);
  await transitionsSettled(page);
  const scan = axe(page);
  const results = await (rules === 'all' ? scan.withTags(TAGS) : scan.withRules(COLOUR_RULES)).analyze();
  expect(
    results.violations.map(
      (violation) => `${name}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
  if (process.env.SCREENSHOTS_DIR) await keepPicture(page, `${name}-${await sizeAndScheme(page)}`, { fullPage: true });
}

/**
 * The schemes a test walks its path in and checks its screens in: on the desktop the path once, each screen checked
 * light and then dark (colours change with the scheme, the path does not); on a phone, whose own layout is checked
 * once, dark, the scheme a phone at an evening event most likely shows (docs/testing.md#one-path-both-schemes).
 */
const schemes = (): ('light' | 'dark')[] => (test.info().project.use.isMobile ? ['dark'] : ['light', 'dark']);

/** Starts a path in the first of the viewport's schemes (`checkScreenInEachScheme`). */
export async function startInScheme(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: schemes()[0] });
}

/**
 * Runs `check` in each of the viewport's schemes, once their colours have settled (`again` in every scheme but the
 * one the path walks in), then goes back to the scheme the path walks in.
 */
export async function inEachScheme(page: Page, check: (again: boolean) => Promise<void>): Promise<void> {
  const [walked, ...others] = schemes();
  await check(false);
  for (const colorScheme of others) {
    await page.emulateMedia({ colorScheme });
    await transitionsSettled(page);
    await check(true);
  }
  if (others.length > 0) await page.emulateMedia({ colorScheme: walked });
}

/**
 * `checkScreen` in each of the viewport's schemes: all of axe in the scheme the path walks in, what colours change
 * in the other (the structure, names and roles axe checks are the same in both).
 */
export const checkScreenInEachScheme = (page: Page, name: string): Promise<void> =>
  inEachScheme(page, (again) => checkScreen(page, name, again ? 'colours' : 'all'));
