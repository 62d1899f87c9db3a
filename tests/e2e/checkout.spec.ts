import type { Page } from '@playwright/test';
import type { StoredOrder } from '../../src/features/orders';
import { ALLOCATE_ENDPOINT } from '../../src/features/orders/allocateEndpoint';
import { pressAtOnce } from './buyers';
import { confirmedOrder, expectHeading, failOnPageErrors } from './support';
import { expect, test } from './liveDatabase';
import { keepPicture } from './pictures';

test.beforeEach(({ page }) => failOnPageErrors(page));

async function addToWishlist(page: Page, ...titles: string[]) {
  await page.goto('/products');
  for (const title of titles) await page.getByRole('button', { name: `Add ${title} to wishlist` }).click();
}

async function fillDetails(page: Page, details = { name: 'Robin Ash', email: 'robin@example.com' }) {
  await page.getByRole('textbox', { name: 'Name' }).fill(details.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(details.email);
}

/** Orders placed during the test (the seed's demo customer has past orders of their own). */
async function allOrders(db: { read(path: string): Promise<unknown> }): Promise<StoredOrder[]> {
  const byUser = ((await db.read('orders')) ?? {}) as Record<string, Record<string, StoredOrder>>;
  return Object.entries(byUser)
    .filter(([uid]) => uid !== 'demo-customer')
    .flatMap(([, orders]) => Object.values(orders));
}

test('a guest checks out without an account: the order is reserved at live prices and stock is taken @phone', async ({
  page,
  db,
}) => {
  await addToWishlist(page, 'Folk in the Round', 'Folk in the Round', 'Enamel Camp Mug');
  await page.goto('/checkout');
  await expectHeading(page, 'Checkout');
  // A shop that has set no payment settings takes payment at the door, as every order did before payments.
  await expect(page.getByTestId('payment-method')).toHaveText(
    'How you pay: At the door — pay when you arrive (or on collection).',
  );
  await db.write('products/folk-in-the-round/price', 14);
  await expect(page.getByText('Some prices have changed since you added the items')).toBeVisible();
  await fillDetails(page);
  await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+44 7700 900123');
  await page.getByRole('textbox', { name: 'Notes for the shop' }).fill('Step-free access, please.');
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(
    page.getByRole('button', { name: /Reserving…|In line…/ }).or(page.getByRole('heading', { name: /Reserved/ })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' }), errors.join('\n')).toBeVisible({
    timeout: 20_000,
  });
  // The reference people read: eight characters in two groups, never the database's key.
  const { reference, id, uid } = await confirmedOrder(page, db);
  // Written in the language the buyer read the shop in, for its emails and tickets.
  expect(await db.read(`orders/${uid}/${id}/language`)).toBe('en-GB');
  expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  // The order's id is derived by trusted code from the account and the request (functions/src/orders/orderId.ts).
  expect(id).toMatch(/^[-\w]{22}$/);
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();

  const orders = await allOrders(db);
  expect(orders).toHaveLength(1);
  const mugPrice = (await db.read('products/enamel-mug/price')) as number;
  expect(orders[0]).toMatchObject({
    status: 'pending',
    contact: { name: 'Robin Ash', email: 'robin@example.com', telephone: '+44 7700 900123' },
    notes: 'Step-free access, please.',
    items: { 'folk-in-the-round': { quantity: 2, price: 14 } },
    total: 28 + mugPrice,
  });
  expect(await db.read('products/folk-in-the-round/stock')).toBe(1);
});

test('a buyer’s name that looks like markup is thanked as typed, not read as the message’s own tags', async ({
  page,
}) => {
  failOnPageErrors(page);
  await addToWishlist(page, 'Folk in the Round');
  await page.goto('/checkout');
  await fillDetails(page, { name: 'Ann <b>Parks</b> <0>x</0>', email: 'ann@example.com' });
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Ann <b>Parks</b> <0>x</0>' })).toBeVisible({
    timeout: 20_000,
  });
});

