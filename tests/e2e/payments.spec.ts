import type { Page } from '@playwright/test';
import { ALLOCATE_ENDPOINT } from '../../src/features/orders/allocateEndpoint';
import type { OrderPayment, PaymentSettings } from '../../src/features/payments/model';
import { expect, test, type Accounts } from './accounts';
import { changeOrderStatus, expectHeading, failOnPageErrors, STATUS_SAVED } from './support';
import { checkScreen } from './screenCheck';
import { checkinResult, openCheckin, ticket, ticketOrder, typeCode } from './ticketSupport';

test.beforeEach(({ page }) => failOnPageErrors(page));

const ALL_METHODS: PaymentSettings = {
  door: { on: true },
  transfer: { on: true, days: 7, payee: 'Lantern Rooms Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Barclays' },
  card: { on: true, minutes: 30, autoRefund: false },
};
const DOOR = 'At the door — pay when you arrive (or on collection)';
const TRANSFER = 'Bank transfer — pay within 7 days; we email you the bank details and your reference';
const CARD = 'Card — pay now on the card provider’s page; your order is held 30 minutes';

/** A new staff member signs in and opens the dashboard's Payments tab. */
async function openPaymentsTab(page: Page, accounts: Accounts) {
  await accounts.signIn(page, await accounts.create('staff'));
  await page.getByRole('tab', { name: 'Payments' }).click();
  return page.getByRole('region', { name: 'Payments' });
}

async function toCheckout(page: Page) {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Enamel Camp Mug to wishlist' }).click();
  await page.goto('/checkout');
  await expectHeading(page, 'Checkout');
}

test('checkout offers the shop’s ways to pay, follows staff switching one off, and sends the buyer’s choice @phone', async ({
  page,
  db,
}) => {
  await db.write('paymentSettings', ALL_METHODS);
  await toCheckout(page);
  const choice = page.getByRole('radiogroup');
  await expect(page.getByRole('group', { name: 'How you pay' })).toBeVisible();
  await expect(choice.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: DOOR })).toBeChecked();
  await page.getByRole('radio', { name: TRANSFER }).check();

  // Staff stop taking transfers while the buyer fills in the form: the first offered way takes its place, said so.
  await db.write('paymentSettings/transfer/on', false);
  await expect(page.getByRole('alert')).toHaveText(
    'The shop no longer offers bank transfer, so your order will be paid at the door instead unless you choose another way below.',
  );
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: DOOR })).toBeChecked();
  await page.getByRole('radio', { name: CARD }).check();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A total under the card provider's least is not offered card, and says why (not "no longer offers").
  await db.write('products/enamel-mug/price', 0.2);
  await expect(page.getByTestId('card-left-out')).toHaveText(
    'Card is not offered for this order: card payments must be at least £0.30.',
  );
  await expect(page.getByRole('radio', { name: CARD })).toHaveCount(0);
  await expect(page.getByText(/no longer offers/)).toHaveCount(0);
  await db.write('products/enamel-mug/price', 14);
  await expect(page.getByTestId('card-left-out')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: CARD })).toBeChecked();

  // The allocator is held back, so the request can be read as the buyer's app wrote it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${ALLOCATE_ENDPOINT}`, async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect
    .poll(async () =>
      Object.values(((await db.read('orderQueue')) ?? {}) as Record<string, { method?: string }>).map(
        (request) => request.method,
      ),
    )
    .toEqual(['card']);
  release();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
});

test('one way to pay is said in words, not offered as a choice; damaged settings read as at the door', async ({
  page,
  db,
}) => {
  await db.write('paymentSettings', {
    ...ALL_METHODS,
    door: { on: false },
    transfer: { ...ALL_METHODS.transfer, on: false },
  });
  await toCheckout(page);
  await expect(page.getByTestId('payment-method')).toHaveText(`How you pay: ${CARD}.`);
  await expect(page.getByRole('radio')).toHaveCount(0);
  // Written past the rules, as a damaged node would be: checkout still takes orders, at the door.
  await db.write('paymentSettings', { card: { on: 'yes', minutes: -1 } });
  await expect(page.getByTestId('payment-method')).toHaveText(`How you pay: ${DOOR}.`);
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeEnabled();
});

