/**
 * Invoices on the staff desk (docs/invoices.md): staff switch invoicing on with the seller's details, what they type
 * is checked at its field; paying an order in full has trusted code issue its invoice, numbered with the prefix staff
 * chose, and a refund its credit note naming that invoice, both listed on the order's details as they are issued.
 */
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors, storedPay } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('staff switch invoicing on; paying an order issues its invoice, a refund its credit note', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(120_000);
  await db.writeOrders([
    {
      uid: 'buyer-a',
      id: 'order-awaiting',
      order: {
        items: { 'harbour-jazz-night': { title: 'Harbour Jazz Night', price: 18, quantity: 2 } },
        total: 36,
        status: 'pending',
        created: Date.now(),
        contact: { name: 'Ann Awaiting', email: 'ann@example.com' },
        link: 'a'.repeat(32),
        pay: storedPay({ paid: 1000, v: 2 }),
      },
    },
  ]);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=invoices');
  const form = page.getByRole('form', { name: 'Invoices' });
  await expect(form).toBeVisible();
  await expect(page.getByText('No document has been issued yet.')).toBeVisible();

  // Switched on without the seller: each field says what it needs, and nothing is saved.
  await form.getByLabel(/Issue an invoice for every paid order/).check();
  const name = form.getByRole('textbox', { name: 'Seller’s name' });
  const vatId = form.getByRole('textbox', { name: 'VAT number' });
  const prefix = form.getByRole('textbox', { name: 'Number prefix' });
  await vatId.fill('GB 12345');
  await prefix.fill('RE1');
  await form.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(name).toHaveAccessibleDescription('Enter the name invoices are issued in.');
  await expect(form.getByRole('textbox', { name: 'Seller’s address' })).toHaveAccessibleDescription(
    'Enter the address invoices give.',
  );
  await expect(vatId).toHaveAccessibleDescription('This is not how a VAT number of that country is written.');
  await expect(prefix).toHaveAccessibleDescription(/ending in a letter or a hyphen/);
  expect(await db.read('invoiceSettings')).toBeNull();

  await name.fill('Harbour Hall Ltd');
  await form.getByRole('textbox', { name: 'Seller’s address' }).fill('1 Quay Street\nBristol BS1 4DJ');
  await vatId.fill('gb 123 4567 89');
  await prefix.fill('RE-');
  await form.getByRole('button', { name: 'Save invoice settings' }).click();
  await expect(page.getByText(/Orders paid from now on get an invoice/)).toBeVisible();
  // The form shows what was stored: the VAT number as written compact, no difference from the live settings.
  await expect(vatId).toHaveValue('GB123456789');
  await expect(form.getByText('The live settings differ from this form.')).toBeHidden();
  expect(await db.read('invoiceSettings')).toEqual({
    on: true,
    prefix: 'RE-',
    seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ', vatId: 'GB123456789' },
  });
  await checkScreen(page, 'desk-invoice-settings');

  // The rest of Ann's order paid at the desk: its invoice is issued and listed as it is.
  await page.goto('/dashboard?tab=orders');
  await page.getByRole('button', { name: 'Open order order-awaiting' }).click();
  const details = page.getByRole('dialog', { name: 'Order order-awaiting' });
  const documents = details.getByRole('region', { name: 'Invoices and credit notes' });
  await expect(documents).toContainText('None issued.');
  await details.getByRole('button', { name: 'Record a payment' }).click();
  const record = page.getByRole('dialog', { name: 'Record a payment' });
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record.getByRole('status')).toHaveText('Paid in full. The buyer is emailed their tickets.', {
    timeout: 20_000,
  });
  await record.getByRole('button', { name: 'Close' }).click();
  const listed = documents.getByRole('listitem');
  await expect(listed).toHaveText([/^RE-1 · Invoice · .+ · £36\.00$/], { timeout: 20_000 });

  // £10 of it given back: a credit note of £10 naming the invoice.
  await details.getByRole('button', { name: 'Refund…' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByRole('textbox', { name: 'Amount to refund (GBP)' }).fill('10');
  await refund.getByRole('button', { name: 'Refund by hand' }).click();
  await expect(refund.getByRole('status')).toContainText('Refunded £10.00', { timeout: 20_000 });
  await refund.getByRole('button', { name: 'Close' }).click();
  await expect(listed).toHaveText(
    [/^RE-1 · Invoice · .+ · £36\.00$/, /^RE-2 · Credit note for RE-1 · .+ · -£10\.00$/],
    {
      timeout: 20_000,
    },
  );
  const stored = (await db.read('invoices/RE-2')) as Record<string, unknown>;
  expect(stored).toMatchObject({ kind: 'credit', corrects: 'RE-1', why: 'refund', gross: -1000, tax: 0 });

  await page.keyboard.press('Escape');
  await page.goto('/dashboard?tab=invoices');
  await expect(page.getByText('RE-: 2 issued, the last RE-2')).toBeVisible();
});
