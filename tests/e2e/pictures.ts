import type { Page } from '@playwright/test';

/**
 * With SCREENSHOTS_DIR=/some/dir set, keeps a picture of the page as `name`.png there, to look at by eye; without it,
 * takes none (a picture costs a second on a loaded machine, and a test is no place to write outside its own output).
 */
export async function keepPicture(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage ?? false });
}

/** The viewport's width and the colour scheme, for pictures of one screen at several sizes and schemes. */
export async function sizeAndScheme(page: Page): Promise<string> {
  const { width } = page.viewportSize() ?? { width: 0 };
  const scheme = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  return `${width}-${scheme}`;
}
