import { AUTH_EMULATOR, expect, test } from './accounts';
import { SEED_NAME, SIGNED_OUT, TWO_ITEMS, expectHeading, failOnPageErrors, storeState, storedState } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('sign up: a guest with a wishlist creates an account, becomes a customer and keeps the wishlist', async ({
  page,
  db,
}) => {
  await storeState(page, TWO_ITEMS, '/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeFocused();

  // Inline validation first: nothing is sent while a field is wrong.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter your first name.')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Shopper');
  const email = `robin-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please use at least 6 characters.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Please use at least 6 characters.');
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expectHeading(page, 'Dashboard');
  await expect(page.getByRole('main').getByText('Welcome, Robin')).toBeVisible();
  const state = (await storedState(page)) as { auth: Record<string, unknown>; cart: unknown };
  expect(state.auth).toMatchObject({
    firstname: 'Robin',
    lastname: 'Shopper',
    email,
    role: 'customer',
    token: null,
    authenticated: true,
  });
  expect(state.cart).toEqual(TWO_ITEMS.cart);
  const profile = (await db.read(`users/${String(state.auth.id)}`)) as Record<string, unknown>;
  expect(profile).toMatchObject({ firstname: 'Robin', lastname: 'Shopper', email, role: 'customer' });
  expect(typeof profile.created).toBe('number');
  await expect(page.getByRole('link', { name: 'Wishlist, 3 items' })).toBeVisible();
});

test('sign up with an address that already has an account says so', async ({ page, accounts }) => {
  const existing = await accounts.create('customer');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Again');
  await page.getByLabel('Last name').fill('Person');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill('another password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('There is already an account with that email address');
});

test('sign in: a wrong password is explained, the right one goes back to where the visitor was going', async ({
  page,
  accounts,
}) => {
  const user = await accounts.create('customer');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A project with email enumeration protection answers invalid-credential, the emulator wrong-password.
  await expect(page.getByRole('alert')).toContainText(/That password is not right|do not match an account/);
  expect(((await storedState(page)) as { auth: unknown } | null)?.auth ?? SIGNED_OUT).toEqual(SIGNED_OUT);

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main').getByText(`Welcome, ${user.firstname}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('reset password: the emulator receives the reset, and the new password signs in', async ({ page, accounts }) => {
  const user = await accounts.create('customer');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'a link to reset its password is on its way' }),
  ).toBeVisible();

  const [code] = await accounts.resetCodes(user.email);
  expect(code).toBeTruthy();
  // What the emailed link's page does: set the new password with the code.
  const reset = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oobCode: code, newPassword: 'a brand new password' }),
    },
  );
  expect(reset.ok).toBe(true);
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await accounts.signInThroughForm(page, { email: user.email, password: 'a brand new password' });
});

test('sign out: the auth slice is cleared, the wishlist stays and the dashboard asks to sign in again', async ({
  page,
  accounts,
}) => {
  const user = await accounts.create('customer');
  await storeState(page, TWO_ITEMS, '/login');
  await accounts.signInThroughForm(page, user);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Arrived, and stays.
  await expectHeading(page, SEED_NAME);
  await expect(page).toHaveURL('/home');
  const state = (await storedState(page)) as { auth: unknown; cart: unknown };
  expect(state.auth).toEqual(SIGNED_OUT);
  expect(state.cart).toEqual(TWO_ITEMS.cart);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
});

test('a stored "signed in as staff" without a Firebase session grants nothing', async ({ page, db }) => {
  await db.write('properties/comingsoon', true);
  await storeState(
    page,
    {
      ...TWO_ITEMS,
      auth: {
        ...SIGNED_OUT,
        id: 'demo-staff',
        created: 1,
        firstname: 'Sam',
        lastname: 'Staff',
        role: 'staff',
        email: 'staff@example.com',
        authenticated: true,
      },
    },
    '/products',
  );
  await expect(page).toHaveURL('/coming-soon');
  await expect(page.getByText('Coming-soon mode is on')).toHaveCount(0);
  await expect.poll(async () => ((await storedState(page)) as { auth: unknown }).auth).toEqual(SIGNED_OUT);
  await db.write('properties/comingsoon', false);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fdashboard');
});

test('signing in while offline is refused plainly', async ({ page, db, accounts }) => {
  const user = await accounts.create('customer');
  await page.goto('/login');
  // The page as someone would have it open: loaded (the app's lazy parts included) before the connection goes.
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await db.setOffline(true);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('You appear to be offline');
});

test('signed in, the header offers the dashboard instead of sign in', async ({ page, accounts }) => {
  const user = await accounts.create('customer', { firstname: 'Sam' });
  await accounts.signInThroughForm(page, user);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expectHeading(page, 'Dashboard');
  await expect(page.getByRole('main').getByText('Welcome, Sam')).toBeVisible();
});

test('staff browse normally during coming-soon mode, with a banner', async ({ page, db, accounts }) => {
  await db.write('properties/comingsoon', true);
  await accounts.signInThroughForm(page, await accounts.create('staff'));
  await page.goto('/products');
  await expectHeading(page, 'Products');
  await expect(page.getByText('Coming-soon mode is on')).toBeVisible();
  // A reload waits for Firebase to confirm the stored staff sign-in instead of sending staff away.
  await page.reload();
  await expectHeading(page, 'Products');
  await expect(page).toHaveURL('/products');
});

test('a guest who checked out and then creates an account keeps the order', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Enamel Camp Mug to wishlist' }).click();
  await page.goto('/checkout');
  const email = `guest-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: /Reserved/ })).toBeVisible({ timeout: 20_000 });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Ash');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('robin-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectHeading(page, 'Dashboard');
  await expect(page.getByRole('region', { name: 'Your orders' }).getByText(/Enamel Camp Mug/)).toBeVisible();
  // The profile follows the database live once the guest has become a customer.
  const profile = page.getByRole('region', { name: 'Your profile' });
  await profile.getByLabel('First name').fill('Robyn');
  await profile.getByRole('button', { name: 'Save names' }).click();
  await expect(page.getByRole('main').getByText('Welcome, Robyn')).toBeVisible();
});
