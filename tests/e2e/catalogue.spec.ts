import type { Page } from '@playwright/test';
import {
  TWO_ITEMS,
  clearWishlist,
  expectHeading,
  failOnPageErrors,
  openWishlist,
  storeState,
  storedState,
} from './support';
import { expect, test } from './liveDatabase';

test.beforeEach(({ page }) => failOnPageErrors(page));

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const cardTitles = (page: Page) => productList(page).getByRole('heading', { level: 2 });

test('the products page shows the live catalogue: prices in the shop currency, dates, stock states @phone', async ({
  page,
}) => {
  await page.goto('/products');
  await expectHeading(page, 'Products');
  await expect(page.getByRole('status').filter({ hasText: /26 products/ })).toBeVisible();
  const jazz = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await expect(jazz).toContainText('£18.00');
  await expect(jazz).toContainText('Fri, 15 Jan 2027');
  await expect(jazz).toContainText('Available');
  await expect(page.getByRole('article', { name: 'Folk in the Round' })).toContainText('Only 3 left');
  const soldOut = page.getByRole('article', { name: 'Letterpress Printing Workshop' });
  await expect(soldOut).toContainText('Sold out');
  // Sold out while on sale: it cannot be added, and one may wait for places instead (docs/waiting-list.md).
  await expect(soldOut.getByRole('button', { name: /Add .* to wishlist/ })).toHaveCount(0);
  await expect(
    soldOut.getByRole('button', { name: 'Join the waiting list for Letterpress Printing Workshop' }),
  ).toBeEnabled();
  // Images keep their box before they load; the first row's load at once, the rest as they come near the view.
  const image = jazz.locator('img');
  await expect(image).toHaveCSS('aspect-ratio', '4 / 3');
  const cardImage = (index: number) => productList(page).getByRole('listitem').nth(index).locator('img');
  await expect(cardImage(0)).toHaveAttribute('loading', 'eager');
  await expect(cardImage(0)).toHaveAttribute('fetchpriority', 'high');
  await expect(cardImage(3)).toHaveAttribute('loading', 'eager');
  await expect(cardImage(4)).toHaveAttribute('loading', 'lazy');
  await expect(cardImage(4)).toHaveAttribute('fetchpriority', 'auto');
  // The inactive product in the seed is not shown.
  await expect(page.getByRole('article', { name: /Pilot Night/ })).toHaveCount(0);
});

test('search, category and sort live in the URL and survive a reload', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('searchbox', { name: 'Search' }).fill('vinyl');
  await expect(page).toHaveURL(/q=vinyl/);
  await expect(cardTitles(page).filter({ hasText: 'Winter Vinyl Fair' })).toHaveCount(1);
  await expect(cardTitles(page).filter({ hasText: 'Live at the Lantern, Vol. 1 (LP)' })).toHaveCount(1);
  await expect(cardTitles(page).filter({ hasText: 'Harbour Jazz Night' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Workshops');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
  await expect(page).toHaveURL(/category=Workshops/);
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(page).not.toHaveURL(/q=/);
  await expect(cardTitles(page).first()).toBeVisible();
  const titles = await cardTitles(page).allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  await page.reload();
  await expect(cardTitles(page)).toHaveText(titles);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Workshops');

  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page.getByRole('status').filter({ hasText: '26 products' })).toBeVisible();
});

test('changes made faster than the page re-renders all reach the URL, none undoing another', async ({ page }) => {
  await page.goto('/products?q=vinyl');
  await expect(cardTitles(page).filter({ hasText: 'Winter Vinyl Fair' })).toHaveCount(1);
  // Both changes in one task, so the second handler runs before React has rendered the first one's URL.
  await page.evaluate(() => {
    const search = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, '');
    search.dispatchEvent(new Event('input', { bubbles: true }));
    const category = [...document.querySelectorAll('select')].find((select) =>
      [...select.options].some((option) => option.value === 'Workshops'),
    )!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(category, 'Workshops');
    category.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page).toHaveURL(/category=Workshops/);
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(cardTitles(page).first()).toBeVisible();
});

test('a product opens in a dialog addressable by ?product=, and adds to the wishlist with the spec toast', async ({
  page,
}) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Details of Harbour Jazz Night' }).click();
  await expect(page).toHaveURL(/product=harbour-jazz-night/);
  const dialog = page.getByRole('dialog', { name: 'Harbour Jazz Night' });
  await expect(dialog).toContainText('candle-lit');
  await dialog.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(dialog.getByRole('status')).toHaveText('In your wishlist: 1');
  // The toast shows too (the open dialog hides it from the accessibility tree, hence the status above).
  const toast = page.locator('[data-toast-severity="success"]');
  await expect(toast).toContainText('Item added to Wishlist');
  await expect(toast).toContainText('Harbour Jazz Night');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/product=/);

  await page.goto('/products?product=folk-in-the-round');
  await expect(page.getByRole('dialog', { name: 'Folk in the Round' })).toBeVisible();
  await page.goto('/products?product=no-such-thing');
  await expect(page.getByRole('dialog', { name: 'Product not found' })).toBeVisible();
});

