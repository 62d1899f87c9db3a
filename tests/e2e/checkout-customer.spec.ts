import { expect, test } from './accounts';
import { confirmedOrder, failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('a signed-in customer checks out with their details filled in, and the order is theirs', async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer', { firstname: 'Casey', lastname: 'Marsh' });
  await accounts.signIn(page, customer);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Casey Marsh');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);
  await expect(page.getByText('No account needed.')).toHaveCount(0);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Casey Marsh' })).toBeVisible({
    timeout: 20_000,
  });
  const { id } = await confirmedOrder(page, db);
  expect(await db.read(`orders/${customer.uid}/${id}`)).toMatchObject({
    status: 'pending',
    contact: { name: 'Casey Marsh', email: customer.email },
    items: { 'harbour-jazz-night': { quantity: 1, price: 18 } },
    total: 18,
  });
  expect(await db.read('products/harbour-jazz-night/stock')).toBe(41);
});
