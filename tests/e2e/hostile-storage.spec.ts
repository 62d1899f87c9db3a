import { expect, test, type Page } from '@playwright/test';
import {
  OVERFULL_WISHLIST,
  SITE,
  expectHeading,
  failOnPageErrors,
  stateWith,
  storeRaw,
  storeState,
  storedState,
} from './support';

// Values an earlier visit, an extension or a person with the developer tools could have left in this browser's
// storage. No database answers in these tests: what shows comes from storage alone. Pages are opened where no
// first-visit page from the server (src/ssr) is rendered, and reached by the app's own links otherwise.

test.beforeEach(async ({ page }) => {
  failOnPageErrors(page);
  // Whatever listens on the e2e build's database port on this machine, these pages never reach it.
  await page.routeWebSocket(/^ws:\/\/[^/]+:9100\//, (socket) => socket.close());
});

async function follow(page: Page, link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
}

/** Puts raw values under several keys, as storeRaw does for "state", then opens `path`. */
async function storeKeys(page: Page, values: Record<string, string>, path: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(values));
  await page.goto(path);
}

const product = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  price: 10,
  description: '',
  image: '',
  category: 'Music',
  date: null,
  venue: null,
  stock: null,
  active: true,
  sort: null,
  ...extra,
});

const wishlistLink = (page: Page, count: string) => page.getByRole('link', { name: `Wishlist, ${count}` });

test('a stored launch of 1e300 is "no date": the page renders, the rest of the state is kept', async ({ page }) => {
  const raw = JSON.stringify(stateWith([{ id: 'pass', title: 'Weekend pass', price: 12 }])).replace(
    `"launch":"${SITE.launch}"`,
    '"launch":1e300',
  );
  expect(raw).toContain('1e300');
  await storeRaw(page, raw, '/cart');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByRole('banner')).toContainText(SITE.name);
  await expect(wishlistLink(page, '1 item')).toBeVisible();
  // Repaired in storage too, so the next start sees clean data.
  expect(await storedState(page)).toMatchObject({ site: { name: SITE.name, launch: null }, cart: { total: 12 } });
});

for (const [what, launch] of [
  ['nanoseconds', 1.8e18],
  ['microseconds', 1.8e15],
  ['seconds', 1.8e9],
] as const) {
  test(`a launch in ${what} with coming soon on keeps visitors at the gate`, async ({ page }) => {
    const state = { ...stateWith([]), site: { ...SITE, comingsoon: true, launch } };
    await storeRaw(page, JSON.stringify(state), '/cart');
    await expect(page).toHaveURL('/coming-soon');
    await expect(page.getByText('We are getting ready to open.')).toBeVisible();
    await page.goto('/checkout');
    await expect(page).toHaveURL('/coming-soon');
  });
}

