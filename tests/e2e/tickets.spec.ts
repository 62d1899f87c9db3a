import { expect, test } from './accounts';
import { expectHeading, failOnPageErrors, waitForServiceWorker } from './support';
import { buyAsGuest, decodeTicketQr, showCustomerTickets, ticket, ticketOrder } from './ticketSupport';
import { keepPicture } from './pictures';

test.use({ serviceWorkers: 'allow' });
test.beforeEach(({ page }) => failOnPageErrors(page));
// Checkout, service worker installation and offline reloads take longer than one page's test.
test.describe.configure({ timeout: 90_000 });

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/;

test('a guest buys two tickets, sees them with QR codes that hold the shown code, and still has them offline @phone', async ({
  page,
  db,
}) => {
  await buyAsGuest(page, 'Robin Ash', 2);
  const tickets = page.getByTestId('ticket');
  const stored = (await db.read('tickets/harbour-jazz-night')) as Record<
    string,
    { code: string; holder: string; uid: string }
  >;
  const mine = Object.values(stored).filter((t) => t.holder === 'Robin Ash');
  expect(mine).toHaveLength(2);
  for (let i = 0; i < 2; i++) {
    const shown = (await tickets.nth(i).getByTestId('ticket-code').textContent())!;
    expect(shown).toMatch(CODE_SHAPE);
    expect(mine.map((t) => t.code)).toContain(shown);
    expect(await decodeTicketQr(page, tickets.nth(i))).toBe(shown);
  }
  await expect(tickets.first()).toContainText('Harbour Jazz Night');
  await expect(tickets.first()).toContainText('The Lantern Rooms, Main Hall');
  await expect(tickets.first()).toContainText('Robin Ash');
  await expect(tickets.first()).toContainText('Valid');

  await db.setOffline(true);
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tickets bought on this device' })).toBeVisible();
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  // Said once, by the offline bar, not again over the tickets.
  await expect(page.getByText('You are offline. Showing what this device saved')).toBeVisible();
  await expect(page.getByText(/offline/i)).toHaveCount(1);
});

test('a customer sees their tickets on the dashboard, also offline after a reload; corrupt saved tickets are re-fetched', async ({
  page,
  db,
  accounts,
}) => {
  const code = 'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
  await showCustomerTickets(page, db, accounts, [code]);

  const section = page.getByRole('region', { name: 'Your tickets' });
  await expect(section.getByTestId('ticket-code')).toHaveText(code);
  await expect(section).toContainText('Fri, 15 Jan 2027, 19:00 GMT');
  expect(await decodeTicketQr(page, section.getByTestId('ticket'))).toBe(code);

  await waitForServiceWorker(page);
  await db.setOffline(true);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your tickets' }).getByTestId('ticket-code')).toHaveText(code);

  await db.setOffline(false);
  // From a page without tickets, so no refresh in flight writes good tickets over the broken ones.
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('tickets', '{"version":1,"tickets":[{"ticket":"<script>"}]}'));
  await page.goto('/dashboard');
  await expect(page.getByText('Saved tickets could not be read')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your tickets' }).getByTestId('ticket-code')).toHaveText(code);
  await db.write('tickets/harbour-jazz-night/order-1-0/status', 'void');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your tickets' })).toContainText('Void');
});

test("a customer can neither read another customer's tickets nor check themselves in", async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer');
  const other = await accounts.create('customer');
  await db.write(`orders/${customer.uid}/mine`, ticketOrder('Me', customer.email, 1));
  await db.write(
    'tickets/harbour-jazz-night/mine-0',
    ticket(customer.uid, 'mine', 0, 'AB1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345'),
  );
  await db.write(
    'tickets/harbour-jazz-night/theirs-0',
    ticket(other.uid, 'theirs', 0, '6789-ABCD-EFGH-JKMN-PQRS-TVWX-YZ01'),
  );
  await page.goto('/home');
  const denied = 'PERMISSION_DENIED';
  expect(await accounts.sdkRead(page, customer, 'tickets/harbour-jazz-night/mine-0')).toBe('ok');
  expect(await accounts.sdkRead(page, customer, 'tickets/harbour-jazz-night/theirs-0')).toBe(denied);
  expect(await accounts.sdkRead(page, customer, 'tickets/harbour-jazz-night')).toBe(denied);
  const scan = {
    ticket: 'mine-0',
    device: 'me',
    result: 'admitted',
    scanned: Date.now(),
    received: Date.now() - 1000,
    by: customer.uid,
  };
  expect(await accounts.sdkWrite(page, customer, 'checkins/harbour-jazz-night/scan-12345678', scan)).toBe(denied);
  expect(
    await accounts.sdkWrite(page, customer, 'tickets/harbour-jazz-night/mine-0/checkin', {
      scan: 'scan-12345678',
      device: 'me',
      at: 1,
    }),
  ).toBe(denied);
  expect(await accounts.sdkWrite(page, customer, 'tickets/harbour-jazz-night/mine-0/holder', 'Someone else')).toBe(
    denied,
  );
});

test('tickets on the buyer’s device follow a check-in at the door and a cancellation by staff, also after being offline', async ({
  page,
  db,
}) => {
  await buyAsGuest(page, 'Robin Ash', 2);
  const stored = (await db.read('tickets/harbour-jazz-night')) as Record<string, { holder: string; n: number }>;
  const ids = Object.entries(stored)
    .filter(([, t]) => t.holder === 'Robin Ash')
    .sort(([, a], [, b]) => a.n - b.n)
    .map(([id]) => id);
  expect(ids).toHaveLength(2);
  const tickets = page.getByTestId('ticket');
  await expect(tickets.nth(0)).toContainText('Valid');

  // Admitted at the door while the confirmation is open: it says so without a reload.
  await db.write(`tickets/harbour-jazz-night/${ids[0]}/checkin`, {
    scan: 'door-1-scan',
    device: 'door-1',
    at: Date.now(),
  });
  await expect(tickets.nth(0)).toContainText('Checked in');
  await expect(tickets.nth(0)).not.toContainText('Valid');

  // Cancelled by staff while the buyer was offline: the tickets bought on this device catch up once online.
  await page.goto('/login');
  const kept = page.getByRole('region', { name: 'Tickets bought on this device' }).getByTestId('ticket');
  await expect(kept).toHaveCount(2);
  await expect(kept.nth(0)).toContainText('Checked in');
  await db.setOffline(true);
  await db.write(`tickets/harbour-jazz-night/${ids[1]}/status`, 'void');
  await expect(kept.nth(1)).toContainText('Valid');
  await db.setOffline(false);
  await expect(kept.nth(1)).toContainText('Void');
  await expect(kept.nth(1).getByTestId('ticket-qr')).toHaveCount(0);
  await expect(kept.nth(0).getByTestId('ticket-qr')).toBeVisible();
  await keepPicture(page, `tickets-live-desktop`, { fullPage: true });

  // Kept so on the device: offline after a reload they still say so.
  await db.setOffline(true);
  await page.reload();
  await expect(kept.nth(0)).toContainText('Checked in');
  await expect(kept.nth(1)).toContainText('Void');
});