test('staff set how buyers pay: each problem is said at its field, and the whole node is saved', async ({
  page,
  db,
  accounts,
}) => {
  const section = await openPaymentsTab(page, accounts);
  await expect(section.getByLabel('Offer at the door')).toBeChecked();
  await expect(section.getByLabel('Offer bank transfer')).not.toBeChecked();

  await section.getByLabel('Offer bank transfer').check();
  await section.getByRole('textbox', { name: 'Days to pay' }).fill('61');
  await section.getByRole('textbox', { name: 'Minutes to pay' }).fill('5');
  await section.getByRole('button', { name: 'Save payments' }).click();
  await expect(section.getByRole('textbox', { name: 'Days to pay' })).toBeFocused();
  await expect(section.getByRole('textbox', { name: 'Days to pay' })).toHaveAccessibleDescription(
    'Please enter a whole number of days from 1 to 60.',
  );
  await expect(section.getByRole('textbox', { name: 'Account', exact: true })).toHaveAccessibleDescription(
    /^Bank transfer needs an account to pay to/,
  );
  await expect(section.getByRole('textbox', { name: 'Minutes to pay' })).toHaveAccessibleDescription(
    'Please enter a whole number of minutes from 10 to 1440.',
  );
  expect(await db.read('paymentSettings')).toBeNull();

  await section.getByRole('textbox', { name: 'Days to pay' }).fill('14');
  await section.getByRole('textbox', { name: 'Minutes to pay' }).fill('45');
  await section.getByRole('textbox', { name: 'Payee' }).fill('Lantern Rooms Ltd');
  await section.getByRole('textbox', { name: 'Account', exact: true }).fill('  20-00-00 55779911 ');
  await section.getByLabel('Offer at the door').uncheck();
  await section.getByLabel('Offer card').check();
  const autoRefund = section.getByLabel('Refund card money that buys nothing, at once');
  await expect(autoRefund).not.toBeChecked();
  await expect(autoRefund).toHaveAccessibleDescription(/^A card payment that arrives for a cancelled order/);
  await autoRefund.check();
  await section.getByRole('button', { name: 'Save payments' }).click();
  await expect
    .poll(() => db.read('paymentSettings'))
    .toEqual({
      door: { on: false },
      transfer: { on: true, days: 14, payee: 'Lantern Rooms Ltd', account: '20-00-00 55779911', bank: '' },
      card: { on: true, minutes: 45, autoRefund: true },
    });

  await section.getByLabel('Offer bank transfer').uncheck();
  await section.getByLabel('Offer card').uncheck();
  await expect(section.getByText('Every method is off: checkout will offer pay at the door.')).toBeVisible();
});

test('a buyer’s order shows its payment: what is due, until when, and for a transfer where to pay and what to quote @phone', async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer');
  await db.write('paymentSettings', ALL_METHODS);
  const order = (pay?: OrderPayment) => ({
    items: { 'harbour-jazz-night': { title: 'Harbour Jazz Night', price: 18, quantity: 2 } },
    total: 36,
    status: 'pending',
    created: Date.now(),
    contact: { name: 'Casey', email: customer.email },
    ref: 'K7M4QXPR',
    ...(pay ? { pay } : {}),
  });
  const pay: OrderPayment = {
    method: 'transfer',
    currency: 'GBP',
    due: 3600,
    paid: 1000,
    refunded: 0,
    state: 'pending',
    until: Date.UTC(2030, 6, 15, 16, 30),
    v: 2,
  };
  await db.write(`orders/${customer.uid}`, { 'order-1': order(pay), 'order-0': order() });
  await accounts.signIn(page, customer);
  const orders = page.getByRole('region', { name: 'Your orders' });
  const payment = orders.getByTestId('order-payment');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Awaiting payment · Bank transfer');
  // What arrived is acknowledged (before, a part payment showed only what was left).
  await expect(payment).toContainText('Received £10.00 so far. To pay: £26.00');
  // In the shop's zone (Europe/London, summer time), not the device's.
  await expect(payment).toContainText('Pay by 15 Jul 2030, 17:30');
  await expect(payment).toContainText('AccountGB33 BUKB 2020 1555 5555 55');
  await expect(payment).toContainText('Reference to quoteK7M4-QXPR');

  await db.write(`orders/${customer.uid}/order-1/pay`, { ...pay, paid: 3600, state: 'paid', v: 3 });
  await expect(payment).toContainText('Paid · Bank transfer');
  await expect(payment).toContainText('Paid £36.00');
  await expect(payment).not.toContainText('Reference to quote');
  // Paid over: what is over is said to go back.
  await db.write(`orders/${customer.uid}/order-1/pay`, { ...pay, paid: 4000, state: 'paid', v: 4 });
  await expect(payment).toContainText('Paid £40.00: £4.00 more than was due, which is to be refunded to you.');
  // A card order paid by bank transfer (after its hold lapsed): the way it was paid is named, not the card.
  await db.write(`orders/${customer.uid}/order-1/pay`, {
    ...pay,
    method: 'card',
    paid: 3600,
    state: 'paid',
    paidBy: 'transfer',
    v: 5,
  });
  await expect(payment).toContainText('Paid · Bank transfer');
});

