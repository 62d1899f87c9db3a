import { expect, test } from './accounts';
import { confirmedOrder, failOnPageErrors, reserved } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('the wishlist and checkout say how many one order may hold, before the shop refuses it @phone', async ({
  page,
  db,
}) => {
  await db.write('products/harbour-jazz-night/maxPerOrder', 2);
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await add.click();
  const toast = 'Your wishlist already holds 2 of "Harbour Jazz Night", the most one order may hold.';
  await expect(page.getByText(toast)).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText(/up to 2 per order/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'One more Harbour Jazz Night' })).toBeDisabled();

  // Staff lower the limit while it is on the wishlist: the row says so and offers the most allowed.
  await db.write('products/harbour-jazz-night/maxPerOrder', 1);
  await expect(page.getByText('One order may hold at most 1.')).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-limits')).toContainText('up to 3 orders waiting to be paid or collected');
  await expect(page.getByText('at most 1 per order')).toBeVisible();
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeDisabled();
  await page.getByRole('link', { name: 'Review wishlist' }).click();
  await page.getByRole('button', { name: 'Take 1' }).click();
  await expect(page.getByRole('button', { name: 'One more Harbour Jazz Night' })).toBeDisabled();
});

test('an account with three open orders is told plainly and keeps its wishlist; a closed order frees a place', async ({
  page,
  db,
  accounts,
}) => {
  // Five orders asked for, each at least 2 s after the last (orderRate): 16 s on a quiet machine, more on a busy one.
  test.setTimeout(90_000);
  const customer = await accounts.create('customer', { firstname: 'Casey', lastname: 'Marsh' });
  await accounts.signIn(page, customer);
  const place = async () => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Add Enamel Camp Mug to wishlist' }).click();
    await page.goto('/checkout');
    await page.getByRole('button', { name: /Reserve order/ }).click();
  };
  const references: string[] = [];
  for (let i = 0; i < 3; i++) {
    await place();
    await expect(reserved(page)).toBeVisible({ timeout: 20_000 });
    references.push((await confirmedOrder(page, db)).id);
  }
  const taken = (await db.read(`openOrders/${customer.uid}`)) as Record<string, string>;
  expect(Object.values(taken).sort()).toEqual([...references].sort());

  await place();
  const refusal = page.getByText(/You already have 3 orders waiting to be paid or collected/);
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  expect(Object.keys((await db.read(`orders/${customer.uid}`)) as object)).toHaveLength(3);

  // The shop fulfils one (as the staff dashboard does: status and slot together); the next order goes through.
  const slots = (await db.read(`openOrders/${customer.uid}`)) as Record<string, string>;
  const [slot] = Object.entries(slots).find(([, id]) => id === references[0])!;
  await db.write(`openOrders/${customer.uid}/${slot}`, null);
  await db.write(`orders/${customer.uid}/${references[0]}/status`, 'fulfilled');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(reserved(page)).toBeVisible({ timeout: 20_000 });
});
