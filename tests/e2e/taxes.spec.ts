import type { Page } from '@playwright/test';
import { expect, test } from './accounts';
import { confirmedOrder, expectHeading, failOnPageErrors, openWishlist } from './support';
import { checkScreen } from './screenCheck';
import { FRENCH_BUSINESS, GERMAN_VAT_REVERSE_CHARGE, UK_VAT } from '../fixtures/ukVat';

/**
 * The shop in UK VAT, and a guest's wishlist of a £12.50 ticket (taxed at the default) and a £14 mug (zero-rated) at
 * checkout; returns checkout's summary.
 */
async function checkoutTicketAndMug(page: Page, db: { write(path: string, value: unknown): Promise<void> }) {
  await db.write('taxSettings', UK_VAT);
  await db.write('products/enamel-mug/taxRate', 'zero');
  await page.goto('/products');
  for (const title of ['Folk in the Round', 'Enamel Camp Mug'])
    await page.getByRole('button', { name: `Add ${title} to wishlist` }).click();
  await openWishlist(page, /^Wishlist/);
  // The wishlist says already what checkout will: the ticket's £12.50 holds £2.08 of VAT, the mug none.
  await expect(page.getByTestId('wishlist-tax').getByTestId('order-tax')).toHaveText([
    'Includes Standard at 20%: £2.08',
  ]);
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expectHeading(page, 'Checkout');
  return page.getByRole('region', { name: 'Your order' });
}

async function reserve(page: Page) {
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
}

test.beforeEach(({ page }) => failOnPageErrors(page));

