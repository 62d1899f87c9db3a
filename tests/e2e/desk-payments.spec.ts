/**
 * Payments on the staff desk (docs/payments.md#on-the-desk): the Orders tab's payment column and filter, an
 * order's payments in its details, and recording a payment by hand, applied by trusted code (the e2e routes answer
 * the desk's call as `vite preview` does) and said in words, online and offline. Orders are written as trusted code
 * writes them, with their payment summaries and index entries.
 */
import type { Page } from '@playwright/test';
import type { StoredOrderPayment } from '../../src/features/orders/orderPayment';
import { expect, test, type Accounts } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const HOUR = 3_600_000;
const JAZZ = 'harbour-jazz-night';
/** Sold out in the seed: an order of it that lapsed cannot have its ticket back. */
const WORKSHOP = 'letterpress-workshop';

const pay = (extra: Partial<StoredOrderPayment>): StoredOrderPayment => ({
  method: 'transfer',
  currency: 'GBP',
  due: 3600,
  paid: 0,
  refunded: 0,
  state: 'pending',
  until: Date.UTC(2030, 6, 15, 16, 30),
  v: 1,
  ...extra,
});

/** Four orders, newest first: awaiting payment (part paid), paid, lapsed unpaid, and one from before payments. */
async function shop(db: LiveDatabase) {
  const now = Date.now();
  const order = (name: string, created: number, payment: StoredOrderPayment | null, product = JAZZ, price = 18) => ({
    items: {
      [product]: { title: product === JAZZ ? 'Harbour Jazz Night' : 'Letterpress Workshop', price, quantity: 2 },
    },
    total: price * 2,
    status: payment?.state === 'expired' ? ('cancelled' as const) : ('pending' as const),
    created,
    contact: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    ...(payment ? { pay: payment } : {}),
  });
  await db.writeOrders([
    { uid: 'buyer-a', id: 'order-awaiting', order: order('Ann Awaiting', now - HOUR, pay({ paid: 1000, v: 2 })) },
    { uid: 'buyer-b', id: 'order-paid', order: order('Pat Paid', now - 2 * HOUR, pay({ paid: 3600, state: 'paid' })) },
    {
      uid: 'buyer-c',
      id: 'order-lapsed',
      order: order('Lee Lapsed', now - 3 * HOUR, pay({ due: 13000, state: 'expired' }), WORKSHOP, 65),
    },
    { uid: 'buyer-d', id: 'order-old', order: order('Olga Old', now - 4 * HOUR, null) },
  ]);
}

const orderList = (page: Page) =>
  page.getByRole('table', { name: 'Orders' }).or(page.getByRole('list', { name: 'Orders' }));
const orderRows = (page: Page) =>
  orderList(page)
    .locator(':scope > tbody > tr, :scope > li')
    .filter({ hasNot: page.locator('th') });
const rowOf = (page: Page, name: string) => orderRows(page).filter({ hasText: name });

async function openDesk(page: Page, db: LiveDatabase, accounts: Accounts) {
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=orders');
  await expect(orderRows(page).first()).toContainText('Ann Awaiting');
}

test('the orders show how each is paid, and filter by it @phone', async ({ page, db, accounts, isMobile }) => {
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  await openDesk(page, db, accounts);
  await expect(rowOf(page, 'Ann Awaiting')).toContainText('Awaiting payment');
  await expect(rowOf(page, 'Pat Paid')).toContainText('Paid');
  await expect(rowOf(page, 'Lee Lapsed')).toContainText('Expired unpaid');
  for (const label of ['Awaiting payment', 'Paid', 'Expired unpaid']) {
    await expect(rowOf(page, 'Olga Old')).not.toContainText(label);
  }
  if (!isMobile) {
    const headers = await page.getByRole('columnheader').allTextContents();
    const cells = await rowOf(page, 'Ann Awaiting').getByRole('cell').allTextContents();
    expect(cells[headers.indexOf('Payment')]).toBe('Awaiting payment');
    expect(cells[headers.indexOf('Status')]).toContain('Pending');
  }
  await checkScreen(page, 'desk-payment-column');

  const filter = page.getByRole('combobox', { name: 'Payment' });
  await filter.click();
  await page.getByRole('option', { name: 'Awaiting payment' }).click();
  // The four written here and the demo shop's orders were read; one of them awaits payment.
  await expect(page.getByText(/^1 of \d+ orders awaiting payment, newest first/)).toBeVisible();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText('Ann Awaiting');
  await filter.click();
  await page.getByRole('option', { name: 'Expired unpaid' }).click();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText('Lee Lapsed');
  // A search is filtered too.
  await page.getByRole('searchbox', { name: 'Search' }).fill('ann');
  await expect(page.getByText('0 matches')).toBeVisible();
  await filter.click();
  await page.getByRole('option', { name: 'Any payment' }).click();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText('Ann Awaiting');
});