test('a ticket whose order waits for a bank transfer shows no code to its buyer and is refused at the door, until paid', async ({
  page,
  db,
  accounts,
  browser,
  baseURL,
}) => {
  const customer = await accounts.create('customer', { firstname: 'Tess', lastname: 'Transfer' });
  const code = 'TR4N-SFER-0000-1111-2222-3333-4444';
  const pay: OrderPayment = {
    method: 'transfer',
    currency: 'GBP',
    due: 1800,
    paid: 0,
    refunded: 0,
    state: 'pending',
    until: Date.now() + 86_400_000,
    v: 1,
  };
  await db.write(`orders/${customer.uid}/order-t`, {
    ...ticketOrder('Tess Transfer', customer.email, 1),
    status: 'pending',
    pay,
  });
  await db.write(
    `tickets/harbour-jazz-night/order-t-0`,
    ticket(customer.uid, 'order-t', 0, code, { holder: 'Tess Transfer', status: 'unpaid' }),
  );
  // The buyer, on their own device.
  const buyersPhone = await browser.newContext({ baseURL });
  await db.connect(buyersPhone);
  const buyer = await buyersPhone.newPage();
  failOnPageErrors(buyer);
  await accounts.signIn(buyer, customer);
  const mine = buyer.getByRole('region', { name: 'Your tickets' }).getByTestId('ticket');
  await expect(mine).toContainText('Awaiting payment: valid once paid');
  await expect(mine.getByTestId('ticket-qr')).toHaveCount(0);
  await expect(mine.getByTestId('ticket-code')).toHaveCount(0);
  await buyersPhone.close();

  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await openCheckin(page, 3);
  await typeCode(page, code);
  await expect(checkinResult(page)).toHaveAttribute('data-kind', 'unpaid');
  await expect(checkinResult(page)).toContainText('Not paid');
  await expect(checkinResult(page)).toContainText('Tess Transfer');
  await expect(page.getByTestId('checkin-outbox')).toHaveText('All scans sent.');

  // Paid by transfer (staff record it on the desk): the live list lets the ticket in.
  await db.write(`orders/${customer.uid}/order-t/pay`, { ...pay, paid: 1800, state: 'paid', v: 2 });
  await db.write(`tickets/harbour-jazz-night/order-t-0/status`, 'valid');
  await expect(async () => {
    await typeCode(page, code);
    await expect(checkinResult(page)).toContainText('Admitted', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test('staff moving an unpaid transfer order on keep its ticket unpaid, void once cancelled, and cancelled stays', async ({
  page,
  db,
  accounts,
}) => {
  // Two status changes, each sent after its undo window.
  test.setTimeout(90_000);
  const staff = await accounts.create('staff');
  const pay = {
    method: 'transfer',
    currency: 'GBP',
    due: 1800,
    paid: 0,
    refunded: 0,
    state: 'pending',
    until: Date.now() + 86_400_000,
    v: 1,
  } as const;
  await db.writeOrders([
    {
      uid: 'buyer-u',
      id: 'order-u',
      order: { ...ticketOrder('Uma Unpaid', 'uma@example.com', 1), status: 'pending', pay },
    },
  ]);
  await db.write(
    'tickets/harbour-jazz-night/order-u-0',
    ticket('buyer-u', 'order-u', 0, 'UNP4-1D00-0000-1111-2222-3333-4444', { status: 'unpaid' }),
  );
  await accounts.signIn(page, staff);
  await page.goto('/dashboard?tab=orders');
  const status = (value: string) =>
    expect.poll(() => db.read('tickets/harbour-jazz-night/order-u-0/status'), STATUS_SAVED).toBe(value);
  await changeOrderStatus(page, 'order-u', 'confirmed');
  await expect.poll(() => db.read('orders/buyer-u/order-u/status'), STATUS_SAVED).toBe('confirmed');
  await status('unpaid');
  await changeOrderStatus(page, 'order-u', 'cancelled');
  await status('void');
  // Its places went back on sale: it is not reopened (docs/payments.md#the-order-lifecycle).
  await expect(page.getByRole('combobox', { name: 'Status of order order-u' })).toBeDisabled();
  expect(await db.read('orders/buyer-u/order-u/cancelled')).toMatchObject({ by: staff.uid });
});

test('the Payments tab says when unpaid orders were last checked, and warns when the check has stopped', async ({
  page,
  db,
  accounts,
}) => {
  const section = await openPaymentsTab(page, accounts);
  await expect(
    section.getByRole('status').filter({ hasText: 'Unpaid orders have not been checked yet' }),
  ).toBeVisible();
  await db.write('jobRuns/holds', { at: Date.now() - 30_000, expired: 2, reminded: 1 });
  await expect(
    section.getByRole('status').filter({ hasText: /^Unpaid orders are checked every minute; last/ }),
  ).toContainText('2 lapsed, 1 reminded to pay.');
  await checkScreen(page, 'payments-tab-checked');
  await db.write('jobRuns/holds', { at: Date.now() - 20 * 60_000, expired: 0, reminded: 0 });
  await expect(
    section.getByRole('status').filter({ hasText: /^Unpaid orders have not been checked since/ }),
  ).toBeVisible();
});
