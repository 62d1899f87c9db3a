/**
 * Payments on the staff desk (docs/payments.md#on-the-desk): the Orders tab's payment column and filter, an
 * order's payments in its details, and recording a payment by hand, applied by trusted code (the e2e routes answer
 * the desk's call as `vite preview` does) and said in words, online and offline. Orders are written as trusted code
 * writes them, with their payment summaries and index entries.
 */
import type { Page } from '@playwright/test';
import type { StoredOrderPayment } from '../../src/features/payments/model/orderPayment';
import { expect, test, type Accounts } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { checkScreen } from './screenCheck';
import { failOnPageErrors, storedPay } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const HOUR = 3_600_000;
const JAZZ = 'harbour-jazz-night';
/** Sold out in the seed: an order of it that lapsed cannot have its ticket back. */
const WORKSHOP = 'letterpress-workshop';

const pay = storedPay;

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

test('staff record a payment: what is typed is checked, trusted code applies it, and the desk says what happened', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(90_000);
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
  // Last: a full-page screenshot (checkScreen.ts) may redraw the list as cards and back, which closes an open order.
  await page.getByRole('button', { name: 'Open order order-awaiting' }).click();
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await checkScreen(page, 'desk-order-payments');
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
  await checkScreen(page, 'desk-record-payment');
});

/** Four orders that bank transfers pay, by reference: three awaiting payment, one paid already. */
async function transferShop(db: LiveDatabase) {
  const now = Date.now();
  const orders = [
    { id: 'order-ann', name: 'Ann', ref: 'K7M4QXPR', payment: pay({ due: 3600 }) },
    { id: 'order-bob', name: 'Bob', ref: 'AB12CD34', payment: pay({ due: 3000 }) },
    { id: 'order-cat', name: 'Cat', ref: 'EF56GH78', payment: pay({ due: 5000 }) },
    { id: 'order-dan', name: 'Dan', ref: 'MN34PQ56', payment: pay({ due: 1800, paid: 1800, state: 'paid' }) },
  ];
  await db.writeOrders(
    orders.map(({ id, name, ref, payment }, n) => ({
      uid: `buyer-${name.toLowerCase()}`,
      id,
      order: {
        items: { [JAZZ]: { title: 'Harbour Jazz Night', price: 18, quantity: 1 } },
        total: 18,
        status: 'pending' as const,
        created: now - n * HOUR,
        contact: { name, email: `${name.toLowerCase()}@example.com` },
        ref,
        pay: payment,
      },
    })),
  );
  for (const { id, name, ref } of orders)
    await db.write(`orderRefs/${ref}`, { uid: `buyer-${name.toLowerCase()}`, order: id });
}

const STATEMENT = [
  'Date,Description,Amount',
  '2026-11-20,K7M4-QXPR Ann,36.00',
  '2026-11-20,K7M4-QXPR Ann,36.00',
  '2026-11-21,ref ab12 cd34,10.00',
  '2026-11-21,for EF56GH78 thanks,60.00',
  '2026-11-22,MN34PQ56,18.00',
  '2026-11-22,Rent,-500.00',
  '2026-11-23,no reference here,12.00',
].join('\n');

const statementLines = (page: Page) =>
  page.getByRole('table', { name: 'Statement lines' }).or(page.getByRole('list', { name: 'Statement lines' }));
const lineOf = (page: Page, words: string) =>
  statementLines(page).locator(':scope > tbody > tr, :scope > li').filter({ hasText: words });
const counts = (page: Page) => page.getByRole('list', { name: 'Counts' }).getByRole('listitem');

test('a bank statement is matched to orders, applied in one go, and never applied twice @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  test.setTimeout(90_000);
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  await transferShop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=statement');
  const file = page.getByLabel('Statement file');
  await file.setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await expect(counts(page)).toHaveText([
    'Pays in full: 1',
    'Part payment: 1',
    'Over-payment: 1',
    'Unmatched: 1',
    'Duplicate: 1',
    'Already paid: 1',
  ]);
  await expect(lineOf(page, 'ref ab12 cd34')).toContainText('AB12-CD34');
  await expect(lineOf(page, 'ref ab12 cd34')).toContainText('Part payment');
  await expect(lineOf(page, 'no reference here')).toContainText('Unmatched');
  await expect(lineOf(page, 'MN34PQ56')).toContainText('Already paid');
  await checkScreen(page, 'desk-statement-preview');

  await page.getByRole('button', { name: 'Apply 4 matched lines' }).click();
  await expect(page.getByText('Done: 4 lines applied or answered.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Done: 4 lines applied or answered.')).toBeFocused();
  await expect(lineOf(page, 'K7M4-QXPR Ann').first()).toContainText(
    'Paid in full. The buyer is emailed their tickets.',
  );
  await expect(lineOf(page, 'ref ab12 cd34')).toContainText('Part paid: £20.00 is still due.');
  await expect(lineOf(page, 'EF56GH78')).toContainText(
    'Paid in full, with £10.00 more than was due: refund it to the buyer.',
  );
  // Money for an order paid already is recorded all the same, to be given back.
  await expect(lineOf(page, 'MN34PQ56')).toContainText(
    'Paid in full, with £18.00 more than was due: refund it to the buyer.',
  );
  await expect(lineOf(page, 'no reference here')).not.toContainText('Paid');
  const bob = Object.values((await db.read('payments/buyer-bob~order-bob')) as Record<string, unknown>);
  expect(bob).toEqual([
    expect.objectContaining({
      amount: 1000,
      method: 'transfer',
      source: 'bank|csv|["2026-11-21","ref ab12 cd34","10.00"]|0',
    }),
  ]);
  await checkScreen(page, 'desk-statement-applied');

  // The same statement again: nothing is applied twice.
  await file.setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await expect(counts(page)).toHaveText(['Unmatched: 1', 'Duplicate: 1', 'Applied in an earlier import: 4']);
  await expect(page.getByRole('button', { name: 'Nothing to apply' })).toBeDisabled();

  // A file that is no statement is said so, and changes nothing.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('alert')).toHaveText(
    'This file is not a bank statement we can read: export it from your bank as CSV or MT940.',
  );
  await expect(statementLines(page)).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Which column holds what' })).toHaveCount(0);
  expect(Object.keys((await db.read('paymentMarkAnswers')) as object)).toHaveLength(4);
  expect(await db.read('paymentMarks')).toBeNull();
});

