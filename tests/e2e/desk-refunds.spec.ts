/**
 * Refunds on the staff desk (docs/payments.md#refunds): staff refund part of a paid order from its details, what is
 * typed is checked, trusted code applies it (the e2e routes answer the desk's call as `vite preview` does) and the
 * desk says so, the buyer's mailbox gets the refund email, and the event's revenue is what was paid less refunds,
 * with what is outstanding beside it. Cancelling a paid order proposes its refund, which staff may decline.
 */
import type { Locator, Page } from '@playwright/test';
import type { StoredOrderPayment } from '../../src/features/payments/model/orderPayment';
import { displayReference } from '../../src/features/orders/orderReference';
import { expect, test, type Accounts } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { checkScreen } from './screenCheck';
import { changeOrderStatus, failOnPageErrors, openJazzNight, storedPay } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const HOUR = 3_600_000;
const JAZZ = 'harbour-jazz-night';

const pay = storedPay;

/** Two jazz orders of £36: one paid in full, one part paid (£10). The demo shop's own jazz order is from before payments. */
async function shop(db: LiveDatabase) {
  const now = Date.now();
  const order = (name: string, created: number, payment: StoredOrderPayment, link: string) => ({
    items: { [JAZZ]: { title: 'Harbour Jazz Night', price: 18, quantity: 2 } },
    total: 36,
    status: 'pending' as const,
    created,
    contact: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    link,
    pay: payment,
  });
  await db.writeOrders([
    {
      uid: 'buyer-a',
      id: 'order-awaiting',
      order: order('Ann Awaiting', now - HOUR, pay({ paid: 1000, v: 2 }), 'a'.repeat(32)),
    },
    {
      uid: 'buyer-b',
      id: 'order-paid',
      order: order('Pat Paid', now - 2 * HOUR, pay({ paid: 3600, state: 'paid', v: 2 }), 'b'.repeat(32)),
    },
  ]);
}

async function openDesk(page: Page, db: LiveDatabase, accounts: Accounts) {
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=orders');
  await expect(page.getByRole('button', { name: 'Open order order-paid' })).toBeVisible();
}

/** The jazz night's revenue and what is outstanding, on the Events tab. */
async function jazzFigures(page: Page): Promise<{ revenue: string; outstanding: string }> {
  await openJazzNight(page);
  const revenue = page.getByTestId('figure-Revenue');
  await expect(revenue).not.toHaveText('…');
  return {
    revenue: (await revenue.textContent()) ?? '',
    outstanding: (await page.getByTestId('figure-Outstanding').textContent()) ?? '',
  };
}

