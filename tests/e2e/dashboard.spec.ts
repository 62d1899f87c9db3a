import type { Page } from '@playwright/test';
import { expect, test, type TestUser } from './accounts';
import { changeOrderStatus, expectHeading, failOnPageErrors, jazzOrder, STATUS_SAVED } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  // The tab row scrolls itself (animated) to the tab chosen last: a click on a tab it is still carrying along can
  // land beside it, so it is clicked again until chosen, as a person would.
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
}

test('customer: own orders with live status, names editable, no staff tools @phone', async ({ page, db, accounts }) => {
  const customer = await accounts.create('customer');
  await db.write(`orders/${customer.uid}/order-1`, jazzOrder('Casey Customer', customer.email));
  await accounts.signIn(page, customer);

  const orders = page.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByRole('article', { name: 'Order 1' })).toContainText('2 × Harbour Jazz Night');
  await expect(orders.getByText('Pending')).toBeVisible();
  await db.write(`orders/${customer.uid}/order-1/status`, 'confirmed');
  await expect(orders.getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);

  const profile = page.getByRole('region', { name: 'Your profile' });
  await profile.getByLabel('First name').fill('');
  await profile.getByRole('button', { name: 'Save names' }).click();
  await expect(profile.getByText('Please enter your first name.')).toBeVisible();
  await expect(profile.getByLabel('First name')).toBeFocused();
  await profile.getByLabel('First name').fill('Casey-Jo');
  await profile.getByRole('button', { name: 'Save names' }).click();
  await expect(page.getByRole('main').getByText('Welcome, Casey-Jo')).toBeVisible();
  await expect.poll(() => db.read(`users/${customer.uid}/firstname`)).toBe('Casey-Jo');
});

test('a customer trying staff actions through the SDK directly is refused by the rules', async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer');
  const other = await accounts.create('customer');
  await db.write(`orders/${other.uid}/theirs`, jazzOrder('Other', other.email));
  await db.write(`orders/${customer.uid}/mine`, jazzOrder('Me', customer.email));
  await page.goto('/home');

  // A control that can fail: the same client may read its own profile.
  expect(await accounts.sdkRead(page, customer, `users/${customer.uid}`)).toBe('ok');
  const denied = 'PERMISSION_DENIED';
  expect(await accounts.sdkWrite(page, customer, 'properties/name', 'Hacked')).toBe(denied);
  expect(await accounts.sdkWrite(page, customer, `users/${customer.uid}/role`, 'staff')).toBe(denied);
  expect(await accounts.sdkWrite(page, customer, `users/${other.uid}/role`, 'staff')).toBe(denied);
  expect(await accounts.sdkWrite(page, customer, 'products/harbour-jazz-night/active', false)).toBe(denied);
  expect(await accounts.sdkWrite(page, customer, `orders/${customer.uid}/mine/status`, 'fulfilled')).toBe(denied);
  expect(await accounts.sdkRead(page, customer, `orders/${other.uid}`)).toBe(denied);
  expect(await accounts.sdkRead(page, customer, 'users')).toBe(denied);
  expect(await accounts.sdkRead(page, customer, 'messages')).toBe(denied);
  expect(await db.read(`users/${customer.uid}/role`)).toBe('customer');
  expect(await db.read('properties/name')).not.toBe('Hacked');
});