test('a line paying several orders is split between them; one naming several, or over twice what is due, waits for staff', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(90_000);
  await transferShop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=statement');
  const statement = [
    'Date,Description,Amount',
    // Ann owes 36.00 and Bob 30.00: both in full.
    '2026-11-20,K7M4-QXPR + AB12CD34,66.00',
    // Cat owes 50.00, Ann nothing now: which one is for staff to say.
    '2026-11-21,EF56GH78 or K7M4QXPR,20.00',
    // 200.00 for Cat's 50.00.
    '2026-11-22,EF56GH78 again,200.00',
  ].join('\n');
  const file = page.getByLabel('Statement file');
  await file.setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await expect(counts(page)).toHaveText([
    'Pays several orders: 1',
    'Names several orders: choose: 1',
    'Over twice what is due: check: 1',
  ]);
  await expect(lineOf(page, 'K7M4-QXPR + AB12CD34')).toContainText('K7M4-QXPR, AB12-CD34');
  await checkScreen(page, 'desk-statement-asked');

  await page.getByRole('button', { name: 'Apply 1 matched line' }).click();
  await expect(page.getByText('Done: 1 line applied or answered.')).toBeVisible({ timeout: 20_000 });
  await expect(lineOf(page, 'K7M4-QXPR + AB12CD34')).toContainText(
    'Paid in full. The buyer is emailed their tickets. Paid in full. The buyer is emailed their tickets.',
  );
  const paid = async (buyer: string) =>
    Object.values(
      ((await db.read(`payments/buyer-${buyer}~order-${buyer}`)) ?? {}) as Record<string, { amount: number }>,
    ).map(({ amount }) => amount);
  expect([await paid('ann'), await paid('bob')]).toEqual([[3600], [3000]]);

  // Nothing of the asked lines was applied: staff choose, line by line.
  expect(await paid('cat')).toEqual([]);
  const several = lineOf(page, 'EF56GH78 or K7M4QXPR');
  await several.getByRole('button', { name: 'Apply all to EF56-GH78' }).click();
  await expect(several).toContainText('Part paid: £30.00 is still due.', { timeout: 20_000 });
  await expect(several.getByRole('button')).toHaveCount(0);
  const large = lineOf(page, 'EF56GH78 again');
  await large.getByRole('button', { name: 'Apply all to EF56-GH78' }).click();
  await expect(large).toContainText('Paid in full, with £170.00 more than was due: refund it to the buyer.', {
    timeout: 20_000,
  });
  expect(await paid('cat')).toEqual([2000, 20000]);

  // The same statement again: each line, split or chosen, is known.
  await file.setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await expect(counts(page)).toHaveText(['Applied in an earlier import: 3']);
  await expect(page.getByRole('button', { name: /Apply all to/ })).toHaveCount(0);
});

test('staff say which column holds what when the statement’s header names none the reading knows', async ({
  page,
  db,
  accounts,
}) => {
  await transferShop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=statement');
  const csv = 'When;What;How much\n20.11.2026;Ann K7M4 QXPR;36,00\n21.11.2026;Nobody;5,00\n';
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('alert')).toHaveText(
    'This file is not a bank statement we can read: export it from your bank as CSV or MT940. If it is a CSV file, you can say which column holds what below.',
  );
  const form = page.getByRole('form', { name: 'Which column holds what' });
  await form.getByRole('button', { name: 'Read with these columns' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Choose the date column, the amount column and at least one column of words.',
  );
  const choose = async (field: string, option: string) => {
    await form.getByRole('combobox', { name: field, exact: true }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await choose('Date', 'Column 1: When');
  await choose('Amount (or money in)', 'Column 3: How much');
  await form.getByRole('checkbox', { name: 'Column 2: What' }).check();
  await choose('Decimal mark', 'Comma: 1.234,56');
  await form.getByRole('button', { name: 'Read with these columns' }).click();
  await expect(counts(page)).toHaveText(['Pays in full: 1', 'Unmatched: 1']);
  await expect(lineOf(page, 'Ann K7M4 QXPR')).toContainText('£36.00');

  // A file whose dates cannot tell the day from the month: staff are asked, with what could be told filled in.
  const american = 'Date,Description,Amount\n11/03/2026,Ann K7M4 QXPR,36.00\n11/04/2026,Nobody,5.00\n';
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: 'us.csv', mimeType: 'text/csv', buffer: Buffer.from(american) });
  await expect(page.getByRole('alert').first()).toHaveText(
    'The dates in this file could have the day or the month first (such as “03/04/2026”). Say which below.',
  );
  await expect(form.getByRole('combobox', { name: 'Date', exact: true })).toHaveText('Column 1: Date');
  await expect(form.getByRole('combobox', { name: 'Decimal mark', exact: true })).toHaveText('Point: 1,234.56');
  await choose('Dates', 'Month first: 12/31/2026');
  await form.getByRole('button', { name: 'Read with these columns' }).click();
  await expect(counts(page)).toHaveText(['Pays in full: 1', 'Unmatched: 1']);
  await expect(lineOf(page, 'Ann K7M4 QXPR')).toContainText('2026-11-03');
});