test('staff refund part of a paid order: checked, applied, listed, emailed, and taken off the revenue @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  test.setTimeout(120_000);
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  await openDesk(page, db, accounts);
  // The demo's £36 from before payments, Pat's £36 paid and Ann's £10 part paid; Ann still owes £26.
  expect(await jazzFigures(page)).toEqual({ revenue: '£82.00', outstanding: '£26.00' });

  await page.goto('/dashboard?tab=orders');
  await page.getByRole('button', { name: 'Open order order-paid' }).click();
  const details = page.getByRole('dialog', { name: 'Order order-paid' });
  const payments = details.getByRole('region', { name: 'Payments' });
  const refundButton = payments.getByRole('button', { name: 'Refund…' });
  await refundButton.click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  const amount = dialog.getByRole('textbox', { name: 'Amount to refund (GBP)' });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('36.00');
  await expect(dialog).toContainText('£36.00 can be refunded: £36.00 paid.');
  // No card payment on this order: by hand is chosen, or a new gift card (docs/gift-cards.md#refunds-to-a-gift-card).
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: 'Recorded as refunded by hand (bank transfer, cash)' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'To a new gift card, emailed to the buyer' })).not.toBeChecked();
  for (const [typed, error] of [
    ['40', 'At most £36.00 can be refunded'],
    ['0', 'Enter an amount above zero.'],
    ['10.505', 'Enter at most 2 decimals, such as 26.00.'],
    ['ten', 'Enter the amount as a number, such as 26.00.'],
  ]) {
    await amount.fill(typed!);
    await amount.press('Enter');
    await expect(amount).toHaveAccessibleDescription(error!);
    await expect(amount).toBeFocused();
  }
  expect(await db.read('refundRequests')).toBeNull();

  await amount.fill('10');
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('One ticket returned');
  await dialog.getByRole('button', { name: 'Refund by hand' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Refunded £10.00 (£10.00 in all). The buyer is emailed.', {
    timeout: 20_000,
  });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await checkScreen(page, 'desk-refund-done');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(refundButton).toBeFocused();
  await expect(payments).toContainText('Refunded£10.00');
  await expect(payments.getByRole('list', { name: 'Refunds' })).toContainText(
    /^£10\.00 · Recorded as refunded by hand \(bank transfer, cash\) · done · .+ · by Sam Staff · “One ticket returned”$/,
  );
  expect(await db.read('orders/buyer-b/order-paid/pay')).toMatchObject({ paid: 3600, refunded: 1000, v: 3 });

  // The buyer is told.
  await expect
    .poll(
      () => db.mailbox.messages().filter((m) => /^A refund of £10\.00 for your order/.test(m.parsed.subject ?? '')),
      {
        timeout: 20_000,
      },
    )
    .toHaveLength(1);
  const mail = db.mailbox.messages().find((m) => /^A refund of/.test(m.parsed.subject ?? ''))!;
  expect(mail.parsed.text).toContain('We have refunded £10.00 of your order order-paid.');
  expect(mail.parsed.to).toMatchObject({ text: 'pat@example.com' });

  // Paid less refunds: £10 less than before; what is owed is unchanged.
  expect(await jazzFigures(page)).toEqual({ revenue: '£72.00', outstanding: '£26.00' });
  await checkScreen(page, 'desk-refund-revenue');
});

test('cancelling a paid order proposes its refund, which staff may decline', async ({ page, db, accounts }) => {
  test.setTimeout(90_000);
  await openDesk(page, db, accounts);
  await changeOrderStatus(page, 'order-paid', 'cancelled');
  // Proposed once trusted code has cancelled it, with what it has paid and not had back.
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await expect(dialog).toContainText('Order order-paid is cancelled, and has money paid that it has not had back.', {
    timeout: 20_000,
  });
  expect(await db.read('orders/buyer-b/order-paid/status')).toBe('cancelled');
  await expect(dialog.getByRole('textbox', { name: 'Amount to refund (GBP)' })).toHaveValue('36.00');
  await checkScreen(page, 'desk-refund-on-cancel');
  await dialog.getByRole('button', { name: 'No refund' }).click();
  await expect(dialog).toBeHidden();
  // Declined, the money is still owed back: the row says so.
  await expect(page.getByRole('row', { name: /order-paid/ })).toContainText('£36.00 to refund');
  expect(await db.read('refundRequests')).toBeNull();
  expect(await db.read('refunds')).toBeNull();
  expect(await db.read('orders/buyer-b/order-paid/pay')).toMatchObject({ refunded: 0 });
});

/**
 * A guest buys two jazz tickets by card and pays with `card` on the provider's test page; staff open the order's
 * payments on the desk. Returns where it is stored, its reference and the desk's Payments region.
 */
