import type { Locator, Page } from '@playwright/test';
import { FIRST_VISIT_APP_PORT, FIRST_VISIT_DB_PORT, startFirstVisitServer } from './firstVisitServer';
import { expect, test } from './accounts';
import { axe } from './screenCheck';
import { TWO_ITEMS, failOnPageErrors, storeState, storedState } from './support';

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
    // React's production build names a mismatch by its number only (#418: text, #425: a text node, …).
    if (/did not match|hydrat|Minified React error #4(18|19|2[0-9])/i.test(message.text()))
      problems.push(message.text());
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
  // Pages about the visitor's own state come as a visitor with nothing stored sees them.
  expect(await served(page, '/cart')).toContain('Your wishlist is empty');
  expect(await served(page, '/login')).toContain('Sign in to your account');
  expect(await served(page, '/coming-soon')).toContain('We open on');
});

test('the date, price and language data load on another thread while the page paints', async ({ page }) => {
  // Every worker the page starts, and how its run ended (index.html's inline script).
  await page.addInitScript(() => {
    const runs: { source: string; ended: string; terminated: boolean }[] = [];
    Object.assign(window, { workerRuns: runs });
    const Native = window.Worker;
    window.Worker = class extends Native {
      run = { source: '', ended: 'running', terminated: false };
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        runs.push(this.run);
        void fetch(url)
          .then((response) => response.text())
          .then((text) => (this.run.source = text));
        this.addEventListener('message', () => (this.run.ended = 'message'));
        this.addEventListener('error', () => (this.run.ended = 'error'));
      }
      override terminate() {
        this.run.terminated = true;
        super.terminate();
      }
    };
  });
  await page.goto('/home');
  const runs = () => page.evaluate(() => (window as unknown as { workerRuns: unknown[] }).workerRuns);
  await expect
    .poll(runs)
    .toContainEqual(
      expect.objectContaining({ source: expect.stringContaining('timeZone'), ended: 'message', terminated: true }),
    );
  // The page's own language: the server drew it in the shop's.
  const language = await page.evaluate(() => document.documentElement.lang);
  expect(language).not.toBe('');
  expect(await runs()).toContainEqual(
    expect.objectContaining({ source: expect.stringContaining(JSON.stringify(language)) }),
  );
});

for (const [path, heading] of [
  ['/cart', 'Wishlist'],
  ['/checkout', 'Checkout'],
  ['/login', 'Sign in'],
  ['/coming-soon', 'The Lantern Rooms'],
] as const) {
  test(`${path} is taken over as the server drew it, with MUI's styles from the first paint`, async ({ page }) => {
    failOnPageErrors(page);
    const problems = hydrationProblems(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const shown = document.querySelector('#main h1');
        (window as unknown as { fromServer: unknown }).fromServer = shown;
        // Styled before any of the app's code has run: MUI's headings by Emotion's styles in the page itself.
        (window as unknown as { fontSize: unknown }).fontSize = shown && getComputedStyle(shown).fontSize;
      });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Live: the app's own code answers (the account entry, or the countdown's clock).
    await page.waitForFunction(() => document.getElementById('early-press-status') !== null);
    await page.waitForTimeout(500);
    const kept = await page.evaluate(() => {
      const { fromServer, fontSize } = window as unknown as { fromServer: Element | null; fontSize: string };
      return { same: fromServer !== null && fromServer === document.querySelector('#main h1'), fontSize };
    });
    expect([kept.same, problems]).toEqual([true, []]);
    expect(Number.parseFloat(kept.fontSize)).toBeGreaterThanOrEqual(32);
    expect(problems).toEqual([]);
  });
}

