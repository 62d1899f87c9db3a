import type { Browser, Page } from '@playwright/test';
import { expect, test } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { failOnPageErrors } from './support';
import { checkinResult, eventCodes, launchWithCamera, openCheckin, typeCode } from './ticketSupport';

test.describe.configure({ timeout: 120_000 });

const EVENT = 'harbour-jazz-night';

/** Staff signed in at the door in `browser` (which has the camera), the jazz night's list downloaded. */
async function doorPage(
  browser: Browser,
  baseURL: string | undefined,
  db: LiveDatabase,
  signIn: (page: Page) => Promise<void>,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await db.connect(context);
  const page = await context.newPage();
  failOnPageErrors(page);
  await signIn(page);
  await openCheckin(page);
  return page;
}

const admitted = async (db: LiveDatabase) =>
  Object.values((await db.read(`tickets/${EVENT}`)) as Record<string, { checkin?: unknown }>).filter((t) => t.checkin)
    .length;

test('staff admit a ticket held up to the camera, then the same ticket again is already checked in', async ({
  playwright,
  launchOptions,
  baseURL,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  const [code] = await eventCodes(db);
  const camera = await launchWithCamera(playwright, launchOptions, code!);
  try {
    const page = await doorPage(camera.browser, baseURL, db, (p) => accounts.signIn(p, staff));
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const result = checkinResult(page);
    await expect(result).toContainText('Admitted', { timeout: 20_000 });
    await expect(result).toContainText('Casey Customer');
    // The looping video shows the same code again after the repeat pause: now it has been used.
    await expect(result).toContainText('Already checked in', { timeout: 20_000 });
    await expect.poll(() => admitted(db)).toBe(1);
  } finally {
    await camera.close();
  }
});

test('a QR holding a link with markup: unknown code, nothing else', async ({
  playwright,
  launchOptions,
  baseURL,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  const [code] = await eventCodes(db);
  const link = `https://evil.example/admit?code=${code}#<img src=x onerror="alert(1)">`;
  const camera = await launchWithCamera(playwright, launchOptions, link);
  try {
    const page = await doorPage(camera.browser, baseURL, db, (p) => accounts.signIn(p, staff));
    page.on('dialog', (dialog) => {
      throw new Error(`The page opened a dialog: ${dialog.message()}`);
    });
    const before = page.url();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(checkinResult(page)).toHaveAttribute('data-kind', 'unknown', { timeout: 20_000 });
    await expect(checkinResult(page)).toHaveText(/^Unknown code/);
    // A few more frames of the same code: still nothing queued, sent, followed or shown as markup.
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(before);
    await expect(page.getByTestId('checkin-outbox')).toHaveText('All scans sent.');
    await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 0 / 2');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(await db.read(`checkins/${EVENT}`)).toBeNull();
    expect(await admitted(db)).toBe(0);
  } finally {
    await camera.close();
  }
});

test('camera refused: staff are told why and type the code', async ({
  playwright,
  launchOptions,
  baseURL,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  const [code] = await eventCodes(db);
  const camera = await launchWithCamera(playwright, launchOptions, code!, { allow: false });
  try {
    const page = await doorPage(camera.browser, baseURL, db, (p) => accounts.signIn(p, staff));
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByTestId('camera-problem')).toHaveText(
      'The camera is not allowed here. Type the code under the QR instead.',
    );
    await typeCode(page, code!);
    await expect(checkinResult(page)).toContainText('Admitted');
  } finally {
    await camera.close();
  }
});

test('without a camera, staff are told why and type the code instead @phone', async ({ page, db, accounts }) => {
  failOnPageErrors(page);
  const staff = await accounts.create('staff');
  const [code] = await eventCodes(db);
  await accounts.signIn(page, staff);
  await openCheckin(page);
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByTestId('camera-problem')).toHaveText(
    'No camera found on this device. Type the code under the QR instead.',
  );
  await typeCode(page, code!);
  await expect(checkinResult(page)).toContainText('Admitted');
});
