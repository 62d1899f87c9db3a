import type { Page } from '@playwright/test';
import { FIRST_VISIT_APP_PORT, FIRST_VISIT_DB_PORT, startFirstVisitServer } from './firstVisitServer';
import { expect, test } from './liveDatabase';
import { TWO_ITEMS, failOnPageErrors, storeState } from './support';

// This file's app server renders pages from the database on FIRST_VISIT_DB_PORT: one test (one database) at a time.
test.use({ dbPort: FIRST_VISIT_DB_PORT, baseURL: `http://localhost:${FIRST_VISIT_APP_PORT}` });
test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startFirstVisitServer>> | undefined;
test.beforeAll(async () => {
  server = await startFirstVisitServer();
});
test.afterAll(() => server?.stop());

/** The page as the server sends it, before any of the app's code runs. */
async function served(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { Accept: 'text/html' } });
  expect(response.ok()).toBe(true);
  return response.text();
}

/** What the app says when the page from the server did not match its own first render (src/app/startApp.tsx). */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/did not match|hydrat/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test('a first visit gets its page already rendered, with the live properties and catalogue', async ({ page, db }) => {
  await db.write('properties/tagline', 'Rendered before any script ran');
  const home = await served(page, '/home');
  expect(home).toContain('Rendered before any script ran');
  expect(home).toContain('Harbour Jazz Night');
  expect(home).toContain('id="first-visit-data"');
  expect(await served(page, '/products')).toContain('Letterpress Printing Workshop');
  expect(await served(page, '/about')).toContain('14 Harbour Lane');
  expect(await served(page, '/contact')).toContain('Send us a message');
  // Pages about the visitor's own state start in the browser, from the app shell.
  expect(await served(page, '/cart')).not.toContain('id="first-visit-data"');
});

test('the browser takes the page over as it is, then follows live changes', async ({ page, db }) => {
  failOnPageErrors(page);
  const problems = hydrationProblems(page);
  // The heading element the server sent, kept to compare with the one on screen once the app runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { fromServer: Element | null }).fromServer = document.getElementById('home-heading');
    });
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'The Lantern Rooms' })).toBeVisible();
  // Live once hydrated: a change in the database reaches the page.
  await db.write('properties/name', 'The Lantern Rooms by the Sea');
  await expect(page.getByRole('heading', { level: 1, name: 'The Lantern Rooms by the Sea' })).toBeVisible();
  const sameElement = await page.evaluate(() => {
    const fromServer = (window as unknown as { fromServer: Element | null }).fromServer;
    return fromServer !== null && fromServer === document.getElementById('home-heading');
  });
  expect(sameElement).toBe(true);
  await page.getByRole('link', { name: 'Browse products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('article', { name: 'Harbour Jazz Night' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a returning visitor sees their own wishlist and draft once the page is live', async ({ page }) => {
  failOnPageErrors(page);
  const problems = hydrationProblems(page);
  await storeState(page, TWO_ITEMS, '/home');
  await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
  // The database's properties, not the stored ones, name the shop.
  await expect(page.getByRole('heading', { level: 1, name: 'The Lantern Rooms' })).toBeVisible();

  await page.evaluate(() => {
    localStorage.setItem(
      'contact-draft',
      JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Tickets', body: 'Half written' }),
    );
  });
  await page.goto('/contact');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half written');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
  expect(problems).toEqual([]);
});

/** Holds the app's code back until `release` is called, as a slow phone would before the app takes the page over. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/startApp-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a button pressed before the app has taken the page over still does its work', async ({ page }) => {
  failOnPageErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/home');
  const jazz = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await jazz.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  release();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await expect(page.getByText('Item added to Wishlist')).toBeVisible();
});

test('what was typed before the app has taken the page over is kept, and searched for', async ({ page }) => {
  failOnPageErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/products');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.pressSequentially('vinyl');
  release();
  await expect(page.getByRole('article', { name: 'Harbour Jazz Night' })).toBeHidden();
  await expect(page.getByRole('article', { name: 'Winter Vinyl Fair' })).toBeVisible();
  await expect(search).toHaveValue('vinyl');
  await expect(page).toHaveURL(/[?&]q=vinyl/);
});

test('a product opened by its address shows over the rendered list', async ({ page }) => {
  failOnPageErrors(page);
  await page.goto('/products?product=folk-in-the-round');
  await expect(page.getByRole('dialog', { name: 'Folk in the Round' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Harbour Jazz Night' })).toBeVisible();
});

test('data that looks like markup stays text', async ({ page, db }) => {
  const title = '</script><script>window.injected = true</script>';
  await db.write('products/harbour-jazz-night/title', title);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
});

test('without the database the visitor gets the app shell, and the app starts as before', async ({ page, db }) => {
  await db.stop();
  expect(await served(page, '/products')).not.toContain('id="first-visit-data"');
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await db.restart();
  await expect(page.getByRole('article', { name: 'Harbour Jazz Night' })).toBeVisible({ timeout: 15_000 });
});

test('in coming-soon mode the shell goes out and the visitor is taken to the coming-soon page', async ({
  page,
  db,
}) => {
  await db.write('properties/comingsoon', true);
  await db.write('properties/launch', new Date(Date.now() + 7 * 24 * 3600_000).toISOString());
  expect(await served(page, '/home')).not.toContain('id="first-visit-data"');
  await page.goto('/home');
  await expect(page).toHaveURL(/\/coming-soon$/);
});