async function paidByCardOnDesk(page: Page, db: LiveDatabase, accounts: Accounts, card: string) {
  await db.write('paymentSettings', {
    door: { on: false },
    transfer: { on: false, days: 7, payee: '', account: '', bank: '' },
    card: { on: true, minutes: 30 },
  });
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Kit Marlow');
  await page.getByRole('textbox', { name: 'Email' }).fill('kit@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await page.getByRole('button', { name: 'Pay £36.00 by card' }).click({ timeout: 20_000 });
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('button', { name: 'Pay £36.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your card payment is confirmed' })).toBeVisible({
    timeout: 20_000,
  });
  type Stored = { contact: { email: string }; ref: string };
  const orders = (await db.read('orders')) as Record<string, Record<string, Stored>>;
  const [uid, id, order] = Object.entries(orders)
    .flatMap(([owner, byId]) => Object.entries(byId).map(([orderId, o]) => [owner, orderId, o] as const))
    .find(([, , o]) => o.contact.email === 'kit@example.com')!;
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=orders');
  const reference = displayReference(order.ref);
  await page.getByRole('button', { name: `Open order ${reference}` }).click();
  const payments = page.getByRole('dialog', { name: `Order ${reference}` }).getByRole('region', { name: 'Payments' });
  return { uid, id, payments };
}

/** Staff refund £20 of the order to the card, from its Payments region, and close the dialog. */
async function refundTwentyToCard(page: Page, payments: Locator) {
  await payments.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await expect(dialog.getByRole('radio', { name: 'To the card, through the card provider' })).toBeChecked();
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await dialog.getByRole('textbox', { name: 'Amount to refund (GBP)' }).fill('20');
  await dialog.getByRole('button', { name: 'Refund to the card' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Refunded £20.00 (£20.00 in all). The buyer is emailed.', {
    timeout: 20_000,
  });
  return dialog;
}

test('a card payment is refunded to the card through the provider, part of it', async ({ page, db, accounts }) => {
  test.setTimeout(120_000);
  const { uid, id, payments } = await paidByCardOnDesk(page, db, accounts, '4242 4242 4242 4242');
  const dialog = await refundTwentyToCard(page, payments);
  await checkScreen(page, 'desk-refund-card');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(payments.getByRole('list', { name: 'Refunds' })).toContainText(
    /^£20\.00 · To the card, through the card provider · done · /,
  );
  const refunds = (await db.read(`refunds/${uid}~${id}`)) as Record<string, unknown>;
  expect(Object.values(refunds)).toEqual([expect.objectContaining({ way: 'card', amount: 2000, state: 'done' })]);
  expect(await db.read(`orders/${uid}/${id}/pay`)).toMatchObject({ paid: 3600, refunded: 2000 });
  await expect
    .poll(
      () => db.mailbox.messages().filter((m) => /^A refund of £20\.00 for your order/.test(m.parsed.subject ?? '')),
      {
        timeout: 20_000,
      },
    )
    .toHaveLength(1);
});

test('a card refund the provider fails afterwards shows failed on the desk, can be made again, and the buyer is told', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(120_000);
  // The provider's test card whose refunds fail a moment after they are made (a closed card).
  const { uid, id, payments } = await paidByCardOnDesk(page, db, accounts, '4000 0000 0000 5126');
  const dialog = await refundTwentyToCard(page, payments);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The provider's event arrives and the desk follows: failed, with why and what to do.
  await expect(payments.getByRole('list', { name: 'Refunds' })).toContainText(
    /^£20\.00 · To the card, through the card provider · failed \(the card provider could not complete it/,
    { timeout: 20_000 },
  );
  await checkScreen(page, 'desk-refund-failed');
  expect(await db.read(`orders/${uid}/${id}/pay`)).toMatchObject({ paid: 3600, refunded: 0 });
  await expect
    .poll(() => db.mailbox.messages().map((m) => m.parsed.subject ?? ''), { timeout: 20_000 })
    .toContainEqual(expect.stringMatching(/^Your refund of £20\.00 for order .+ did not go through/));
  // Among the order's emails, told apart from the refund's own.
  await expect(page.getByText(/^Refund did not go through: sent /)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Refund: sent /)).toBeVisible();
  // All of it may be refunded again, by hand now.
  await payments.getByRole('button', { name: 'Refund…' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Refund' }).getByRole('textbox', { name: 'Amount to refund (GBP)' }),
  ).toHaveValue('36.00');
});
