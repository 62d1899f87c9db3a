/**
 * Gift cards as a buyer meets them (docs/gift-cards.md): bought by card on the provider's page, the code on the
 * order page and in the paid email, its balance on the balance page, and spent at checkout over two orders, the
 * second paid in part by transfer. The real app in Chromium, the test's own database, trusted code, mailbox and card
 * provider.
 */
import type { Page } from '@playwright/test';
import type { PaymentSettings } from '../../src/features/payments/model';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const CARD_AND_TRANSFER: PaymentSettings = {
  door: { on: false },
  transfer: { on: true, days: 7, payee: 'Lantern Rooms Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Barclays' },
  card: { on: true, minutes: 30, autoRefund: false },
};
const CARD = 'Card — pay now on the card provider’s page; your order is held 30 minutes';
const TRANSFER = 'Bank transfer — pay within 7 days; we email you the bank details and your reference';

async function checkoutWith(page: Page, product: string) {
  await page.goto('/products');
  await page.getByRole('button', { name: `Add ${product} to wishlist` }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: /Reserve order/ })).toBeEnabled();
}

async function fillDetails(page: Page) {
  await page.getByRole('textbox', { name: 'Name' }).fill('Rowan Birch');
  await page.getByRole('textbox', { name: 'Email' }).fill('rowan@example.com');
}

async function useGiftCard(page: Page, typed: string) {
  await page.getByRole('button', { name: 'Pay with a gift card' }).click();
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(typed);
  await page.getByRole('button', { name: 'Use card' }).click();
}

test('a buyer buys a £25 gift card by card, finds its code on the order page and by email, and spends it over two orders', async ({
  page,
  db,
}) => {
  await db.write('paymentSettings', CARD_AND_TRANSFER);
  await checkoutWith(page, 'Gift Card £25');
  await page.getByRole('radio', { name: CARD }).check();
  await fillDetails(page);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await page.getByRole('button', { name: 'Pay £25.00 by card' }).click({ timeout: 20_000 });
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay £25.00' }).click();

  // Back on the order page, paid: the card's code, its value and that it never expires.
  await expect(page.getByTestId('order-payment')).toContainText('Paid £25.00', { timeout: 20_000 });
  const cards = page.getByRole('region', { name: 'Gift cards' });
  await expect(cards.getByTestId('gift-card-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const code = (await cards.getByTestId('gift-card-code').textContent())!;
  await expect(cards).toContainText('The Lantern Rooms gift card of £25.00');
  await expect(cards).toContainText('Never expires. £25.00 left.');
  await checkScreen(page, 'order-gift-cards');

  // The paid email carries it too.
  await expect
    .poll(() =>
      db.mailbox
        .messages()
        .filter((m) => m.recipients.includes('rowan@example.com') && /is paid/.test(m.parsed.subject ?? ''))
        .map((m) => m.parsed.text ?? ''),
    )
    .toContainEqual(expect.stringContaining(`- ${code}: £25.00, never expires`));

  // The balance page reads the code however it is typed.
  await page.goto('/giftcard');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code.replace(/-/g, ' ').toLowerCase());
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('£25.00 left of £25.00');

  // The first order: the card pays all of a £18 ticket, and the order is paid at once.
  await checkoutWith(page, 'Harbour Jazz Night');
  await useGiftCard(page, code);
  await expect(page.getByTestId('gift-card-applied')).toContainText(
    `Gift card ${code} pays £18.00 of this order; £7.00 stays on it.`,
  );
  await expect(page.getByTestId('payment-method')).toHaveText('The gift card pays all of it: nothing more to pay.');
  await expect(page.getByTestId('checkout-rest')).toHaveText('£0.00');
  await checkScreen(page, 'checkout-gift-card');
  await fillDetails(page);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByTestId('order-payment')).toContainText('Paid £18.00', { timeout: 20_000 });

  // The second: £7 left pays half of a £14 mug; the rest by transfer.
  await checkoutWith(page, 'Enamel Camp Mug');
  await useGiftCard(page, code);
  await expect(page.getByTestId('gift-card-applied')).toContainText('pays £7.00 of this order; £0.00 stays on it.');
  await expect(page.getByTestId('checkout-rest')).toHaveText('£7.00');
  await page.getByRole('radio', { name: TRANSFER }).check();
  await fillDetails(page);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByTestId('order-payment')).toContainText('£7.00', { timeout: 20_000 });

  // Nothing is left, and the page says where it went.
  await page.goto('/giftcard');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('£0.00 left of £25.00');
  const rows = page.getByRole('table', { name: 'What this card paid and received' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Issued+£25.00');
  await expect(rows.nth(2)).toContainText('Spent on an order−£18.00');
  await expect(rows.nth(3)).toContainText('Spent on an order−£7.00');

  // An empty card is refused at checkout, in words, before anything is placed.
  await checkoutWith(page, 'Harbour Print Tote Bag');
  await useGiftCard(page, code);
  await expect(page.getByText('Nothing is left on that gift card.')).toBeVisible();
  await expect(page.getByTestId('gift-card-applied')).toHaveCount(0);

  // In the database: one card, its balance the sum of its movements.
  const stored = (await db.read(`giftCards/${code.replace(/-/g, '')}`)) as {
    balance: number;
    tx: Record<string, { amount: number }>;
  };
  expect(stored.balance).toBe(0);
  expect(Object.values(stored.tx).map((tx) => tx.amount)).toEqual(expect.arrayContaining([2500, -1800, -700]));
});

test('a code that is no card is told so at checkout and on the balance page, and nothing is placed @phone', async ({
  page,
  db,
}) => {
  await db.write('paymentSettings', CARD_AND_TRANSFER);
  await page.goto('/giftcard');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill('K7M4-QXPR-2D9F-TB3W');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('alert')).toContainText('No gift card has this code.');
  await checkScreen(page, 'gift-card-balance-none');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill('K7M4');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByText('A gift card code has sixteen letters and digits')).toBeVisible();

  await checkoutWith(page, 'Harbour Jazz Night');
  await useGiftCard(page, 'K7M4-QXPR-2D9F-TB3W');
  await expect(page.getByText('No gift card has this code. Check it against the card or the email.')).toBeVisible();
  await expect(page.getByTestId('checkout-rest')).toHaveCount(0);
  expect(await db.read('orderQueue')).toBeNull();
});