test('Back closes an open product; once closed, Back leaves the page instead of stopping on a copy of it', async ({
  page,
}) => {
  await page.goto('/home');
  await page.goto('/products?category=Workshops');
  const dialog = page.getByRole('dialog');
  const openFirst = () =>
    productList(page)
      .getByRole('button', { name: /^Details of / })
      .first()
      .click();

  await openFirst();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products\?category=Workshops$/);

  await openFirst();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products\?category=Workshops$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  // Opened from a link, closing just drops the parameter.
  await page.goto('/products?product=folk-in-the-round');
  // The load event comes before the app has opened the dialog and moved focus into it; an Escape pressed before
  // that reaches nothing, as it would for someone pressing it before the dialog showed.
  await expect(dialog.and(page.locator(':focus-within'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
});

test('price, stock and new products change live on an open page', async ({ page, db }) => {
  await page.goto('/products');
  const jazz = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await expect(jazz).toContainText('£18.00');
  await db.write('products/harbour-jazz-night/price', 21.5);
  await expect(jazz).toContainText('£21.50');
  await db.write('products/harbour-jazz-night/stock', 0);
  await expect(jazz).toContainText('Sold out');
  await db.write('products/late-addition', {
    title: 'Late Addition Gig',
    price: 7,
    description: 'Just announced',
    image: '',
    category: 'Live music',
    active: true,
    stock: 10,
  });
  await expect(page.getByRole('article', { name: 'Late Addition Gig' })).toBeVisible();
});

test('products with bad data are left out and logged; the page still works', async ({ page, db }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await db.write('products/broken-price', {
    title: 'Broken price',
    price: 'free',
    description: '',
    image: '',
    category: 'X',
    active: true,
  });
  await db.write('products/no-title', { price: 3, description: '', image: '', category: 'X', active: true });
  await page.goto('/products');
  await expect(page.getByRole('status').filter({ hasText: '26 products' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Broken price' })).toHaveCount(0);
  expect(warnings.join('\n')).toMatch(/Products left out of the catalogue: .*broken-price.*unusable price/);
});

test('the wishlist: add twice raises the quantity, adjust within stock, remove, clear @phone', async ({ page }) => {
  await page.goto('/products');
  const add = (title: string) => page.getByRole('button', { name: `Add ${title} to wishlist` }).click();
  await add('Folk in the Round');
  await add('Folk in the Round');
  await add('Harbour Jazz Night');
  await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
  await openWishlist(page, 'Wishlist, 3 items');
  await expectHeading(page, 'Wishlist');
  await expect(page.getByTestId('wishlist-total')).toHaveText('£43.00');
  // Three are left of the folk night: the stepper stops there.
  const rows = page.getByRole('list', { name: 'Wishlist items' }).locator(':scope > li');
  await expect(rows.first()).toContainText('Folk in the Round');
  await page.getByRole('button', { name: 'One more Folk in the Round' }).click();
  await expect(page.getByRole('button', { name: 'One more Folk in the Round' })).toBeDisabled();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£55.50');
  // The stored order moves the changed item to the end (docs/behaviour.md#wishlist); the rows on screen stay put.
  await expect(rows.first()).toContainText('Folk in the Round');
  await expect(rows.last()).toContainText('Harbour Jazz Night');
  await page.getByRole('button', { name: 'Remove Harbour Jazz Night' }).click();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£37.50');
  await clearWishlist(page);
  // Focus does not fall to <body> with the button that is gone: it is on what replaced the list.
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Your wishlist has been emptied' })).toBeVisible();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await page.getByRole('link', { name: 'Browse products' }).click();
  await expectHeading(page, 'Products');
});

test('the wishlist shows a changed price and a sold-out item plainly', async ({ page, db }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await page.getByRole('button', { name: 'Add Winter Vinyl Fair to wishlist' }).click();
  await page.goto('/cart');
  await db.write('products/harbour-jazz-night/price', 20);
  await db.write('products/winter-vinyl-fair/stock', 0);
  await expect(page.getByText('Price now £20.00 (was £18.00).')).toBeVisible();
  await expect(page.getByText('Sold out. Remove it to check out.')).toBeVisible();
  await expect(page.getByText('At today’s prices: £24.00')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£24.00');
});

test('with the database gone, the catalogue seen before, its products and the wishlist keep working', async ({
  page,
  db,
}) => {
  await page.goto('/products');
  await expect(page.getByRole('status').filter({ hasText: '26 products' })).toBeVisible();
  await db.stop();
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: '26 products (saved on this device; updating when online)' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await openWishlist(page, 'Wishlist, 1 item');
  await page.getByRole('button', { name: 'One more Harbour Jazz Night' }).click();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£36.00');
  await db.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Details of Folk in the Round' }).click();
  await expect(page.getByRole('dialog', { name: 'Folk in the Round' })).toContainText('Four songwriters');
});

test('a long catalogue renders in steps as the visitor scrolls, or on "Show more"', async ({ page, db }) => {
  const extra = Object.fromEntries(
    Array.from({ length: 74 }, (_, n) => [
      `extra-${n}`,
      {
        title: `Extra product ${n}`,
        price: 3,
        description: '',
        image: '',
        category: 'Extras',
        active: true,
        sort: 1000 + n,
      },
    ]),
  );
  await db.write('products', { ...((await db.read('products')) as object), ...extra });
  await page.goto('/products');
  await expect(page.getByRole('status').filter({ hasText: '100 products' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(48);
  // Scrolled until the end of the list is close below the screen: the next step comes by itself.
  await page
    .getByRole('button', { name: 'Show more (52 more)' })
    .evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - innerHeight - 200));
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(96);
  // Once on screen the button waits to be pressed, and stays where it is until then.
  const last = page.getByRole('button', { name: 'Show more (4 more)' });
  await last.scrollIntoViewIfNeeded();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(96);
  await last.click();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(100);
  await expect(page.getByRole('button', { name: /Show more/ })).toHaveCount(0);
  // A new search starts from the first step again.
  await page.getByRole('searchbox', { name: 'Search' }).fill('extra');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(48);
});

/**
 * How the browser's own clear button of the search field is displayed: it lives in the input's user-agent shadow
 * root, which only the DevTools protocol reaches (getComputedStyle ignores that pseudo-element).
 */
async function browserClearButtonDisplay(page: Page): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  type Node = typeof root;
  const find = (node: Node): Node | undefined => {
    const attributes = node.attributes ?? [];
    const pseudo = attributes[attributes.indexOf('pseudo') + 1];
    if (attributes.includes('pseudo') && pseudo === '-webkit-search-cancel-button') return node;
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const button = find(root);
  if (!button) throw new Error('no search field with a clear button on the page');
  const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: button.nodeId });
  return computedStyle.find((property) => property.name === 'display')?.value;
}

test('the search field clears with the shop’s own button, not the browser’s @phone', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/products');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('jazz');
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible();
  expect(await browserClearButtonDisplay(page)).toBe('none');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('clearing the wishlist asks first, and the spec’s toast offers to undo it', async ({ page }) => {
  await storeState(page, TWO_ITEMS, '/cart');
  const rows = page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear wishlist' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear your wishlist?' });
  await expect(confirm).toContainText('2 products (3 items in all) will be removed from this device.');
  await confirm.getByRole('button', { name: 'Keep them' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Clear wishlist' }).click();
  await confirm.getByRole('button', { name: 'Clear wishlist' }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  const toast = page.getByRole('alert').filter({ hasText: 'Your wishlist has been emptied' });
  await expect(toast).toContainText('Item added to Wishlist');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
  expect(await storedState(page)).toMatchObject({ cart: TWO_ITEMS.cart });
});

test('prices, stock and limits read plainly: free, sold out once, the last one, why + stops', async ({ page }) => {
  await page.goto('/products');
  const market = page.getByRole('article', { name: 'Spring Makers Market' });
  await expect(market.locator('.product-card__price')).toHaveText('Free');
  const soldOut = page.getByRole('article', { name: 'Letterpress Printing Workshop' });
  await expect(soldOut.getByText('Sold out')).toHaveCount(1);
  await expect(soldOut.getByRole('button', { name: 'Add Letterpress Printing Workshop to wishlist' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Hand-poured Beeswax Candle to wishlist' }).click();
  await page.getByRole('button', { name: 'Add Hand-poured Beeswax Candle to wishlist' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wishlist not changed' })).toContainText(
    'Your wishlist already holds the last "Hand-poured Beeswax Candle".',
  );
  await page.getByRole('button', { name: 'Add Spring Makers Market to wishlist' }).click();
  await page.goto('/cart');
  const candle = page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem').filter({
    hasText: 'Hand-poured Beeswax Candle',
  });
  await expect(candle).toContainText('£16.00 each · the last one');
  await expect(candle.getByRole('button', { name: 'One more Hand-poured Beeswax Candle' })).toBeDisabled();
  const market_ = page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem').filter({
    hasText: 'Spring Makers Market',
  });
  await expect(market_).toContainText('Free · up to 10 per order');
});
