import { jazzOrder } from './support';
import { expect, test } from './accounts';
import { checkScreenInEachScheme as check, startInScheme } from './screenCheck';

test('sign-in forms and both dashboards pass axe in both schemes @phone', async ({ page, db, accounts }) => {
  test.setTimeout(120_000);
  await startInScheme(page);
  const customer = await accounts.create('customer');
  await db.write(`orders/${customer.uid}/order-1`, jazzOrder('Casey Customer', customer.email, 'confirmed'));

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await check(page, 'login-errors');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await check(page, 'signup');

  await accounts.signIn(page, customer);
  await expect(page.getByText('Harbour Jazz Night')).toBeVisible();
  await check(page, 'dashboard-customer');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/home');

  await accounts.signIn(page, await accounts.create('staff'));
  await check(page, 'dashboard-staff-site');
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('button', { name: 'Edit Harbour Jazz Night' })).toBeVisible();
  await check(page, 'dashboard-staff-products');
  await page.getByRole('button', { name: 'Edit Harbour Jazz Night' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'dashboard-staff-product-editor');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByText(customer.email)).toBeVisible();
  await check(page, 'dashboard-staff-users');
});
