import type { Page } from '@playwright/test';
import { SEED_NAME, TWO_ITEMS, failOnPageErrors, storeState, storedState } from './support';
import { expect, test } from './liveDatabase';

/** Fails the test on a message the catalogues lack (src/app/language.ts says so on the console). */
function failOnMissingMessages(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('No '))
      throw new Error(`A message is missing: ${message.text()}`);
  });
}

test.beforeEach(({ page }) => {
  failOnPageErrors(page);
  failOnMissingMessages(page);
});

const picker = (page: Page) => page.getByRole('combobox', { name: /^(Language|Sprache)$/ });

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets the shop in German, and English once chosen, remembered next to the spec’s fields @phone', async ({
    page,
  }) => {
    await storeState(page, TWO_ITEMS);
    await expect(page.getByRole('banner')).toContainText(SEED_NAME);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(picker(page)).toHaveAccessibleName('Sprache');
    await expect(picker(page)).toHaveValue('de-DE');
    await expect(page.getByRole('link', { name: 'Wunschliste, 3 Artikel' })).toBeVisible();

    await picker(page).selectOption({ label: 'English' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(picker(page)).toHaveAccessibleName('Language');
    await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
    // Kept with the state, whose own fields are as they were.
    const stored = (await storedState(page)) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(['site', 'auth', 'cart', 'language']);
    expect(stored).toMatchObject({ auth: TWO_ITEMS.auth, cart: TWO_ITEMS.cart, language: 'en-GB' });

    await page.reload();
    await expect(picker(page)).toHaveValue('en-GB');
    await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
  });

  test('a page drawn with MUI gets the rest of the messages with its code', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(picker(page)).toHaveValue('de-DE');
    await page.getByRole('link', { name: 'Start', exact: true }).first().click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('an English browser gets English, and German once chosen, in every tab', async ({ page, context }) => {
  await page.goto('/home');
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  const other = await context.newPage();
  await other.goto('/about');
  await expect(picker(other)).toHaveValue('en-GB');

  await picker(page).selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).first()).toBeAttached();
  // The other tab follows the stored choice.
  await expect(picker(other)).toHaveValue('de-DE');
  await expect(other.locator('html')).toHaveAttribute('lang', 'de-DE');
});

test('a stored language the shop does not speak is forgotten, and the browser’s decides', async ({ page }) => {
  await storeState(page, { ...TWO_ITEMS, language: 'xx-YY' });
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
  await expect(picker(page)).toHaveValue('en-GB');
  await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'block' });

  test('a language whose messages cannot be fetched is not switched to, and the visitor is told', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('banner')).toContainText(SEED_NAME);
    await page.route(/\/assets\/de-DE-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await picker(page).selectOption({ label: 'Deutsch' });
    await expect(page.getByText('Deutsch is not available offline yet')).toBeVisible();
    await expect(picker(page)).toHaveValue('en-GB');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
  });
});

test.describe('the pseudo-language', () => {
  test('shows no text of the translated parts untranslated', async ({ page }) => {
    await storeState(page, { ...TWO_ITEMS, language: 'en-XA' });
    await expect(page.getByRole('banner')).toContainText(SEED_NAME);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    // Every letter of the navigation is made from the English, accented: an ASCII word is text left untranslated.
    for (const nav of await page.getByRole('navigation').all()) {
      const text = (await nav.innerText()).trim();
      expect(text).not.toBe('');
      expect(text).not.toMatch(/\b[A-Za-z]{3,}\b/);
    }
    // Its own name is made from the English too.
    await expect(page.locator('.language-picker select')).toHaveValue('en-XA');
    await expect(page.locator('.language-picker select')).not.toHaveAccessibleName('Language');
  });
});