test('staff record a payment: what is typed is checked, trusted code applies it, and the desk says what happened @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  test.setTimeout(90_000);
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  await openDesk(page, db, accounts);
  await page.getByRole('button', { name: 'Open order order-awaiting' }).click();
  const details = page.getByRole('dialog', { name: 'Order order-awaiting' });
  const payments = details.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Due£36.00');
  await expect(payments).toContainText('Paid£10.00');
  await expect(payments).toContainText('Still due£26.00');
  // In the shop's zone (Europe/London, summer time).
  await expect(payments).toContainText('Held until15 Jul 2030, 17:30');
  await expect(payments).toContainText('No payments recorded yet.');

  await payments.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  const amount = dialog.getByRole('textbox', { name: 'Amount received (GBP)' });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('26.00');
  await expect(dialog.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
  await checkScreen(page, 'desk-record-payment');
  for (const [typed, error] of [
    ['', 'Enter the amount received.'],
    ['ten', 'Enter the amount as a number, such as 26.00.'],
    ['0', 'Enter an amount above zero.'],
    ['-5', 'The amount cannot be negative: enter what was received.'],
    ['10.505', 'Enter at most 2 decimals, such as 26.00.'],
  ]) {
    await amount.fill(typed!);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(amount).toHaveAccessibleDescription(error!);
    await expect(amount).toBeFocused();
  }
  expect(await db.read('paymentMarks')).toBeNull();

  await amount.fill('10');
  await dialog.getByRole('radio', { name: 'At the door' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Cash at the bar');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Part paid: £16.00 is still due.', { timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(payments).toContainText('Paid£20.00');
  await expect(payments.getByRole('list', { name: 'Payments' })).toContainText(
    /^£10\.00 · At the door · .+ · by Sam Staff · “Cash at the bar”$/,
  );
  await checkScreen(page, 'desk-order-payments');
  const recorded = Object.values((await db.read('payments/buyer-a~order-awaiting')) as Record<string, unknown>);
  expect(recorded).toEqual([expect.objectContaining({ amount: 1000, method: 'door', note: 'Cash at the bar' })]);

  // The rest, offline: kept on the device and said so, then applied once the connection is back.
  await payments.getByRole('button', { name: 'Record a payment' }).click();
  await expect(amount).toHaveValue('16.00');
  await db.setOffline(true);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'You are offline. The payment is kept on this device and is recorded when the connection is back; you may close this.',
  );
  expect(await db.read('paymentMarks')).toBeNull();
  await db.setOffline(false);
  await expect(dialog.getByRole('status')).toHaveText('Paid in full. The buyer is emailed their tickets.', {
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, 'Ann Awaiting')).toContainText('Paid');
  await expect(rowOf(page, 'Ann Awaiting')).not.toContainText('Awaiting payment');
});

test('a payment after the hold lapsed and the tickets sold is recorded, with the refund owed', async ({
  page,
  db,
  accounts,
}) => {
  await openDesk(page, db, accounts);
  await page.getByRole('button', { name: 'Open order order-lapsed' }).click();
  const details = page.getByRole('dialog', { name: 'Order order-lapsed' });
  await details.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByRole('textbox', { name: 'Amount received (GBP)' })).toHaveValue('130.00');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Paid after the order had lapsed, and its tickets were sold meanwhile: refund £130.00 to the buyer.',
    { timeout: 20_000 },
  );
});
