import type { Page } from '@playwright/test';
import { expect, test } from './accounts';
import { failOnPageErrors, waitForServiceWorker } from './support';
import { buyAsGuest, checkinResult, launchWithCamera, openCheckin, typeCode } from './ticketSupport';
import { keepPicture } from './pictures';

test.use({ serviceWorkers: 'allow' });
test.beforeEach(({ page }) => failOnPageErrors(page));

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** SCREENSHOTS_DIR=/some/dir keeps a picture of each step, to look at by eye. */
const shot = (page: Page, name: string) => keepPicture(page, `door-${name}`, { fullPage: true });

test('on phones: guest keeps tickets offline; staff admit offline by camera and typing; devices agree @phone', async ({
  page,
  db,
  accounts,
  browser,
  playwright,
  launchOptions,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'phone', 'a walk through on phones');
  test.setTimeout(240_000);

  await buyAsGuest(page, 'Robin Ash', 2);
  const codes = await page.getByTestId('ticket-code').allTextContents();
  await shot(page, '1-guest-bought');
  await db.setOffline(true);
  await page.goto('/login');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tickets bought on this device' })).toBeVisible();
  await expect(page.getByTestId('ticket-code')).toHaveText(codes);
  await shot(page, '2-guest-offline');

  const staff = await accounts.create('staff');
  // The door's phone films the guest's first ticket; a second staff phone stays online at the other entrance.
  const camera = await launchWithCamera(playwright, launchOptions, codes[0]!);
  const otherContext = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' });
  try {
    const doorContext = await camera.browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'allow' });
    const door = await db.connect(doorContext);
    await db.connect(otherContext);
    const [first, second] = [await doorContext.newPage(), await otherContext.newPage()];
    for (const device of [first, second]) {
      failOnPageErrors(device);
      await accounts.signIn(device, staff);
    }
    await waitForServiceWorker(first);
    for (const device of [first, second]) await openCheckin(device, 4);
    await shot(first, '3-door-downloaded');

    await door.setOffline(true);
    await first.reload();
    await expect(first.getByTestId('checkin-counter')).toHaveText('Checked in: 0 / 4');
    await first.getByRole('button', { name: 'Scan with camera' }).click();
    // Bought to pay at the door: the door asks for the order's money first, offline too.
    await expect(checkinResult(first)).toContainText('Unpaid: take £36.00', { timeout: 20_000 });
    await shot(first, '4-door-take-money');
    await first.getByRole('button', { name: 'Paid £36.00: admit' }).click();
    await expect(checkinResult(first)).toContainText('Admitted');
    await expect(checkinResult(first)).toContainText('Robin Ash');
    // Readable where the door person looks, not below the camera view.
    await expect(checkinResult(first)).toBeInViewport();
    await shot(first, '4-door-camera-admitted');
    await first.getByRole('button', { name: 'Close camera' }).click();
    // The order is paid now: its other ticket is not asked for money again.
    await typeCode(first, codes[1]!);
    await expect(checkinResult(first)).toContainText('Admitted');
    await expect(checkinResult(first)).toContainText('Robin Ash');
    await shot(first, '5-door-typed-admitted');
    await typeCode(first, codes[0]!);
    await expect(checkinResult(first)).toContainText('Already checked in');
    await expect(checkinResult(first)).toContainText('this device');
    await expect(first.getByTestId('checkin-outbox')).toHaveText(/scans? waiting to be sent \(offline\)$/);
    await shot(first, '6-door-repeat-refused');
    await expect(second.getByTestId('checkin-counter')).toHaveText('Checked in: 0 / 4');

    await door.setOffline(false);
    await expect(first.getByTestId('checkin-outbox')).toHaveText('All scans sent.', { timeout: 30_000 });
    for (const device of [first, second]) {
      await expect(device.getByTestId('checkin-counter')).toHaveText('Checked in: 2 / 4');
    }
    await shot(first, '7-door-synced');
    await shot(second, '8-other-device-agrees');
    type Stored = Record<string, { holder: string; checkin?: unknown }>;
    const tickets = Object.values((await db.read('tickets/harbour-jazz-night')) as Stored);
    expect(tickets.filter((t) => t.holder === 'Robin Ash' && t.checkin)).toHaveLength(2);
    // The money taken offline is recorded once, and the order is paid.
    type Payments = Record<string, Record<string, { method: string; amount: number }>>;
    await expect
      .poll(async () => Object.values(((await db.read('payments')) ?? {}) as Payments).flatMap((p) => Object.values(p)))
      .toEqual([expect.objectContaining({ method: 'door', amount: 3600 })]);
  } finally {
    await otherContext.close();
    await camera.close();
  }
});