test('a cached catalogue holding one product with an impossible date keeps the others', async ({ page }) => {
  const catalogue = {
    updatedAt: Date.now(),
    products: [
      product('jazz', 'Jazz Night', { date: '2027-01-15T19:00:00.000Z' }),
      product('broken-date', 'Broken Date Fair', { date: 1e17 }),
      product('tee', 'Logo Tee'),
    ],
  };
  await storeKeys(page, { catalogue: JSON.stringify(catalogue) }, '/cart');
  await follow(page, 'Products');
  const list = page.getByRole('list', { name: 'Products' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Broken Date Fair', 'Jazz Night', 'Logo Tee']);
  await expect(page.getByRole('article', { name: 'Jazz Night' })).toContainText('15 Jan 2027');
  await expect(page.getByRole('article', { name: 'Broken Date Fair' })).not.toContainText(/\d{4}/);
});

test.describe('the categories’ names kept for offline visits', () => {
  test.use({ locale: 'de-DE' });

  const catalogue = JSON.stringify({
    updatedAt: Date.now(),
    products: [
      product('jazz', 'Jazz Night', { category: 'Live music' }),
      product('tee', 'Logo Tee', { category: 'Clothing' }),
    ],
  });
  const categoryFilter = (page: Page) => page.getByLabel('Kategorie');
  const toProducts = (page: Page) =>
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Produkte' }).click();

  test('name each category in the reader’s language where they hold a name, and no name where they hold none', async ({
    page,
  }) => {
    const names = { 'de-DE': { categories: { 'Live music': 'Livemusik', Clothing: 7 } } };
    await storeKeys(page, { catalogue, siteTranslations: JSON.stringify(names) }, '/cart');
    await toProducts(page);
    await expect(categoryFilter(page).getByRole('option', { name: 'Livemusik' })).toHaveAttribute(
      'value',
      'Live music',
    );
    await expect(categoryFilter(page).getByRole('option', { name: 'Clothing' })).toHaveAttribute('lang', 'en-GB');
  });

  for (const [what, value] of [
    ['not JSON', '{"de-DE": {"categories"'],
    ['of the wrong shape', '["Livemusik"]'],
    ['in a language the shop does not speak', '{"fr-FR": {"categories": {"Live music": "Musique"}}}'],
  ] as const) {
    test(`a copy ${what} is no name: the main language's, marked`, async ({ page }) => {
      await storeKeys(page, { catalogue, siteTranslations: value }, '/cart');
      await toProducts(page);
      await expect(categoryFilter(page).getByRole('option', { name: 'Live music' })).toHaveAttribute('lang', 'en-GB');
      await expect(categoryFilter(page).getByRole('option')).toHaveText(['Alle Kategorien', 'Clothing', 'Live music']);
    });
  }
});

test('a stored quantity above what an item may have is lowered at start-up, and the visitor is told', async ({
  page,
}) => {
  await storeState(page, OVERFULL_WISHLIST, '/cart');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByRole('alert').filter({ hasText: 'Wishlist quantities lowered' })).toContainText(
    '“Enamel Camp Mug” was saved in a larger quantity than a wishlist holds: it is now 99.',
  );
});

test('a stored wishlist far beyond the bound loads, keeps the first 500 items and says so', async ({ page }) => {
  await page.goto('/favicon.svg');
  const stored = await page.evaluate(() => {
    const products = Array.from({ length: 118_234 }, (_, index) => ({ id: `p${index}`, title: 't', price: 1 }));
    localStorage.setItem('state', JSON.stringify({ cart: { products, total: products.length } }));
    return products.length;
  });
  expect(stored).toBe(118_234);
  await page.goto('/cart');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByRole('alert').filter({ hasText: 'Wishlist shortened' })).toContainText('118,234');
  await expect(wishlistLink(page, '500 items')).toBeVisible();
  // 500 rows at once would block a phone for seconds: they come 50 at a time, the rest as the list is scrolled.
  const rows = page.getByRole('list', { name: 'Wishlist items' }).locator(':scope > li');
  await expect(rows).toHaveCount(50);
  // A slow phone (or a busy machine): the button must stay put while someone reaches for it, not flee because
  // coming into view made the list grow by itself.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.getByRole('button', { name: 'Show more (450 more)' }).click({ timeout: 15_000 });
  await expect(rows).toHaveCount(100);
  const next = page.getByRole('button', { name: 'Show more (400 more)' });
  await expect(next).toBeAttached();
  await expect(next).not.toBeInViewport();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const kept = (await storedState(page)) as { cart: { products: { id: string }[]; total: number } };
  expect(kept.cart.products).toHaveLength(500);
  expect(kept.cart.products.at(-1)?.id).toBe('p499');
  expect(kept.cart.total).toBe(500);
});

test('stored quantities are capped at 99 on load, and at the stock the cached catalogue knows', async ({ page }) => {
  const state = stateWith([
    { id: 'pass', title: 'Weekend pass', price: 1, quantity: Number.MAX_SAFE_INTEGER },
    { id: 'tote', title: 'Tote bag', price: 1, quantity: 150 },
    { id: 'folk', title: 'Folk in the Round', price: 10, quantity: 7 },
  ]);
  const catalogue = { updatedAt: Date.now(), products: [product('folk', 'Folk in the Round', { stock: 3 })] };
  await storeKeys(page, { state: JSON.stringify(state), catalogue: JSON.stringify(catalogue) }, '/cart');
  await expect(wishlistLink(page, '201 items')).toBeVisible();
  expect(await storedState(page)).toMatchObject({
    cart: {
      products: [
        { id: 'pass', quantity: 99 },
        { id: 'tote', quantity: 99 },
        { id: 'folk', quantity: 3 },
      ],
      total: 228,
    },
  });
});

test('an absurd stored price drops that item only, never a 300-digit amount', async ({ page }) => {
  const state = stateWith([
    { id: 'gold', title: 'Golden ticket', price: 1e308 },
    { id: 'tote', title: 'Tote bag', price: 0.2 },
  ]);
  await storeRaw(page, JSON.stringify(state), '/cart');
  await expect(page.getByTestId('wishlist-total')).toHaveText('£0.20');
  await expect(page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Golden ticket')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(/\d{20}/);
});

test('a contact draft of the wrong shape is ignored and removed; the form starts empty', async ({ page }) => {
  await storeKeys(page, { 'contact-draft': JSON.stringify({ name: ['x'], body: 42 }) }, '/cart');
  await follow(page, 'Contact');
  await expectHeading(page, 'Contact');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('contact-draft'))).toBeNull();
});