test('checkout validates the details inline and keeps the wishlist', async ({ page }) => {
  await addToWishlist(page, 'Harbour Jazz Night');
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByText('Please enter the name for the order.')).toBeVisible();
  await expect(page.getByText('Please enter an email address like name@example.com.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
});

test('offline, checkout is disabled with the reason, and nothing is lost', async ({ page, db }) => {
  await addToWishlist(page, 'Harbour Jazz Night');
  await page.goto('/checkout');
  await fillDetails(page);
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeEnabled();
  await db.setOffline(true);
  await expect(page.getByText('You are offline. Checkout needs a connection')).toBeVisible();
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeDisabled();
  await db.setOffline(false);
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeEnabled({ timeout: 10_000 });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Robin Ash');
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
});

test('a sold-out item blocks checkout until it is removed', async ({ page, db }) => {
  await addToWishlist(page, 'Harbour Jazz Night', 'Winter Vinyl Fair');
  await page.goto('/checkout');
  await db.write('products/winter-vinyl-fair/stock', 0);
  await expect(page.getByText('Some items in your wishlist need attention')).toBeVisible();
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeDisabled();
  await page.getByRole('link', { name: 'Review wishlist' }).click();
  await page.getByRole('button', { name: 'Remove Winter Vinyl Fair' }).click();
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeEnabled();
});

test('the last item: of two buyers racing for it exactly one gets it, the other is told and keeps the wishlist', async ({
  browser,
  db,
}) => {
  // Two browsers, each filling in checkout: on a loaded machine (CI at load 12–19) longer than a plain test's 30 s.
  test.slow();
  await db.write('products/folk-in-the-round/stock', 1);
  const buyers = await Promise.all([browser.newContext(), browser.newContext()]);
  // Both contexts talk to this test's database.
  await Promise.all(buyers.map((context) => db.connect(context)));
  const pages = await Promise.all(buyers.map((context) => context.newPage()));
  for (const [index, page] of pages.entries()) {
    failOnPageErrors(page);
    await addToWishlist(page, 'Folk in the Round');
    await page.goto('/checkout');
    await fillDetails(page, { name: `Buyer ${index + 1}`, email: `buyer${index + 1}@example.com` });
    // Connected, so the button no longer moves as the connection notice goes.
    await expect(page.getByRole('button', { name: /Reserve order/ })).toBeEnabled();
  }
  await pressAtOnce(pages);

  const outcomes = await Promise.all(
    pages.map(async (page) => {
      const won = page.getByRole('heading', { name: /Reserved: thank you/ });
      // Refused by the database or, if the other order got there before this press, shown sold out with the button
      // disabled: either way no order for this buyer.
      const lost = page
        .getByRole('alert')
        .filter({ hasText: 'Not enough left: Folk in the Round is sold out' })
        .or(page.getByRole('button', { name: /Reserve order/, disabled: true }));
      await expect(won.or(lost).first()).toBeVisible({ timeout: 20_000 });
      return (await won.isVisible()) ? 'won' : 'lost';
    }),
  );
  expect([...outcomes].sort()).toEqual(['lost', 'won']);
  const loser = pages[outcomes.indexOf('lost')]!;
  await expect(loser.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  expect(await db.read('products/folk-in-the-round/stock')).toBe(0);
  expect(await allOrders(db)).toHaveLength(1);
  await Promise.all(buyers.map((context) => context.close()));
});

test('while the buyer waits in line, the summary does not mark what they queued for as sold out or short', async ({
  page,
  db,
}) => {
  await addToWishlist(page, 'Folk in the Round', 'Folk in the Round');
  await page.goto('/checkout');
  await expectHeading(page, 'Checkout');
  await fillDetails(page);
  // The shop's allocator is held back, so the request waits in line for as long as the test needs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${ALLOCATE_ENDPOINT}`, async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByTestId('order-progress')).toContainText('You’re in line');
  const summary = page.getByRole('region', { name: 'Your order' });

  // The stock moves while the answer is on its way (the buyer's own purchase, or others' in the rush). The price
  // moves in the same write, so its mark shows that the summary has the new stock too.
  const folk = (await db.read('products/folk-in-the-round')) as Record<string, unknown>;
  await db.write('products/folk-in-the-round', { ...folk, stock: 1, price: 13 });
  await expect(summary).toContainText('price changed');
  await expect(summary).not.toContainText('left');
  await db.write('products/folk-in-the-round', { ...folk, stock: 0, price: 13.5 });
  await expect(summary).toContainText('£27.00');
  await expect(summary).not.toContainText('sold out');
  await expect(page.getByRole('button', { name: 'In line…' })).toBeVisible();
  await keepPicture(page, `checkout-in-line-desktop`);

  await db.write('products/folk-in-the-round', folk);
  release();
  await expectHeading(page, 'Order reserved');
});