test.describe('in a time zone other than the server’s', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  for (const [path, heading] of [
    ['/home', 'The Lantern Rooms'],
    ['/products', 'Products'],
    ['/coming-soon', 'The Lantern Rooms'],
  ] as const) {
    test(`${path} is taken over without a mismatch: dates are the shop’s, named`, async ({ page }) => {
      const problems = hydrationProblems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/ 2027, \d\d:\d\d GMT/).first()).toBeVisible();
      await page.waitForTimeout(1000);
      expect(problems).toEqual([]);
    });
  }
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets its first visit rendered in German, and the app takes it over as it is', async ({ page }) => {
    failOnPageErrors(page);
    const problems = hydrationProblems(page);
    const response = await page.request.get('/home', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(response.headers()['content-language']).toBe('de-DE');
    expect(response.headers().vary).toContain('Accept-Language');
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { fromServer: unknown }).fromServer = document.querySelector('.skip-link');
      });
    });
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await page.waitForFunction(() => document.getElementById('early-press-status') !== null);
    await page.waitForTimeout(500);
    const kept = await page.evaluate(() => {
      const { fromServer } = window as unknown as { fromServer: Element | null };
      return fromServer !== null && fromServer === document.querySelector('.skip-link');
    });
    expect([kept, problems]).toEqual([true, []]);
    await expect(page.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeAttached();
  });

  test('one who chose English on this device is rendered German by the server, then spoken to in English', async ({
    page,
  }) => {
    failOnPageErrors(page);
    const problems = hydrationProblems(page);
    await storeState(page, { ...TWO_ITEMS, language: 'en-GB' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
    expect(problems).toEqual([]);
  });
});

test('a visitor with a wishlist kept never sees the empty one the server drew on /cart', async ({ page }) => {
  failOnPageErrors(page);
  const problems = hydrationProblems(page);
  await storeState(page, TWO_ITEMS, '/home');
  const release = await holdTheApp(page);
  await page.goto('/cart');
  // The server's page is there, hidden, while the app's code is on its way.
  await expect(page.getByText('Your wishlist is empty')).toHaveCount(1);
  await expect(page.getByText('Your wishlist is empty')).toBeHidden();
  await page.waitForTimeout(300);
  await expect(page.getByText('Your wishlist is empty')).toBeHidden();
  release();
  await expect(page.getByRole('link', { name: 'Go to checkout' })).toBeVisible();
  await expect(page.getByText('Your wishlist is empty')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a first visit to the dashboard is sent to sign in by the server, keeping where it was going', async ({
  page,
}) => {
  const response = await page.request.get('/dashboard?section=orders', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/login?next=%2Fdashboard%3Fsection%3Dorders');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in to your account' })).toBeVisible();
});

test('one signed in on this device who opens the dashboard by its address comes straight to it', async ({
  page,
  accounts,
}) => {
  failOnPageErrors(page);
  const problems = hydrationProblems(page);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The sign-in page it passed through was the app's own, drawn for a signed-in visitor: never the server's form.
  await page.goto('/login?next=%2Fdashboard');
  await expect(page).toHaveURL('/dashboard');
  expect(problems).toEqual([]);
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

test('a first visit with messages waiting in the contact outbox is taken over without a mismatch', async ({ page }) => {
  failOnPageErrors(page);
  const problems = hydrationProblems(page);
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    const message = { name: 'Robin Ash', email: 'robin@example.com', subject: 'Group booking', body: 'For eight?' };
    localStorage.setItem('contact-outbox', JSON.stringify([{ id: 'queued-1', message, attempts: 0 }]));
  });
  await page.goto('/contact');
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * Holds the app's code (or one chunk of it) back until `release` is called, as a slow phone would before the app
 * takes the page over; then lets it load, or fails it as a broken connection would.
 */
async function holdTheApp(
  page: Page,
  { chunk = /\/assets\/startApp-[^/]*\.js$/, then = 'load' }: { chunk?: RegExp; then?: 'load' | 'fail' } = {},
): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await held;
    await (then === 'load' ? route.continue() : route.abort());
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

/** The phone project's device (playwright.config.ts): this file's one server takes its tests one at a time. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The note index.html shows at once for a wishlist press the app has not done yet, and the app's own toasts. */
const earlyNote = (page: Page) => page.locator('#early-press-status > *');
const appToasts = (page: Page) => page.locator('[data-toast-severity]');

/** Notes, frame by frame, whether the early note and a toast of the app were ever on screen together. */
async function watchForTwoAtOnce(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = window as unknown as { twoAtOnce: boolean };
    seen.twoAtOnce = false;
    const look = () => {
      if (document.querySelector('#early-press-status > *') && document.querySelector('[data-toast-severity]')) {
        seen.twoAtOnce = true;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () => page.evaluate(() => (window as unknown as { twoAtOnce: boolean }).twoAtOnce);
}

async function expectWishlisted(page: Page, quantity: number): Promise<void> {
  const state = (await storedState(page)) as { cart: { products: { id: string; quantity?: number }[] } };
  const kept = state.cart.products.filter((item) => item.id === 'harbour-jazz-night');
  expect(kept.map((item) => item.quantity ?? 1)).toEqual([quantity]);
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** "Add to wishlist" pressed before the app starts: a note at once, then the app's toast in its place, alone. */
async function pressBeforeStart(page: Page, press: (button: Locator) => Promise<void>): Promise<void> {
  failOnPageErrors(page);
  const twoAtOnce = await watchForTwoAtOnce(page);
  const release = await holdTheApp(page);
  await page.goto('/home');
  const button = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await press(button);
  // At once: the press's own click handler drew it.
  expect(await earlyNote(page).count()).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'Adding to Wishlist…' })).toHaveText(
    'Adding to Wishlist…Harbour Jazz Night',
  );
  await expect(earlyNote(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  const [shown, pressed] = [await earlyNote(page).boundingBox(), await button.boundingBox()];
  expect(shown && pressed).toBeTruthy();
  if (shown && pressed) expect(shown.y < pressed.y + pressed.height && pressed.y < shown.y + shown.height).toBe(false);
  await expectAccessible(page);

  release();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await expect(appToasts(page)).toHaveCount(1);
  await expect(appToasts(page)).toContainText(['Item added to WishlistHarbour Jazz Night']);
  await expect(earlyNote(page)).toHaveCount(0);
  await expectWishlisted(page, 1);
  expect(await twoAtOnce()).toBe(false);
}

test('"Add to wishlist" pressed before the app has started is answered at once, then by the app alone', async ({
  page,
}) => {
  await pressBeforeStart(page, (button) => button.click());
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a tap before the app has started is answered at once, in the dark scheme too, clear of the button', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await pressBeforeStart(page, async (button) => {
      // Right under the top of the screen, where the note would otherwise go.
      await button.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await button.tap();
    });
  });
});