test('staff edit the site details and every open page follows live', async ({ page, db, accounts, browser }) => {
  await accounts.signIn(page, await accounts.create('staff'));
  const visitorContext = await browser.newContext();
  await db.connect(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/contact');
  await expectHeading(visitor, 'Contact');

  const site = page.getByRole('form', { name: 'Site details' });
  await site.getByLabel('Shop name').fill('');
  await site.getByLabel('Contact email').fill('not-an-email');
  await site.getByRole('button', { name: 'Save site details' }).click();
  await expect(site.getByText('Please enter the shop’s name.')).toBeVisible();
  await expect(site.getByText('Please enter an email address like name@example.com.')).toBeVisible();
  await expect(site.getByLabel('Shop name')).toBeFocused();

  await site.getByLabel('Shop name').fill('Harbour Nights');
  await site.getByLabel('Contact email').fill('hello@harbour.example');
  await site.getByRole('button', { name: 'Save site details' }).click();
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Harbour Nights' })).toBeVisible();
  await expect(visitor.getByRole('contentinfo').getByRole('link', { name: 'hello@harbour.example' })).toBeVisible();

  // Coming-soon mode with a launch date: the visitor is taken to the coming-soon page, staff stay.
  await site.getByLabel('Launch date and time').fill('2031-06-01T18:30');
  await site.getByLabel(/Coming-soon mode/).check();
  await site.getByRole('button', { name: 'Save site details' }).click();
  await expect(visitor).toHaveURL('/coming-soon');
  await expect(visitor.getByText(/We open on/)).toContainText('2031');
  expect(await db.read('properties/comingsoon')).toBe(true);
  // Entered on the shop's wall clock (the seed's Europe/London, in summer time).
  expect(await db.read('properties/launch')).toBe('2031-06-01T17:30:00.000Z');
  await expectHeading(page, 'Dashboard');
  await visitorContext.close();
});

test('staff manage products, orders, messages and roles', async ({ page, db, accounts }) => {
  // Every tab of the staff dashboard in one session, each change checked in the database.
  test.slow();
  const staff = await accounts.create('staff');
  const customer: TestUser = await accounts.create('customer', { firstname: 'Casey', lastname: 'Buyer' });
  await db.writeOrders([{ uid: customer.uid, id: 'order-1', order: jazzOrder('Casey Buyer', customer.email) }]);
  await db.write('messages/m1', {
    name: 'Robin',
    email: 'robin@example.com',
    subject: 'Parking?',
    body: 'Is there parking nearby?',
    created: Date.now(),
  });
  await accounts.signIn(page, staff);

  await openTab(page, 'Products');
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByRole('button', { name: 'Save product' }).click();
  await expect(dialog.getByText('Please enter a title.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbour Poster');
  await expect(dialog.getByLabel('Id')).toHaveValue('harbour-poster');
  await dialog.getByLabel('Price').fill('12.555');
  await dialog.getByLabel('Category').fill('Prints');
  await dialog.getByLabel('Stock').fill('-1');
  await dialog.getByRole('button', { name: 'Save product' }).click();
  await expect(dialog.getByText('Please use at most two decimal places.')).toBeVisible();
  await expect(dialog.getByText(/Please enter a whole number of 0 or more/)).toBeVisible();
  await dialog.getByLabel('Price').fill('12.50');
  await dialog.getByLabel('Stock').fill('10');
  await dialog.getByRole('button', { name: 'Save product' }).click();
  await expect(dialog).toBeHidden();
  expect(await db.read('products/harbour-poster')).toMatchObject({
    title: 'Harbour Poster',
    price: 12.5,
    category: 'Prints',
    stock: 10,
    active: true,
  });
  await page.getByRole('button', { name: 'Hide Harbour Jazz Night' }).click();
  await expect(page.getByRole('button', { name: 'Show Harbour Jazz Night' })).toBeVisible();
  // The page shows the change as soon as the SDK has it, before the database has confirmed it.
  await expect.poll(() => db.read('products/harbour-jazz-night/active')).toBe(false);
  await page.getByRole('button', { name: 'Edit Harbour Poster' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Stock').fill('3');
  await editor.getByLabel('Least per order').fill('2');
  await editor.getByLabel('Sales open').fill('2031-06-01T18:30');
  await editor.getByLabel('Sales close').fill('2031-06-01T18:00');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(editor.getByText('Sales must close after they open.')).toBeVisible();
  await editor.getByLabel('Sales close').fill('');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(editor).toBeHidden();
  // Typed on the shop's wall clock (the seed's Europe/London, in summer time), stored as milliseconds.
  await expect
    .poll(() => db.read('products/harbour-poster'))
    .toMatchObject({ stock: 3, minPerOrder: 2, onSaleFrom: Date.UTC(2031, 5, 1, 17, 30) });
  expect(await db.read('products/harbour-poster/onSaleUntil')).toBeNull();
  await expect(page.getByText('2 to 10 per order · on sale from 1 Jun 2031, 18:30')).toBeVisible();

  // Goods may be sold as a gift card, valid for some months or for ever (docs/gift-cards.md#selling-them).
  await page.getByRole('button', { name: 'Edit Harbour Poster' }).click();
  const asGiftCard = editor.getByRole('switch', { name: /^Sold as a gift card/ });
  await expect(editor.getByRole('textbox', { name: 'Months each gift card lasts' })).toHaveCount(0);
  await asGiftCard.check();
  const months = editor.getByRole('textbox', { name: 'Months each gift card lasts' });
  await months.fill('500');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(editor.getByText(/Please enter a whole number of months from 1 to 120/)).toBeVisible();
  await months.fill('12');
  // Its buyers may choose what each card is worth, between two bounds around its price (the amount suggested).
  const highest = editor.getByRole('textbox', { name: 'Highest amount a buyer may choose' });
  await editor.getByRole('textbox', { name: 'Lowest amount a buyer may choose' }).fill('1');
  await highest.fill('0,50');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(
    editor.getByText('The highest amount must not be below the price, which is the amount suggested.'),
  ).toBeVisible();
  await highest.fill('500');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(editor).toBeHidden();
  await expect
    .poll(() => db.read('products/harbour-poster'))
    .toMatchObject({ giftCard: true, giftCardMonths: 12, giftCardAmount: { min: 1, max: 500 }, stock: 3 });
  // An event cannot be one.
  await page.getByRole('button', { name: 'Edit Harbour Poster' }).click();
  await expect(asGiftCard).toBeChecked();
  await editor.getByLabel('Event date and time').fill('2031-06-01T19:00');
  await expect(asGiftCard).toBeDisabled();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await openTab(page, 'Orders');
  await changeOrderStatus(page, 'order-1', 'fulfilled');
  await expect.poll(() => db.read(`orders/${customer.uid}/order-1/status`), STATUS_SAVED).toBe('fulfilled');
  expect(await db.read(`deskOrders/${customer.uid}~order-1/status`)).toBe('fulfilled');

  await openTab(page, 'Messages');
  await expect(page.getByRole('article', { name: 'Parking?' })).toContainText('Is there parking nearby?');

  await openTab(page, 'Users');
  await expect(page.getByText('Staff: another staff member can change your role.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Role of ${staff.firstname} ${staff.lastname}` })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Role of Casey Buyer' }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await expect.poll(() => db.read(`users/${customer.uid}/role`)).toBe('staff');
});

test('saving while offline is refused plainly and nothing is written', async ({ page, db, accounts }) => {
  await accounts.signIn(page, await accounts.create('staff'));
  const site = page.getByRole('form', { name: 'Site details' });
  await expect(site.getByLabel('Shop name')).not.toHaveValue('');
  await db.setOffline(true);
  await site.getByLabel('Shop name').fill('Offline Name');
  await site.getByRole('button', { name: 'Save site details' }).click();
  await expect(site.getByRole('alert')).toContainText('You are offline, so nothing was saved');
  await db.setOffline(false);
  expect(await db.read('properties/name')).not.toBe('Offline Name');
});

test('a role change reaches the signed-in user live: the staff tools come and go without a reload', async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer');
  await accounts.signIn(page, customer);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await db.write(`users/${customer.uid}/role`, 'staff');
  await expect(page.getByRole('tab', { name: 'Site' })).toBeVisible();
  await db.write(`users/${customer.uid}/role`, 'customer');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your orders' })).toBeVisible();
});

test.describe('staff in another time zone than the shop', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('saving the site details keeps the shop’s time zone, and the launch is entered in it', async ({
    page,
    db,
    accounts,
  }) => {
    await accounts.signIn(page, await accounts.create('staff'));
    const site = page.getByRole('form', { name: 'Site details' });
    await expect(site.getByLabel('Shop name')).not.toHaveValue('');
    // The date input draws the browser's format; its hint says the date in the reader's language, on the shop's clock.
    await expect(
      site.getByText(/^Monday,? 1 March 2027 at 10:00, in the shop’s time zone \(Europe\/London\)\.$/),
    ).toBeVisible();
    // The seed's launch, 2027-03-01 10:00 UTC, is 10:00 in London (GMT), not 05:00 as in New York.
    await expect(site.getByLabel('Launch date and time')).toHaveValue('2027-03-01T10:00');

    await site.getByLabel('Launch date and time').fill('2031-06-01T18:30');
    await expect(
      site.getByText(/^Sunday,? 1 June 2031 at 18:30, in the shop’s time zone \(Europe\/London\)\.$/),
    ).toBeVisible();
    await site.getByLabel(/Coming-soon mode/).check();
    await site.getByRole('button', { name: 'Save site details' }).click();
    await expect.poll(() => db.read('properties/comingsoon')).toBe(true);
    expect(await db.read('properties/timezone')).toBe('Europe/London');
    // 18:30 in London in June (BST, UTC+1).
    expect(await db.read('properties/launch')).toBe('2031-06-01T17:30:00.000Z');
  });
});
