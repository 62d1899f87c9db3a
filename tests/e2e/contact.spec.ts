import { expectHeading, failOnPageErrors } from './support';
import { expect, test } from './liveDatabase';

test.beforeEach(({ page }) => failOnPageErrors(page));

const MESSAGE = {
  name: 'Robin Ash',
  email: 'robin@example.com',
  subject: 'Group booking',
  body: 'Can we book a table for eight on the 15th?',
};

async function fill(page: import('@playwright/test').Page, fields: Partial<typeof MESSAGE>) {
  const labels = { name: 'Name', email: 'Email', subject: 'Subject', body: 'Message' } as const;
  for (const [field, value] of Object.entries(fields) as [keyof typeof MESSAGE, string][]) {
    await page.getByRole('textbox', { name: labels[field] }).fill(value);
  }
}

async function messages(db: { read(path: string): Promise<unknown> }) {
  return Object.values(((await db.read('messages')) ?? {}) as Record<string, typeof MESSAGE & { created: number }>);
}

test('the contact form validates with clear inline messages @phone', async ({ page, db }) => {
  await page.goto('/contact');
  await expectHeading(page, 'Contact');
  await page.getByRole('button', { name: /Send/ }).click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter a message.')).toBeVisible();

  await fill(page, { ...MESSAGE, email: 'robin at example' });
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Please enter an email address like name@example.com.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  expect(await messages(db)).toEqual([]);
});

test('a valid message is written to messages/ and confirmed', async ({ page, db }) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await fill(page, MESSAGE);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  const stored = await messages(db);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject(MESSAGE);
  expect(Math.abs(stored[0]!.created - Date.now())).toBeLessThan(60_000);
});

test('the draft survives a reload', async ({ page }) => {
  await page.goto('/contact');
  await fill(page, { name: MESSAGE.name, body: 'Half-written' });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(MESSAGE.name);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half-written');
});

test('offline, the message waits (even across a reload) and is sent when the connection returns', async ({
  page,
  db,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await db.stop();
  await expect(page.getByRole('button', { name: 'Send when online' })).toBeVisible();
  await fill(page, MESSAGE);
  await page.getByRole('button', { name: 'Send when online' }).click();
  await expect(page.getByText('Your message is saved and will be sent when the connection returns.')).toBeVisible();
  await expect(page.getByText('One message is waiting to be sent')).toBeVisible();

  await page.reload();
  await expect(page.getByText('One message is waiting to be sent')).toBeVisible();
  await db.restart();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('waiting to be sent')).toBeHidden();
  expect(await messages(db)).toEqual([expect.objectContaining(MESSAGE)]);
});
