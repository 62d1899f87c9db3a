import { expect, type Page } from '@playwright/test';

/**
 * Presses "Reserve order" on every page at the same moment: a click from inside each page, since Playwright's own
 * click first waits for the button to be stable and unobstructed, one page at a time, which on a loaded machine
 * lets the first order's news reach the other pages (sold out, a notice that moves the button) before they press.
 */
export async function pressAtOnce(pages: readonly Page[]): Promise<void> {
  await Promise.all(
    pages.map((page) =>
      page.getByRole('button', { name: /Reserve order/ }).evaluate((button: HTMLButtonElement) => button.click()),
    ),
  );
}

/** Waits for a buyer's answer in a rush: the order, or the toast saying `title` sold out. */
export async function answerOf(page: Page, title: string, timeout: number): Promise<'ordered' | 'sold out'> {
  const won = page.getByRole('heading', { name: /Reserved: thank you/ });
  const soldOut = page.getByRole('alert').filter({ hasText: `Not enough left: ${title} is sold out` });
  await expect(won.or(soldOut).first()).toBeVisible({ timeout });
  return (await won.isVisible()) ? 'ordered' : 'sold out';
}
