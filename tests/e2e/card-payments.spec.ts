/**
 * Paying by card as a buyer does it (docs/payments.md#card-payments): the real app in Chromium, the test's own
 * database and trusted code, and its own local card provider (scripts/cardProvider/) whose test page the browser
 * really goes to and whose signed webhook really reaches the shop's endpoint.
 */
import type { Page } from '@playwright/test';
import type { PaymentSettings } from '../../src/features/payments/model';
import type { LiveDatabase } from './liveDatabase';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const CARD_ONLY: PaymentSettings = {
  door: { on: false },
  transfer: { on: false, days: 7, payee: '', account: '', bank: '' },
  card: { on: true, minutes: 30, autoRefund: false },
};

/** A guest orders two tickets of the seeded jazz night (£18 each), paying by card, and sees the confirmation. */
async function orderByCard(page: Page, db: LiveDatabase, name: string): Promise<string> {
  await db.write('paymentSettings', CARD_ONLY);
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await page.goto('/checkout');
  await expect(page.getByTestId('payment-method')).toContainText('Card');
  const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: `Reserved: thank you, ${name}` })).toBeVisible({ timeout: 20_000 });
  // Unpaid: its tickets show, awaiting payment.
  await expect(page.getByTestId('ticket').filter({ hasText: 'Awaiting payment' })).toHaveCount(2);
  return email;
}

test('a buyer pays by card on the provider’s page, comes back to their order and gets their tickets @phone', async ({
  page,
  db,
  isMobile,
}) => {
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  const email = await orderByCard(page, db, 'Kit Marlow');
  await checkScreen(page, 'card-confirmation');
  await page.getByRole('button', { name: 'Pay £36.00 by card' }).click();

  // The provider's own page, on its own address.
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: /^Order [0-9A-Z]{4}-[0-9A-Z]{4}$/ })).toBeVisible();
  await expect(page.getByText('£36.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay £36.00' }).click();

  // Back on the shop's order page, which follows the payment until it is confirmed.
  await expect(page).toHaveURL(/\/order#[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your card payment is confirmed' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('order-payment')).toContainText('Paid £36.00');
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /by card/ })).toHaveCount(0);
  await checkScreen(page, 'card-paid-order');

  // The paid email carries the tickets; the order is paid in the database, once.
  await expect
    .poll(() =>
      db.mailbox
        .messages()
        .filter((m) => m.recipients.includes(email))
        .map((m) => m.parsed.subject),
    )
    .toContainEqual(expect.stringMatching(/^Your order .+ is paid · /));
  type Stored = { contact: { email: string }; pay: { state: string; paid: number } };
  const orders = (await db.read('orders')) as Record<string, Record<string, Stored>>;
  const mine = Object.values(orders)
    .flatMap((byId) => Object.values(byId))
    .filter((order) => order.contact.email === email);
  expect(mine.map((order) => order.pay)).toEqual([expect.objectContaining({ state: 'paid', paid: 3600 })]);

  // Reloading the order page opens it again, paid.
  await page.reload();
  await expect(page.getByTestId('order-payment')).toContainText('Paid £36.00');
});