test('pressed twice from the keyboard before the app has started, both presses are told and done', async ({ page }) => {
  failOnPageErrors(page);
  const twoAtOnce = await watchForTwoAtOnce(page);
  const release = await holdTheApp(page);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Adding to Wishlist…' })).toHaveText(
    'Adding to Wishlist…2 × Harbour Jazz Night',
  );
  release();
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  // Two presses, two toasts: as the same two presses once the app has started.
  await expect(appToasts(page)).toHaveText(Array(2).fill('Item added to WishlistHarbour Jazz Night'));
  await expect(earlyNote(page)).toHaveCount(0);
  await expectWishlisted(page, 2);
  expect(await twoAtOnce()).toBe(false);
});

test('when the app cannot start, a press before it is told that the wishlist was not changed', async ({ page }) => {
  const fail = await holdTheApp(page, { then: 'fail' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await expect(earlyNote(page)).toContainText('Adding to Wishlist…');
  fail();
  const notChanged = page.getByRole('status').filter({ hasText: 'Wishlist not changed' });
  await expect(notChanged).toHaveText(
    'Wishlist not changedHarbour Jazz NightThe shop could not start: reload the page to try again.',
  );
  // And so for a press after that: the page from the server stays, its buttons do nothing.
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await expect(notChanged).toContainText('2 × Harbour Jazz Night');
  await expect(earlyNote(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Adding' })).toHaveCount(0);
  expect(await storedState(page)).toBeNull();
});

test('a press on a page that had to start afresh is not done, and the app says so in place of the note', async ({
  page,
}) => {
  const twoAtOnce = await watchForTwoAtOnce(page);
  // Without the page's own code the app renders from scratch: the buttons pressed are gone.
  const fail = await holdTheApp(page, { chunk: /\/assets\/HomePage-[^/]*\.js$/, then: 'fail' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await expect(earlyNote(page)).toContainText('Adding to Wishlist…');
  fail();
  await expect(appToasts(page)).toHaveText([
    'Wishlist not changedThe page changed while it was loading. Press again to add: Harbour Jazz Night',
  ]);
  await expect(earlyNote(page)).toHaveCount(0);
  expect(await twoAtOnce()).toBe(false);
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
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
