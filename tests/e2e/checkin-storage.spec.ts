import { expect, test } from './accounts';
import { failOnPageErrors, fillStorage } from './support';
import { checkinResult, eventCodes, openCheckin, typeCode } from './ticketSupport';

test.beforeEach(({ page }) => failOnPageErrors(page));
test.describe.configure({ timeout: 90_000 });

const EVENT = 'harbour-jazz-night';

test('storage full: the door downloads, decides and sends from memory, and says so @phone', async ({
  page,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  const codes = await eventCodes(db);
  await accounts.signIn(page, staff);
  await fillStorage(page);
  await openCheckin(page);
  await expect(page.getByText('This device’s storage is full: check-in goes on')).toBeVisible();

  await db.setOffline(true);
  await typeCode(page, codes[0]!);
  await expect(checkinResult(page)).toContainText('Admitted');
  await typeCode(page, codes[0]!);
  await expect(checkinResult(page)).toContainText('Already checked in');
  await typeCode(page, codes[1]!.toLowerCase());
  await expect(checkinResult(page)).toContainText('Admitted');
  await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 2 / 2');
  await expect(page.getByTestId('checkin-outbox')).toHaveText(/3 scans waiting to be sent/);
  const stored = await page.evaluate(() => [localStorage.getItem('door-lists'), localStorage.getItem('door-outbox')]);
  expect(stored).toEqual([null, null]);

  await db.setOffline(false);
  await expect(page.getByTestId('checkin-outbox')).toHaveText('All scans sent.', { timeout: 20_000 });
  const scans = Object.values((await db.read(`checkins/${EVENT}`)) as Record<string, { result: string }>);
  expect(scans.map((s) => s.result).sort()).toEqual(['admitted', 'admitted', 'already']);
});

test('corrupt stored list and outbox: each dropped with a message; download again, door works', async ({
  page,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  const codes = await eventCodes(db);
  await accounts.signIn(page, staff);
  // Written from a page without the app, which would otherwise save its own values over these.
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    localStorage.setItem('door-lists', '{"harbour-jazz-night":{"eventId":"harbour-jazz-night","tickets":"<script>"}}');
    localStorage.setItem('door-outbox', '[{"id":7}]');
  });
  await openCheckin(page);
  await expect(
    page.getByText('The ticket lists stored on this device could not be read and were removed'),
  ).toBeVisible();
  await expect(page.getByText('Scans waiting on this device could not be read and were removed')).toBeVisible();
  await typeCode(page, codes[0]!);
  await expect(checkinResult(page)).toContainText('Admitted');
  await expect(page.getByTestId('checkin-outbox')).toHaveText('All scans sent.', { timeout: 20_000 });
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('door-lists')!) as unknown);
  expect(saved).toHaveProperty([EVENT, 'tickets', 'length'], 2);
});

test("another shop's code, garbage or a huge paste: plain unknown, nothing changes", async ({ page, db, accounts }) => {
  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await openCheckin(page);
  // Shaped like our codes (another shop using the same scheme), but no ticket here has it.
  for (const input of ['7KQ2-M9XD-4T6V-B8NW-3RJP-5GSA-0YCE', '%%%%', ' ', 'x'.repeat(100_000)]) {
    await page.getByRole('textbox', { name: 'Ticket code' }).fill(input);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    if (input.trim() === '') continue;
    await expect(checkinResult(page)).toHaveAttribute('data-kind', 'unknown');
    await expect(checkinResult(page)).toContainText(`“${input.slice(0, 40)}`);
    await expect(checkinResult(page)).toContainText('is not a ticket on this device’s lists');
  }
  await expect(page.getByTestId('checkin-outbox')).toHaveText('All scans sent.');
  await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 0 / 2');
  expect(await db.read(`checkins/${EVENT}`)).toBeNull();
});