test('a buyer who leaves the provider’s page without paying comes back to an order they can still pay', async ({
  page,
  db,
}) => {
  await orderByCard(page, db, 'Ada Finch');
  // By keyboard: the button takes focus and Enter presses it.
  await page.getByRole('button', { name: 'Pay £36.00 by card' }).focus();
  await page.keyboard.press('Enter');
  // A declined card is said on the provider's page, and the buyer gives up.
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay £36.00' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
  await page.getByRole('button', { name: 'Cancel and go back to the shop' }).click();

  await expect(page).toHaveURL(/\/order#[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('status').filter({ hasText: 'You left the payment page without paying' })).toBeVisible();
  await expect(page.getByTestId('order-payment')).toContainText('Awaiting payment');
  await expect(page.getByTestId('ticket')).toHaveCount(0);
  await checkScreen(page, 'card-left-unpaid');

  // Trying again goes back to the same open page, and paying there settles it.
  await page.getByRole('button', { name: 'Pay £36.00 by card' }).click();
  await page.getByRole('button', { name: 'Pay £36.00' }).click();
  await expect(page.getByTestId('order-payment')).toContainText('Paid £36.00', { timeout: 20_000 });
});

test('Back from the provider’s page returns to the order, which can still be paid', async ({ page, db }) => {
  await orderByCard(page, db, 'Bo Back');
  await page.getByRole('button', { name: 'Pay £36.00 by card' }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.goBack();
  await expect(page).toHaveURL(/\/order#[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId('order-payment')).toContainText('Awaiting payment');
  const pay = page.getByRole('button', { name: 'Pay £36.00 by card' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await page.waitForURL(/\/pay\/cs_test_/);
});

test('an order staff cancelled cannot be paid from its page: it says so, with nothing to pay', async ({ page, db }) => {
  // Before, its page said "Awaiting payment" and offered to pay by card, and paying was taken.
  await orderByCard(page, db, 'Cy Twombly');
  type Placed = { link: string; contact: { name: string } };
  const orders = (await db.read('orders')) as Record<string, Record<string, Placed>>;
  const [uid, id, order] = Object.entries(orders)
    .flatMap(([owner, placed]) => Object.entries(placed).map(([key, value]) => [owner, key, value] as const))
    .find(([, , value]) => value.contact.name === 'Cy Twombly')!;
  await db.write(`orders/${uid}/${id}/status`, 'cancelled');
  await page.goto(`/order#${order.link}`);
  await expect(page.getByText('This order was cancelled: its tickets are void and admit nobody.')).toBeVisible();
  await expect(page.getByTestId('order-payment')).toContainText('Cancelled · Card');
  await expect(page.getByTestId('order-payment')).toContainText('Nothing is to be paid.');
  await expect(page.getByTestId('order-payment').getByRole('button')).toHaveCount(0);
  await checkScreen(page, 'card-order-cancelled');
});

test('with the card provider down, a buyer pays another way: bank transfer, with its details on the order page and by email', async ({
  page,
  db,
}) => {
  const email = await orderByCard(page, db, 'Noor Haddad');
  // Transfer is offered too (the organiser turned it on after this order was placed by card).
  await db.write('paymentSettings/transfer', {
    on: true,
    days: 7,
    payee: 'Harbour Events Ltd',
    account: 'GB33 TEST 0000 1111 2222 33',
    bank: 'Test Bank',
  });
  await db.cardProviderDown();
  await page.getByRole('button', { name: 'Pay £36.00 by card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Card payments are unavailable for a moment: try again shortly.');
  await expect(page.getByTestId('order-payment')).toContainText('Awaiting payment · Card');

  await page.getByRole('button', { name: 'Pay by bank transfer instead' }).click();
  // The order page, as it is now: transfer, its details and the reference to quote.
  await expect(page).toHaveURL(/\/order#[A-Za-z0-9_-]{32}$/);
  const summary = page.getByTestId('order-payment');
  await expect(summary).toContainText('Awaiting payment · Bank transfer', { timeout: 20_000 });
  await expect(summary).toContainText('GB33 TEST 0000 1111 2222 33');
  const reference = (await page.getByTestId('order-reference').textContent())!;
  await expect(summary.getByText(reference, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /by card/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Pay by card instead' })).toBeVisible();
  await checkScreen(page, 'card-down-paid-another-way');

  // Emailed: the confirmation again, now with the bank details.
  await expect
    .poll(() =>
      db.mailbox
        .messages()
        .filter((m) => m.recipients.includes(email) && m.parsed.text?.includes('To pay £36.00 by bank transfer'))
        .map((m) => m.parsed.subject),
    )
    .toContainEqual(expect.stringMatching(new RegExp(`^Your order ${reference}: please pay by `)));
  // In the database: transfer, still pending, its hold the transfer's from when the order was placed.
  type Stored = { contact: { email: string }; created: number; pay: { method: string; state: string; until: number } };
  const orders = (await db.read('orders')) as Record<string, Record<string, Stored>>;
  const [mine] = Object.values(orders)
    .flatMap((byId) => Object.values(byId))
    .filter((order) => order.contact.email === email);
  expect(mine!.pay).toMatchObject({ method: 'transfer', state: 'pending' });
  expect(mine!.pay.until - mine!.created).toBeGreaterThan(6 * 24 * 60 * 60_000);
});