test('staff set the shop to UK VAT with a zero rate, and tax a product at it (docs/taxes.md#on-the-desk) @phone', async ({
  page,
  db,
  accounts,
}) => {
  await accounts.signIn(page, await accounts.create('staff'));
  await page.getByRole('tab', { name: 'Taxes' }).click();
  const section = page.getByRole('region', { name: 'Taxes' });
  await expect(section.getByText('No rates yet.', { exact: false })).toBeVisible();

  // Tax cannot be switched on before there is a rate to charge.
  await section.getByLabel('Charge tax on what the shop sells').check();
  await section.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(section.getByRole('combobox', { name: 'Default rate' })).toHaveAccessibleDescription(
    'Add a rate below first: the shop cannot charge tax without one.',
  );
  expect(await db.read('taxSettings')).toBeNull();

  await section.getByRole('button', { name: 'Add a rate' }).click();
  let dialog = page.getByRole('dialog', { name: 'New tax rate' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Standard');
  await dialog.getByRole('textbox', { name: 'Rate in %' }).fill('0');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Rate in %' })).toHaveAccessibleDescription(
    /^Please enter a percentage above 0 and up to 100/,
  );
  await dialog.getByRole('textbox', { name: 'Rate in %' }).fill('20');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog).toBeHidden();

  await section.getByRole('button', { name: 'Add a rate' }).click();
  dialog = page.getByRole('dialog', { name: 'New tax rate' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Books');
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Zero-rated' });
  await expect(dialog.getByRole('textbox', { name: 'Rate in %' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog).toBeHidden();

  const rates = section.getByRole('list', { name: 'Tax rates' });
  await expect(rates.getByRole('listitem')).toHaveText([/^Books.*Zero-rated/, /^Standard.*20 %/]);
  await section.getByRole('combobox', { name: 'Default rate' }).selectOption({ label: 'Standard · 20 %' });
  await section.getByRole('combobox', { name: 'The shop’s country' }).selectOption({ label: 'United Kingdom' });
  await section.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByText('Orders placed from now on are taxed this way', { exact: false })).toBeVisible();
  await expect
    .poll(() => db.read('taxSettings'))
    .toEqual({
      on: true,
      pricesIncludeTax: true,
      country: 'GB',
      defaultRate: 'standard',
      reverseCharge: false,
      rates: {
        standard: { name: 'Standard', kind: 'standard', basisPoints: 2000 },
        books: { name: 'Books', kind: 'zero', basisPoints: 0 },
      },
    });
  // The default of a shop that charges tax cannot be removed; another rate can.
  await expect(rates.getByRole('button', { name: 'Remove Standard' })).toHaveCount(0);
  await expect(rates.getByRole('button', { name: 'Remove Books' })).toBeVisible();
  await checkScreen(page, 'taxes');

  // Reverse charge is for a shop in the EU (docs/taxes.md#reverse-charge): refused at the country for a UK one.
  const reverseCharge = section.getByRole('switch', { name: 'Reverse charge for businesses in other EU countries' });
  await expect(reverseCharge).toHaveAccessibleDescription(/^A business that gives its VAT number/);
  await reverseCharge.check();
  await section.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(section.getByRole('combobox', { name: 'The shop’s country' })).toHaveAccessibleDescription(
    /^Reverse charge is for a shop in the European Union/,
  );
  expect(await db.read('taxSettings/reverseCharge')).toBe(false);
  await reverseCharge.uncheck();
  // Switched off again, the country is fine as it is: its error goes with the reason for it.
  await expect(section.getByRole('combobox', { name: 'The shop’s country' })).toHaveAccessibleDescription(
    'Where the shop is registered for tax; invoices name it.',
  );

  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Edit Letterpress Notebook' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Letterpress Notebook' });
  await editor.getByRole('combobox', { name: 'Tax rate' }).selectOption({ label: 'Books · Zero-rated' });
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(editor).toBeHidden();
  await expect.poll(() => db.read('products/notebook-letterpress/taxRate')).toBe('books');
  await expect(page.getByText(/^£[\d.]+ · .* · taxed at Books · Zero-rated$/)).toBeVisible();

  // Removing the rate says what becomes of the product that names it, which then falls back to the default.
  await page.getByRole('tab', { name: 'Taxes' }).click();
  await expect(rates.getByRole('listitem').first()).toContainText('named by 1 product or type');
  await rates.getByRole('button', { name: 'Remove Books' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the rate Books?' });
  await expect(confirm).toContainText('it will be taxed at Standard · 20 % from now on');
  await confirm.getByRole('button', { name: 'Remove rate' }).click();
  await expect(rates.getByRole('listitem')).toHaveText([/^Standard/]);
  expect(await db.read('taxSettings/rates/books')).toBeNull();
});

test('with prices that include VAT, checkout, the confirmation, the order page and the email say what it includes (docs/taxes.md#the-orders-tax)', async ({
  page,
  db,
}) => {
  const summary = await checkoutTicketAndMug(page, db);
  // £12.50 at 20 % included holds £2.08 of tax; the zero-rated mug none, so it is not listed.
  await expect(summary.getByTestId('order-tax')).toHaveText(['Includes Standard at 20%: £2.08']);
  await expect(summary.getByTestId('checkout-total')).toHaveText('£26.50');
  // Net, tax per rate and gross: the net under what the prices include.
  await expect(summary.getByTestId('order-net')).toHaveText('Net: £24.42');
  await reserve(page);
  await expect(page.getByTestId('order-tax')).toHaveText(['Includes Standard at 20%: £2.08']);
  await expect(page.getByTestId('order-net')).toHaveText('Net: £24.42');
  const { uid, id } = await confirmedOrder(page, db);
  expect(await db.read(`orders/${uid}/${id}/tax`)).toMatchObject({
    included: true,
    currency: 'GBP',
    tax: 208,
    rates: { standard: { name: 'Standard', basisPoints: 2000, tax: 208 }, zero: { tax: 0 } },
  });
  expect(await db.read(`orders/${uid}/${id}/pay/due`)).toBe(2650);

  // A later change of the rate changes nothing the order says.
  await db.write('taxSettings/rates/standard/basisPoints', 500);
  await page.goto(`/order#${(await db.read(`orders/${uid}/${id}/link`)) as string}`);
  await expect(page.getByText('Total £26.50')).toBeVisible();
  await expect(page.getByTestId('order-tax')).toHaveText(['Includes Standard at 20%: £2.08']);
  await expect(page.getByTestId('order-net')).toHaveText('Net: £24.42');
  await checkScreen(page, 'order-page-with-tax');

  await expect
    .poll(() => db.mailbox.messages().filter((m) => m.recipients.includes('robin@example.com')).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const mail = db.mailbox.messages().find((m) => m.recipients.includes('robin@example.com'))!.parsed;
  expect(mail.text).toContain('Total: £26.50\nIncludes Standard at 20%: £2.08\nNet: £24.42');
  expect(mail.html).toContain('Includes Standard at 20%');
  expect(mail.html).toMatch(/>Net<\/td><td[^>]*>£24\.42</);
});

test('with prices that exclude VAT, the tax comes on top: checkout follows staff switching, and the order asks for it', async ({
  page,
  db,
}) => {
  const summary = await checkoutTicketAndMug(page, db);
  await expect(summary.getByTestId('checkout-total')).toHaveText('£26.50');
  await db.write('taxSettings/pricesIncludeTax', false);
  await expect(summary.getByTestId('order-tax')).toHaveText(['Standard at 20%: £2.50']);
  await expect(summary.getByTestId('checkout-total')).toHaveText('£29.00');
  // The net above the tax that comes on top.
  await expect(summary.getByTestId('order-net')).toHaveText('Net: £26.50');
  // So does the wishlist: the tax checkout adds.
  await openWishlist(page, /^Wishlist/);
  await expect(page.getByTestId('wishlist-tax')).toHaveText(/^Tax is added at checkout:\s*Standard at 20%: £2\.50$/);
  await checkScreen(page, 'wishlist-tax-on-top');
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expectHeading(page, 'Checkout');
  await reserve(page);
  await expect(page.getByText('Total: £29.00')).toBeVisible();
  const { uid, id } = await confirmedOrder(page, db);
  expect(await db.read(`orders/${uid}/${id}/pay/due`)).toBe(2900);
  expect(await db.read(`orders/${uid}/${id}/total`)).toBe(29);
});

test('a business in another EU country buys under reverse charge: no VAT on the goods, the ticket taxed (docs/taxes.md#reverse-charge)', async ({
  page,
  db,
}) => {
  await db.write('taxSettings', GERMAN_VAT_REVERSE_CHARGE);
  await page.goto('/products');
  for (const title of ['Folk in the Round', 'Enamel Camp Mug'])
    await page.getByRole('button', { name: `Add ${title} to wishlist` }).click();
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Your order' });
  // Prices without tax: 19 % on £26.50 comes on top, until the buyer says they are a business in France.
  await expect(summary.getByTestId('order-tax')).toHaveText(['Regelsatz at 19%: £5.04']);
  await expect(summary.getByTestId('checkout-total')).toHaveText('£31.54');
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('checkbox', { name: /Make the invoice out to a company/ }).check();
  await page.getByRole('textbox', { name: 'Company (optional)' }).fill(FRENCH_BUSINESS.company);
  await page.getByRole('textbox', { name: 'Invoice address' }).fill(FRENCH_BUSINESS.address);
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'France' });
  await page.getByRole('textbox', { name: 'VAT number (optional)' }).fill('FR 40 303 265 045');
  const said = ['Regelsatz at 19%: £2.38', 'Reverse charge: no VAT on £14.00; the buyer accounts for it'];
  await expect(summary.getByTestId('order-tax')).toHaveText(said);
  await expect(summary.getByTestId('checkout-total')).toHaveText('£28.88');
  await checkScreen(page, 'checkout-reverse-charge');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('order-tax')).toHaveText(said);
  const { uid, id } = await confirmedOrder(page, db);
  expect(await db.read(`orders/${uid}/${id}/pay/due`)).toBe(2888);
  expect(await db.read(`orders/${uid}/${id}/tax/rates/reverse-charge`)).toMatchObject({ kind: 'reverse', net: 1400 });
  await expect
    .poll(() => db.mailbox.messages().filter((m) => m.recipients.includes('robin@example.com')).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const mail = db.mailbox.messages().find((m) => m.recipients.includes('robin@example.com'))!.parsed;
  expect(mail.text).toContain(`Net: £26.50\nRegelsatz at 19%: £2.38\nTotal: £28.88\n${said[1]}`);
  expect(mail.html).toContain(said[1]);
});
