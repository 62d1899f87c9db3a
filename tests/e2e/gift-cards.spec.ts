/**
 * Gift cards as a buyer meets them (docs/gift-cards.md): bought by card on the provider's page, the code on the
 * order page and in the paid email, its balance on the balance page, and spent at checkout over two orders, the
 * second paid in part by transfer. The real app in Chromium, the test's own database, trusted code, mailbox and card
 * provider.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { PaymentSettings } from '../../src/features/payments/model';
import { newGiftCardRecord } from '../../src/features/giftcards/model/giftCard';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors, storedPay } from './support';

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

test('staff issue a gift card by hand, find it, correct it with a note, and download every card as CSV', async ({
  page,
  db,
  accounts,
}) => {
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=giftcards');
  const desk = page.getByRole('region', { name: 'Gift cards' });
  await expect(desk.getByText('No gift cards yet.')).toBeVisible();

  await desk.getByRole('button', { name: 'Issue a gift card' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue a gift card' });
  await issue.getByRole('button', { name: 'Issue card' }).click();
  await expect(issue.getByText('Enter an amount.')).toBeVisible();
  await issue.getByRole('textbox', { name: 'Worth (GBP)' }).fill('20');
  await issue.getByRole('textbox', { name: 'Months it lasts' }).fill('12');
  await issue.getByRole('textbox', { name: 'Note for staff (optional)' }).fill('Raffle prize');
  await issue.getByRole('button', { name: 'Issue card' }).click();
  await expect(issue.getByTestId('issued-gift-card')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/, { timeout: 20_000 });
  const code = (await issue.getByTestId('issued-gift-card').textContent())!;
  await expect(issue).toContainText('worth £20.00');
  await checkScreen(page, 'desk-gift-card-issued');
  await issue.getByRole('button', { name: 'Close' }).click();

  // Listed live, found by a part of its code typed any way.
  await desk.getByRole('textbox', { name: 'Find a card by its code' }).fill(code.slice(5, 9).toLowerCase());
  const row = desk.getByRole('listitem', { name: code });
  await expect(row).toContainText('£20.00 left of £20.00');
  await expect(row).toContainText('issued by hand');
  await expect(desk.getByTestId('gift-card-totals')).toHaveText('1 card; £20.00 still to be spent on them.');

  // Corrected: a note is required, and a card never goes below nothing.
  await row.getByRole('button', { name: 'Correct' }).click();
  const correct = page.getByRole('dialog', { name: `Correct gift card ${code}` });
  await correct.getByRole('textbox', { name: 'Amount (GBP)' }).fill('25');
  await correct.getByRole('button', { name: 'Correct card' }).click();
  await expect(correct.getByText('Say why: the note stays with the card.')).toBeVisible();
  await correct.getByRole('textbox', { name: 'Why' }).fill('Too much');
  await correct.getByRole('button', { name: 'Correct card' }).click();
  await expect(correct.getByText('Not corrected: it holds only £20.00')).toBeVisible({ timeout: 20_000 });
  await correct.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: 'Correct' }).click();
  await correct.getByRole('textbox', { name: 'Amount (GBP)' }).fill('5');
  await correct.getByRole('textbox', { name: 'Why' }).fill('Paid at the bar in cash');
  await correct.getByRole('button', { name: 'Correct card' }).click();
  await expect(correct.getByText('Corrected: it now holds £15.00.')).toBeVisible({ timeout: 20_000 });
  await correct.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('£15.00 left of £20.00');
  await row.getByRole('button', { name: 'Movements' }).click();
  await expect(row.getByRole('listitem')).toHaveCount(2);
  await expect(row.getByRole('listitem').nth(0)).toContainText('Issued · +£20.00 · “Raffle prize”');
  await expect(row.getByRole('listitem').nth(1)).toContainText(
    'Corrected by the shop · −£5.00 · “Paid at the bar in cash”',
  );
  await checkScreen(page, 'desk-gift-cards');

  const stored = (await db.read(`giftCards/${code.replace(/-/g, '')}`)) as { balance: number };
  expect(stored.balance).toBe(1500);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    desk.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gift-cards-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFcode,currency,value,balance,issued,expires,from,movements\r\n')).toBe(true);
  expect(csv).toContain(`${code},GBP,20.00,15.00,`);
});

test('staff issue a £10 gift card emailed to someone with a message: it reaches their inbox, and its balance page shows £10', async ({
  page,
  db,
  accounts,
}) => {
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=giftcards');
  const desk = page.getByRole('region', { name: 'Gift cards' });
  await desk.getByRole('button', { name: 'Issue a gift card' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue a gift card' });
  await issue.getByRole('textbox', { name: 'Worth (GBP)' }).fill('10');
  await issue.getByRole('checkbox', { name: 'Email the card to someone' }).check();
  // Whom it is for is asked before anything is sent.
  await issue.getByRole('button', { name: 'Issue card' }).click();
  await expect(issue.getByText('Enter their name.')).toBeVisible();
  await issue.getByRole('textbox', { name: 'Recipient', exact: true }).fill('Robin Ash');
  await issue.getByRole('textbox', { name: 'Recipient’s address' }).fill('robin@example.com');
  await issue
    .getByRole('textbox', { name: 'A message for them (optional)' })
    .fill('Thank you for volunteering, Robin!');
  // In the language staff speak, unless they choose another.
  await expect(issue.getByRole('combobox', { name: 'Language of the email' })).toHaveValue('en-GB');
  await checkScreen(page, 'desk-gift-card-to-someone');
  await issue.getByRole('button', { name: 'Issue card' }).click();
  await expect(issue).toContainText('worth £10.00, and emailed to Robin Ash at robin@example.com.', {
    timeout: 20_000,
  });
  const code = (await issue.getByTestId('issued-gift-card').textContent())!;
  await issue.getByRole('button', { name: 'Close' }).click();
  await expect(desk.getByRole('listitem', { name: code })).toContainText(
    'issued by hand · emailed to Robin Ash (robin@example.com)',
  );

  // The recipient's inbox: one email from the shop, with the message and the card.
  await expect
    .poll(() => db.mailbox.messages().filter((m) => m.recipients.includes('robin@example.com')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const gift = db.mailbox.messages().find((m) => m.recipients.includes('robin@example.com'))!;
  expect(gift.parsed.subject).toBe('A gift card for you · The Lantern Rooms');
  expect(gift.parsed.text).toContain('The Lantern Rooms has sent you a gift card.');
  expect(gift.parsed.text).toContain('The Lantern Rooms wrote:\nThank you for volunteering, Robin!');
  expect(gift.parsed.text).toContain(`- ${code}: £10.00, never expires`);

  // The code from the email opens its balance page.
  const emailed = /- ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}): £10\.00/.exec(gift.parsed.text ?? '')![1]!;
  await page.goto('/giftcard');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(emailed);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('£10.00 left of £10.00');
});

test('staff refund part of a paid order to a new gift card: its code reaches the buyer by email, worth the refund', async ({
  page,
  db,
  accounts,
}) => {
  await db.writeOrders([
    {
      uid: 'buyer-p',
      id: 'order-paid',
      order: {
        items: { 'harbour-jazz-night': { title: 'Harbour Jazz Night', price: 18, quantity: 2 } },
        total: 36,
        status: 'pending',
        created: Date.now() - 3_600_000,
        contact: { name: 'Pat Paid', email: 'pat@example.com' },
        link: 'p'.repeat(32),
        pay: storedPay({ paid: 3600, state: 'paid', v: 2 }),
      },
    },
  ]);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=orders');
  await page.getByRole('button', { name: 'Open order order-paid' }).click();
  const payments = page.getByRole('dialog', { name: 'Order order-paid' }).getByRole('region', { name: 'Payments' });
  await payments.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await dialog.getByRole('textbox', { name: 'Amount to refund (GBP)' }).fill('10');
  await dialog.getByRole('radio', { name: 'To a new gift card, emailed to the buyer' }).check();
  await dialog.getByRole('button', { name: 'Refund to a new gift card' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Refunded £10.00 (£10.00 in all). The buyer is emailed.', {
    timeout: 20_000,
  });

  await expect
    .poll(
      () =>
        db.mailbox
          .messages()
          .find((m) => m.recipients.includes('pat@example.com') && /^A refund of £10\.00/.test(m.parsed.subject ?? ''))
          ?.parsed.text ?? '',
      { timeout: 20_000 },
    )
    .toMatch(/We have refunded £10\.00 of your order order-paid to a new gift card, [0-9A-Z]{4}(-[0-9A-Z]{4}){3}\./);
  const mail = db.mailbox.messages().find((m) => /^A refund of £10\.00/.test(m.parsed.subject ?? ''))!;
  const code = /new gift card, ([0-9A-Z-]{19})\./.exec(mail.parsed.text ?? '')![1]!;
  expect(await db.read(`giftCards/${code.replace(/-/g, '')}`)).toMatchObject({ value: 1000, balance: 1000 });
  expect(await db.read('orders/buyer-p/order-paid/pay')).toMatchObject({ paid: 3600, refunded: 1000 });
});

test('a buyer sends a gift card to someone else with a message: they get it by email, and nothing else of the order', async ({
  page,
  db,
}) => {
  await db.write('paymentSettings', CARD_AND_TRANSFER);
  // A £50 card of the buyer's own, issued by the shop, pays for it whole, so the order is paid as it is placed.
  const paying = 'W3BT9FD2RPXQ4M7K';
  await db.write(
    `giftCards/${paying}`,
    newGiftCardRecord({ currency: 'GBP', value: 5000, expires: null, from: { by: 'staff' } }, Date.now()),
  );
  await checkoutWith(page, 'Gift Card £25');
  await page.getByRole('radio', { name: 'Someone else: email them the gift cards' }).check();
  await fillDetails(page);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  // Whom it is for is asked before anything is placed.
  await expect(page.getByRole('textbox', { name: 'Recipient', exact: true })).toBeFocused();
  await expect(page.getByText('Enter their name.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Recipient', exact: true }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Recipient’s address' }).fill('robin@example.com');
  await page.getByRole('textbox', { name: 'A message for them (optional)' }).fill('Happy birthday, Robin!');
  await useGiftCard(page, paying);
  await checkScreen(page, 'checkout-gift-recipient');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByTestId('order-payment')).toContainText('Paid £25.00', { timeout: 20_000 });

  await expect
    .poll(() => db.mailbox.messages().filter((m) => m.recipients.includes('robin@example.com')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const gift = db.mailbox.messages().find((m) => m.recipients.includes('robin@example.com'))!;
  expect(gift.parsed.subject).toBe('Rowan Birch sent you a gift card · The Lantern Rooms');
  expect(gift.parsed.text).toContain('Rowan Birch wrote:\nHappy birthday, Robin!');
  expect(gift.parsed.text).toMatch(/- [0-9A-Z]{4}(-[0-9A-Z]{4}){3}: £25\.00, never expires/);
  expect(gift.parsed.text).not.toContain('/order#');
});
