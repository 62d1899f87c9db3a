import type { Page } from '@playwright/test';
import { expectHeading, failOnPageErrors } from './support';
import { expect, test } from './liveDatabase';

// What an earlier visit (or someone else) left in the contact outbox, sent against the real database.

test.beforeEach(({ page }) => failOnPageErrors(page));

const MESSAGE = { name: 'Robin Ash', email: 'robin@example.com', subject: 'Group booking', body: 'A table for eight?' };

async function storeOutbox(page: Page, entries: unknown[]): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('contact-outbox', value), JSON.stringify(entries));
  await page.goto('/contact');
  await expectHeading(page, 'Contact');
}

async function storedMessages(db: { read(path: string): Promise<unknown> }): Promise<Record<string, typeof MESSAGE>> {
  return ((await db.read('messages')) ?? {}) as Record<string, typeof MESSAGE>;
}

test('queued messages whose ids are not database keys go out under new ids', async ({ page, db }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  const ids = ['bad.id', 'a/b', '$x', '', 'x'.repeat(100), 'fine-id'];
  const subjects = ids.map((_, index) => `Subject ${index}`);
  const entries = ids.map((id, index) => ({ id, message: { ...MESSAGE, subject: subjects[index] }, attempts: 3 }));
  await storeOutbox(page, entries);
  await expect(page.getByText(/waiting to be sent/)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: '6 messages sent' })).toBeVisible();
  const stored = await storedMessages(db);
  expect(
    Object.values(stored)
      .map((message) => message.subject)
      .sort(),
  ).toEqual(subjects.sort());
  expect(Object.keys(stored)).toContain('fine-id');
  expect(Object.keys(stored).every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))).toBe(true);
  expect(warnings.join('\n')).toMatch(/not a valid database key/);
  expect(await page.evaluate(() => localStorage.getItem('contact-outbox'))).toBeNull();
});

test('150 queued messages go out with one summarising toast, not 150', async ({ page, db }) => {
  const entries = Array.from({ length: 150 }, (_, index) => ({
    id: `m-${index}`,
    message: { ...MESSAGE, subject: `S${index}` },
    attempts: 0,
  }));
  // Every toast the page ever shows, counted as it appears.
  await page.addInitScript(() => {
    const seen = new Set<Element>();
    (window as unknown as { toastCount: () => number }).toastCount = () => seen.size;
    new MutationObserver(() =>
      document.querySelectorAll('[role="status"], [role="alert"]').forEach((toast) => {
        if (/Message sent|messages sent/.test(toast.textContent ?? '')) seen.add(toast);
      }),
    ).observe(document, { subtree: true, childList: true });
  });
  await storeOutbox(page, entries);
  await expect(page.getByRole('status').filter({ hasText: '150 messages sent' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/waiting to be sent/)).toBeHidden();
  expect(Object.keys(await storedMessages(db))).toHaveLength(150);
  expect(await page.evaluate(() => (window as unknown as { toastCount: () => number }).toastCount())).toBe(1);
});

test('a queued message the database would refuse comes back into the form, not lost', async ({ page, db }) => {
  await storeOutbox(page, [{ id: 'bad-email', message: { ...MESSAGE, email: 'robin at example' }, attempts: 2 }]);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('robin at example');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(MESSAGE.body);
  await expect(page.getByRole('alert').filter({ hasText: 'could not be sent' })).toBeVisible();
  await expect(page.getByText(/waiting to be sent/)).toBeHidden();
  expect(await storedMessages(db)).toEqual({});
});
