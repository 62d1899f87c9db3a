/**
 * The buyer's invoice details (docs/invoices.md#the-buyers-details) in the real app, against the test's own database
 * and trusted code: given at checkout, checked at their fields (a VAT number's check digits), on the invoice once
 * paid; changed from the order page, after which the invoice is credited and issued again, both listed there.
 */
import type { Page } from '@playwright/test';
import { PAYMENT_MARKS_ENDPOINT } from '../../src/features/payments/model';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { confirmedOrder, failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const billingField = (page: Page, name: string) => page.getByRole('textbox', { name });

test('a buyer gives invoice details at checkout, then changes them on the order page: the invoice is issued again', async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  await db.write('invoiceSettings', {
    on: true,
    prefix: 'INV-',
    detailsDays: 14,
    seller: { name: 'Harbour Hall Ltd', address: '1 Quay Street\nBristol BS1 4DJ' },
  });
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' }).click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('checkbox', { name: /Make the invoice out to a company/ }).check();
  await billingField(page, 'Company (optional)').fill('Hafen GmbH');
  await billingField(page, 'Invoice address').fill('Kai 1\n20457 Hamburg');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
  const vatId = billingField(page, 'VAT number (optional)');
  await vatId.fill('DE 136 308 784');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  // Its check digits are wrong: said at the field, which takes the focus, and nothing is ordered.
  await expect(vatId).toHaveAccessibleDescription('Its check digits are wrong: please look at the number again.');
  await expect(vatId).toBeFocused();
  await vatId.fill('DE 136 308 783');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  const { uid, id } = await confirmedOrder(page, db);
  expect(await db.read(`orders/${uid}/${id}/billing`)).toEqual({
    company: 'Hafen GmbH',
    address: 'Kai 1\n20457 Hamburg',
    country: 'DE',
    vatId: 'DE136308783',
  });

  // Paid at the door as staff record it, applied by trusted code: its invoice is issued with the details.
  const due = (await db.read(`orders/${uid}/${id}/pay/due`)) as number;
  await db.write('paymentMarks/mark-details-1', {
    uid,
    order: id,
    amount: due,
    method: 'door',
    by: 'staff',
    at: Date.now(),
  });
  await page.request.post(PAYMENT_MARKS_ENDPOINT);
  await expect.poll(() => db.read('invoices/INV-1/buyer/company'), { timeout: 20_000 }).toBe('Hafen GmbH');

  const secret = (await db.read(`orders/${uid}/${id}/link`)) as string;
  await page.goto(`/order#${secret}`);
  const details = page.getByRole('region', { name: 'Invoice details' });
  await expect(details.locator('address')).toHaveText(
    'Hafen GmbH\nKai 1\n20457 Hamburg\nGermany\nVAT number DE136308783',
  );
  await expect(details).toContainText(/You can change them until \d{1,2} \w+ \d{4}\./);
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem')).toHaveText([/^Invoice INV-1 · /]);

  await details.getByRole('button', { name: 'Change invoice details' }).click();
  const form = details.getByRole('form', { name: 'Invoice details' });
  await form.getByRole('textbox', { name: 'Company (optional)' }).fill('');
  await form.getByRole('textbox', { name: 'Invoice address' }).fill('Kai 2\n20457 Hamburg');
  await checkScreen(page, 'order-page-invoice-details');
  await form.getByRole('button', { name: 'Save invoice details' }).click();
  // Trusted code answers once it has issued the documents the change calls for.
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(details.getByRole('status')).toHaveText(
    'Saved. Your invoice is issued again with these details, and the one before is credited.',
    { timeout: 20_000 },
  );
  await expect(details.locator('address')).toHaveText('Kai 2\n20457 Hamburg\nGermany\nVAT number DE136308783');
  await expect(invoices.getByRole('listitem')).toHaveText([
    /^Invoice INV-1 · /,
    /^Credit note INV-2 for INV-1 · /,
    /^Invoice INV-3 · /,
  ]);
  expect(await db.read('invoices/INV-2/why')).toBe('details');
  expect(await db.read('invoices/INV-3/buyer/address')).toBe('Kai 2\n20457 Hamburg\nGermany');
  // And emailed: the credit note and the new invoice, as PDFs.
  const again = () => db.mailbox.messages().find((mail) => mail.parsed.subject?.includes('issued again'))?.parsed;
  await expect
    .poll(() => again()?.attachments.map((attachment) => attachment.filename), { timeout: 20_000 })
    .toEqual(['INV-2.pdf', 'INV-3.pdf']);
  expect(again()!.text).toContain('Your invoice is issued again with the details you gave.');
  expect(again()!.text).toContain('Your credit note INV-2 is attached.');
  expect(again()!.text).toContain('Your invoice INV-3 is attached.');
  expect(again()!.text).not.toContain('Your tickets');
});
