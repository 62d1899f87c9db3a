/**
 * Invoices on the staff desk (docs/invoices.md): staff switch invoicing on with the seller's details, what they type
 * is checked at its field; paying an order in full has trusted code issue its invoice, numbered with the prefix staff
 * chose, and a refund its credit note naming that invoice, both listed on the order's details as they are issued.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, test } from './accounts';
import type { LiveDatabase } from './liveDatabase';
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
        link: SECRET,
        pay: storedPay({ paid: 1000, v: 2 }),
      },
    },
  ]);
  await db.write(`orderLinks/${SECRET}`, { uid: 'buyer-a', order: 'order-awaiting' });
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
    // Two weeks for buyers to change their invoice details, unless staff say otherwise.
    detailsDays: 14,
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
  await expect(listed).toHaveText([/^RE-1 · Invoice · .+ · £36\.00 PDF$/], { timeout: 20_000 });
  // The paid email carries it, and says so; the desk downloads the same PDF.
  const paidMail = await mailWith(db, 'RE-1.pdf');
  expect(paidMail.text).toContain('Your invoice RE-1 is attached.');
  const attached = paidMail.attachments.find((attachment) => attachment.filename === 'RE-1.pdf')!;
  expect(attached.contentType).toBe('application/pdf');
  const fromDesk = await downloaded(page, () =>
    documents.getByRole('button', { name: 'Download RE-1 as a PDF' }).click(),
  );
  expect(fromDesk.name).toBe('RE-1.pdf');
  expect(fromDesk.bytes.equals(attached.content)).toBe(true);

  // £10 of one ticket given back: a credit note of £10 naming the invoice, its line the ticket's.
  await details.getByRole('button', { name: 'Refund…' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  const amount = refund.getByRole('textbox', { name: 'Amount to refund (GBP)' });
  await refund
    .getByRole('combobox', { name: 'What it gives back' })
    .selectOption({ label: '1 × Harbour Jazz Night (£18.00)' });
  await expect(amount).toHaveValue('18.00');
  await amount.fill('10');
  await refund.getByRole('button', { name: 'Refund by hand' }).click();
  await expect(refund.getByRole('status')).toContainText('Refunded £10.00', { timeout: 20_000 });
  await refund.getByRole('button', { name: 'Close' }).click();
  await expect(listed).toHaveText(
    [/^RE-1 · Invoice · .+ · £36\.00 PDF$/, /^RE-2 · Credit note for RE-1 · .+ · -£10\.00 PDF$/],
    { timeout: 20_000 },
  );
  const refundMail = await mailWith(db, 'RE-2.pdf');
  expect(refundMail.text).toContain('Your credit note RE-2 is attached.');
  const stored = (await db.read('invoices/RE-2')) as Record<string, unknown>;
  expect(stored).toMatchObject({ kind: 'credit', corrects: 'RE-1', why: 'refund', gross: -1000, tax: 0 });
  expect(stored.lines).toEqual([{ title: 'Harbour Jazz Night', quantity: -1, net: -1000, tax: 0, gross: -1000 }]);

  await page.keyboard.press('Escape');
  await page.goto('/dashboard?tab=invoices');
  await expect(page.getByText('RE-: 2 issued, the last RE-2')).toBeVisible();

  // For the accountant: this month's documents, their tax and the money, as files; the ZIP's are the same files.
  const accountant = page.getByRole('region', { name: 'For the accountant' });
  await expect(accountant.getByTestId('accountant-count')).toHaveText('1 invoice, 1 credit note');
  await expect(accountant.getByRole('table', { name: 'Tax per rate' }).getByRole('row').last()).toHaveText(
    'Total (GBP)£26.00£0.00£26.00',
  );
  const documentsCsv = await downloaded(page, () =>
    accountant.getByRole('button', { name: 'Documents (CSV)' }).click(),
  );
  expect(documentsCsv.name).toMatch(/^documents-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = documentsCsv.bytes.toString('utf8').split('\r\n');
  expect(rows[1]).toMatch(/^RE-1,invoice,.*,GBP,,,outside,36\.00,0\.00,36\.00,/);
  expect(rows[2]).toMatch(/^RE-2,credit,.*,RE-1,refund,GBP,,,outside,-10\.00,0\.00,-10\.00,/);
  const taxCsv = await downloaded(page, () => accountant.getByRole('button', { name: 'Tax per rate (CSV)' }).click());
  const zip = await downloaded(page, () =>
    accountant.getByRole('button', { name: 'Everything with the PDFs (ZIP)' }).click(),
  );
  expect(zip.name).toBe(documentsCsv.name.replace(/^documents/, 'invoices').replace(/csv$/, 'zip'));
  const files = unzipSync(zip.bytes);
  expect(Object.keys(files).sort()).toEqual([
    'documents.csv',
    'payments-and-refunds.csv',
    'pdf/RE-1.pdf',
    'pdf/RE-2.pdf',
    'tax-per-rate.csv',
  ]);
  expect(Buffer.from(files['documents.csv']!).equals(documentsCsv.bytes)).toBe(true);
  expect(Buffer.from(files['tax-per-rate.csv']!).equals(taxCsv.bytes)).toBe(true);
  expect(Buffer.from(files['pdf/RE-1.pdf']!).equals(fromDesk.bytes)).toBe(true);
  await checkScreen(page, 'desk-accountant');

  // The buyer's order page lists both, each downloadable by whoever holds the link.
  await page.goto(`/order#${SECRET}`);
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem')).toHaveText([
    /^Invoice RE-1 · .+ · £36\.00\s*Print\s*PDF$/,
    /^Credit note RE-2 for RE-1 · .+ · -£10\.00\s*Print\s*PDF$/,
  ]);
  await checkScreen(page, 'order-page-invoices');
  const fromPage = await downloaded(page, () =>
    invoices.getByRole('button', { name: 'Download RE-2 as a PDF' }).click(),
  );
  expect(fromPage.name).toBe('RE-2.pdf');
  expect(fromPage.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Its own page for printing: the document as its record says, a Print button, and printing shows it alone.
  await invoices.getByRole('link', { name: 'Print RE-2' }).click();
  await expect(page).toHaveURL(/\/document#a{32}:RE-2$/);
  await expect(page.getByRole('heading', { name: 'Credit note RE-2' })).toBeVisible();
  await expect(page.getByText('Corrects invoice RE-1')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Totals' }).getByRole('row').last()).toHaveText('Total-£10.00');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await checkScreen(page, 'document-print-page');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  // A link that opens no such document says so.
  await page.goto(`/document#${SECRET}:RE-9`);
  await expect(page.getByText(/This document cannot be shown/)).toBeVisible();
});

const SECRET = 'a'.repeat(32);

/** The first email to Ann that carries `filename`, once it has come. */
async function mailWith(db: LiveDatabase, filename: string) {
  const found = () =>
    db.mailbox
      .messages()
      .filter(
        (mail) =>
          mail.recipients.includes('ann@example.com') &&
          mail.parsed.attachments.some((attachment) => attachment.filename === filename),
      );
  await expect.poll(() => found().length, { timeout: 20_000 }).toBeGreaterThan(0);
  return found()[0]!.parsed;
}

/** What `click` makes the browser download: its file name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}
