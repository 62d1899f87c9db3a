import { expect, test } from './accounts';
import { confirmedOrder, failOnPageErrors, reserved } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('a guest who signs in to an existing account sees the orders placed as a guest there', async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer', { firstname: 'Casey', lastname: 'Marsh' });
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Enamel Camp Mug to wishlist' }).click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Casey Marsh');
  await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(reserved(page)).toBeVisible({ timeout: 20_000 });
  const { reference, id } = await confirmedOrder(page, db);

  await accounts.signInThroughForm(page, customer);
  await expect(page.getByRole('article', { name: 'Order placed as a guest' })).toContainText(reference);
  // The orders stay where they were placed; the account only gained the right to read them.
  const links = (await db.read(`guestOrders/${customer.uid}`)) as Record<string, string>;
  const [guestUid] = Object.keys(links);
  expect(await db.read(`orders/${guestUid}/${id}`)).toMatchObject({ status: 'pending' });
  // The claim was used up by the link: its secret links no other account.
  expect(await db.read(`guestClaims/${guestUid}`)).toBeNull();
});
