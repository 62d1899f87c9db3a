import { expect, test } from './accounts';
import { failOnPageErrors } from './support';
import { checkScreen } from './screenCheck';

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
      rates: {
        standard: { name: 'Standard', kind: 'standard', basisPoints: 2000 },
        books: { name: 'Books', kind: 'zero', basisPoints: 0 },
      },
    });
  // The default of a shop that charges tax cannot be removed; another rate can.
  await expect(rates.getByRole('button', { name: 'Remove Standard' })).toHaveCount(0);
  await expect(rates.getByRole('button', { name: 'Remove Books' })).toBeVisible();
  await checkScreen(page, 'taxes');

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
