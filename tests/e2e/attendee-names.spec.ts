/**
 * Attendee names (docs/behaviour.md#attendee-names): an event that asks for them gets one name per ticket at
 * checkout, the first the buyer's unless changed; each ticket, the order's email and the door carry its name.
 */
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

test('checkout asks who each ticket is for, and the tickets and the email say it @phone', async ({ page, db }) => {
  await db.write('products/harbour-jazz-night/attendeeNames', true);
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  await add.click();
  await add.click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
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
  const order = Object.entries((await db.read('orderAnswers')) as Record<string, Record<string, { order: string }>>)
    .flatMap(([, answers]) => Object.values(answers))
    .map((answer) => answer.order)[0];
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
