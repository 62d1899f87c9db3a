/**
 * Attendee names (docs/behaviour.md#attendee-names): an event that asks for them gets one name per ticket at
 * checkout, the first the buyer's unless changed; each ticket, the order's email and the door carry its name; the
 * order's link corrects a name until the event starts.
 */
import type { Page } from '@playwright/test';
import type { LiveDatabase } from './liveDatabase';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

/** Two tickets of the seeded jazz night, which asks for names, in the wishlist, and checkout open for Robin Ash. */
async function checkoutTwo(page: Page, db: LiveDatabase): Promise<void> {
  await db.write('products/harbour-jazz-night/attendeeNames', true);
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
}

/** The one order placed: its buyer and id, as the allocator answered the request. */
async function placedOrder(db: LiveDatabase): Promise<{ uid: string; order: string }> {
  const answers = (await db.read('orderAnswers')) as Record<string, Record<string, { order: string }>>;
  const [uid, byRequest] = Object.entries(answers)[0]!;
  return { uid, order: Object.values(byRequest)[0]!.order };
}

test('checkout asks who each ticket is for, and the tickets and the email say it @phone', async ({ page, db }) => {
  await checkoutTwo(page, db);
  const first = page.getByRole('textbox', { name: 'Ticket 1 of 2' });
  const second = page.getByRole('textbox', { name: 'Ticket 2 of 2' });
  // The first ticket is the buyer's until they say otherwise.
  await expect(first).toHaveValue('Robin Ash');
  await expect(second).toHaveValue('');
  await checkScreen(page, 'attendee-names');

  const reserve = page.getByRole('button', { name: /Reserve order/ });
  await reserve.click();
  await expect(second).toBeFocused();
  await expect(second).toHaveAccessibleDescription('Please enter who this ticket is for.');
  // Nothing was sent: no request is waiting or answered.
  await expect(page.getByTestId('order-progress')).toHaveText('');
  expect(await db.read('orderQueue')).toBeNull();
  expect(await db.read('orderAnswers')).toBeNull();

  await second.fill('Sam <b>Lee</b>');
  await expect(second).not.toHaveAccessibleDescription(/Please enter/);
  await reserve.click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Holder: Robin Ash')).toBeVisible();
  // Markup in a name is only text.
  await expect(page.getByText('Holder: Sam <b>Lee</b>')).toBeVisible();
  const tickets = (await db.read('tickets/harbour-jazz-night')) as Record<string, { holder: string; n: number }>;
  const { order } = await placedOrder(db);
  expect([0, 1].map((n) => tickets[`${order}-${n}`]?.holder)).toEqual(['Robin Ash', 'Sam <b>Lee</b>']);

  await expect
    .poll(() => db.mailbox.messages().filter((m) => m.recipients.includes('robin@example.com')).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const mail = db.mailbox.messages().find((m) => m.recipients.includes('robin@example.com'))!.parsed;
  expect(mail.text).toMatch(/Harbour Jazz Night, .*, for Robin Ash: /);
  // Not a name as the mail takes them (no markup): left out of the email rather than carried into it.
  expect(mail.text).not.toContain('Sam');
});

test("the order's link corrects the name on a ticket until the event starts", async ({ page, db }) => {
  await checkoutTwo(page, db);
  await page.getByRole('textbox', { name: 'Ticket 2 of 2' }).fill('Sam Lee');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Robin Ash' })).toBeVisible({ timeout: 20_000 });
  const { uid, order } = await placedOrder(db);
  const secret = (await db.read(`orders/${uid}/${order}/link`)) as string;

  await page.goto(`/order#${secret}`);
  await expect(page.getByText('Holder: Sam Lee')).toBeVisible();
  const change = page.getByRole('button', { name: 'Change name on ticket 2 of 2, Harbour Jazz Night' });
  await change.click();
  const field = page.getByRole('textbox', { name: 'Name on the ticket' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Sam Lee');
  await checkScreen(page, 'attendee-name-change');

  // An empty name is said beside the field, and nothing is sent.
  await field.fill('  ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription('Please enter who this ticket is for.');
  expect(await db.read(`tickets/harbour-jazz-night/${order}-1/holder`)).toBe('Sam Lee');

  await field.fill('Alex Rowe');
  await field.press('Enter');
  await expect(page.getByText('Holder: Alex Rowe')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Name changed.' })).toBeVisible();
  await expect(change).toBeFocused();
  expect(await db.read(`tickets/harbour-jazz-night/${order}-1/holder`)).toBe('Alex Rowe');
  expect(await db.read(`tickets/harbour-jazz-night/${order}-0/holder`)).toBe('Robin Ash');

  // Escape closes the form unsaved, and the focus goes back to its button.
  const other = page.getByRole('button', { name: 'Change name on ticket 1 of 2, Harbour Jazz Night' });
  await other.click();
  await page.getByRole('textbox', { name: 'Name on the ticket' }).fill('Nobody');
  await page.keyboard.press('Escape');
  await expect(other).toBeFocused();
  await expect(page.getByText('Holder: Robin Ash')).toBeVisible();

  // Once the event has started, there is nothing to change.
  await db.write('products/harbour-jazz-night/date', '2020-01-15T19:00:00Z');
  await page.reload();
  await expect(page.getByText('Holder: Alex Rowe')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change name/ })).toHaveCount(0);
});
