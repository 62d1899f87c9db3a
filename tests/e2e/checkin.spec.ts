import { expect, test } from './accounts';
import { changeOrderStatus, failOnPageErrors, STATUS_SAVED, waitForServiceWorker } from './support';
import { checkinResult as result, eventCodes, openCheckin, ticket, ticketOrder, typeCode } from './ticketSupport';
import { keepPicture } from './pictures';
import { inEachScheme, startInScheme } from './screenCheck';

test.use({ serviceWorkers: 'allow' });
test.beforeEach(({ page }) => failOnPageErrors(page));
test.describe.configure({ timeout: 120_000 });

const EVENT = 'harbour-jazz-night';
type Stored = Record<string, { code: string; checkin?: { scan: string } }>;
/** Which ticket of the seeded order, and the order as its buyer's tickets name it (its reference). */
const SEEDED_TICKET = /^ticket [12] of 2 · order MTRZ-TSEJ$/;

// On the desktop: a phone's door, offline, typed, refused and synced, is door-walkthrough.spec.ts's walk; what this adds
// (codes typed loosely or not at all, the outbox across a reload) the layout does not change
// (docs/testing.md#what-a-phones-run-is-for).
test('staff admit by typed code offline, a repeat is refused, the outbox survives a reload and syncs once', async ({
  page,
  db,
  accounts,
}) => {
  // A whole door session: sign-in, service worker, download, offline scans, a reload and a sync.
  test.slow();
  const staff = await accounts.create('staff');
  const codes = await eventCodes(db);
  await accounts.signIn(page, staff);
  await waitForServiceWorker(page);
  await openCheckin(page);
  await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 0 / 2');

  await db.setOffline(true);
  // The offline bar speaks of what the door keeps, not of a wishlist.
  await expect(page.locator('.offline-bar')).toContainText('You are offline', { useInnerText: true });
  await expect(page.locator('.offline-bar')).not.toContainText('wishlist', { useInnerText: true });
  // Typed the way people type: lowercase, spaces instead of hyphens.
  await typeCode(page, codes[0]!.toLowerCase().replace(/-/g, ' '));
  await expect(result(page)).toContainText('Admitted');
  await expect(result(page)).toContainText('Casey Customer');
  await expect(page.getByTestId('checkin-ticket')).toHaveText(SEEDED_TICKET);
  await typeCode(page, codes[0]!);
  await expect(result(page)).toContainText('Already checked in');
  await expect(result(page)).toContainText('this device');
  for (const junk of ['hello', 'https://example.com/ticket', '<img src=x onerror=alert(1)>', 'A'.repeat(5000)]) {
    await typeCode(page, junk);
    await expect(result(page)).toHaveAttribute('data-kind', 'unknown');
  }
  await expect(page.getByTestId('checkin-outbox')).toHaveText(/2 scans waiting to be sent/);

  await page.reload();
  // Offline the stored staff sign-in cannot be confirmed: the page says why, and the door keeps working.
  await expect(page.getByText('Offline: your sign-in is confirmed when the connection returns.')).toBeVisible();
  await expect(page.getByTestId('checkin-outbox')).toHaveText(/2 scans waiting to be sent/);
  await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 1 / 2');
  // The order's reference comes from what the device stored: it is offline.
  await typeCode(page, codes[0]!);
  await expect(result(page)).toContainText('Already checked in');
  await expect(page.getByTestId('checkin-ticket')).toHaveText(SEEDED_TICKET);
  await expect(page.getByTestId('checkin-outbox')).toHaveText(/3 scans waiting to be sent/);

  await db.setOffline(false);
  await expect(page.getByTestId('checkin-outbox')).toHaveText('All scans sent.', { timeout: 20_000 });
  const tickets = (await db.read(`tickets/${EVENT}`)) as Stored;
  expect(Object.values(tickets).filter((t) => t.checkin)).toHaveLength(1);
  const scans = Object.values((await db.read(`checkins/${EVENT}`)) as Record<string, { result: string }>);
  expect(scans.map((s) => s.result).sort()).toEqual(['admitted', 'already', 'already']);
  await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 1 / 2');
});

test('two devices admit the same ticket offline: both scans are kept, one first check-in, the conflict is shown', async ({
  page,
  db,
  accounts,
  browser,
}) => {
  // Two devices, each signed in and taken offline, then both synced.
  test.slow();
  const staff = await accounts.create('staff');
  const codes = await eventCodes(db);
  const otherContext = await browser.newContext();
  const other = await db.connect(otherContext);
  const second = await otherContext.newPage();
  await accounts.signIn(page, staff);
  await accounts.signIn(second, staff);
  await openCheckin(page);
  await openCheckin(second);

  await db.setOffline(true);
  await other.setOffline(true);
  await typeCode(page, codes[1]!);
  await typeCode(second, codes[1]!);
  await expect(result(page)).toContainText('Admitted');
  await expect(result(second)).toContainText('Admitted');

  await db.setOffline(false);
  await other.setOffline(false);
  for (const device of [page, second]) {
    await expect(device.getByTestId('checkin-outbox')).toHaveText('All scans sent.', { timeout: 20_000 });
    await expect(device.getByTestId('checkin-conflicts')).toContainText('Admitted more than once');
    await expect(device.getByTestId('checkin-conflicts')).toContainText('(first)');
    // The ticket as the door's result names it, not its internal id.
    await expect(device.getByTestId('checkin-conflicts')).toContainText(
      /Casey Customer · ticket [12] of 2 · order MTRZ-TSEJ: /,
    );
    await expect(device.getByTestId('checkin-conflicts')).not.toContainText('demoOrder');
    await expect(device.getByTestId('checkin-counter')).toHaveText('Checked in: 1 / 2');
  }
  const scans = Object.values(
    (await db.read(`checkins/${EVENT}`)) as Record<string, { result: string; device: string }>,
  );
  expect(scans.filter((s) => s.result === 'admitted')).toHaveLength(2);
  expect(new Set(scans.map((s) => s.device)).size).toBe(2);
  const tickets = (await db.read(`tickets/${EVENT}`)) as Stored;
  expect(Object.values(tickets).filter((t) => t.checkin)).toHaveLength(1);
  await otherContext.close();
});

test('staff cancelling an order voids its tickets in the same update, and the door refuses them', async ({
  page,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  const code = 'VD1D-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
  await db.writeOrders([
    {
      uid: 'buyer-v',
      id: 'order-v',
      order: {
        items: { [EVENT]: { title: 'Harbour Jazz Night', price: 18, quantity: 1 } },
        total: 18,
        status: 'pending',
        created: Date.now(),
        contact: { name: 'Vera Void', email: 'vera@example.com' },
      },
    },
  ]);
  await db.write(`tickets/${EVENT}/order-v-0`, {
    uid: 'buyer-v',
    order: 'order-v',
    n: 0,
    code,
    holder: 'Vera Void',
    status: 'valid',
    created: Date.now(),
  });
  await accounts.signIn(page, staff);
  await page.goto('/dashboard?tab=orders');
  await changeOrderStatus(page, 'order-v', 'cancelled');
  await expect.poll(() => db.read(`tickets/${EVENT}/order-v-0/status`), STATUS_SAVED).toBe('void');
  expect(await db.read('orders/buyer-v/order-v/status')).toBe('cancelled');

  await openCheckin(page, 3);
  await typeCode(page, code);
  await expect(result(page)).toContainText('Void ticket');
  // An order without a reference is named by its id, as its buyer's ticket names it.
  await expect(page.getByTestId('checkin-ticket')).toHaveText('ticket 1 of 1 · order order-v');
  await expect(page.getByTestId('checkin-counter')).toHaveText('Checked in: 0 / 2');
});

test('an order placed while the door follows the event: its reference is looked up and shown, also offline', async ({
  page,
  db,
  accounts,
}) => {
  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await openCheckin(page);
  const code = 'W4NK-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
  await db.writeOrders([
    {
      uid: 'buyer-w',
      id: 'order-w',
      order: { ...ticketOrder('Wren Walkup', 'wren@example.com', 1), status: 'confirmed', ref: 'W4NK7NPQ' },
    },
  ]);
  await db.write(`tickets/${EVENT}/order-w-0`, { ...ticket('buyer-w', 'order-w', 0, code), holder: 'Wren Walkup' });
  await expect(page.getByTestId('checkin-synced')).toContainText('3 tickets on this device');
  // Looked up after the list is stored: the device has it once it is in storage.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('door-lists'))).toContain('"order-w":"W4NK7NPQ"');
  await db.setOffline(true);
  await typeCode(page, code);
  await expect(result(page)).toContainText('Wren Walkup');
  await expect(page.getByTestId('checkin-ticket')).toHaveText('ticket 1 of 1 · order W4NK-7NPQ');
});

test.describe('a door device set to another language and zone than the shop', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  // Words, dates and where the focus goes, the same on any screen: the desktop checks them.
  test('dates in British English on the shop’s clock, focus back in the code field, an unknown code repeated', async ({
    page,
    db,
    accounts,
  }) => {
    const codes = await eventCodes(db);
    await accounts.signIn(page, await accounts.create('staff'));
    await openCheckin(page);
    // An American browser reads the shop's British English (docs/languages.md): 24-hour clock, day before month, on
    // the shop's clock.
    await expect(page.getByTestId('checkin-synced')).toContainText(
      /last synced \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} \(times in the shop’s zone, Europe\/London\) · /,
    );
    const field = page.getByRole('textbox', { name: 'Ticket code' });
    await typeCode(page, codes[0]!);
    await expect(result(page)).toContainText('Admitted');
    // A keyboard-wedge scanner types the next code at once: it must land in the field.
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await page.keyboard.type(codes[0]!);
    await page.keyboard.press('Enter');
    await expect(result(page)).toContainText(/Already checked in ?at \d{2}:\d{2}:\d{2} on this device/);

    await typeCode(page, 'hello door');
    await expect(result(page)).toContainText('“hello door” is not a ticket on this device’s lists');
    await typeCode(page, `<b>${'A'.repeat(500)}</b>`);
    await expect(result(page)).toContainText(`“<b>${'A'.repeat(37)}…” is not a ticket`);
  });
});

test.describe('a door device in German', () => {
  test.use({ locale: 'de-DE' });

  test('staff read the door in German: its results, counts and dates, on the shop’s clock', async ({
    page,
    db,
    accounts,
  }) => {
    const codes = await eventCodes(db);
    await accounts.signIn(page, await accounts.create('staff'));
    await page.goto('/dashboard?tab=checkin');
    await page.getByRole('combobox', { name: 'Veranstaltung' }).click();
    await page.getByRole('option', { name: 'Harbour Jazz Night' }).click();
    await page.getByRole('button', { name: 'Ticketliste herunterladen' }).click();
    await expect(page.getByTestId('checkin-synced')).toHaveText(
      /^2 Tickets auf diesem Gerät · zuletzt abgeglichen \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} \(Zeiten in der Zeitzone des Shops, Europe\/London\) · dieses Gerät ist door-[0-9a-z]{4}$/,
    );
    await expect(page.getByTestId('checkin-counter')).toHaveText('Eingecheckt: 0 / 2');
    const code = page.getByRole('textbox', { name: 'Ticketcode' });
    const checkIn = page.getByRole('button', { name: 'Einchecken', exact: true });
    await code.fill(codes[0]!);
    await checkIn.click();
    await expect(result(page)).toContainText('Eingelassen');
    await expect(page.getByTestId('checkin-ticket')).toHaveText(/^Ticket [12] von 2 · Bestellung \S+$/);
    await expect(page.getByTestId('checkin-counter')).toHaveText('Eingecheckt: 1 / 2');
    await code.fill(codes[0]!);
    await checkIn.click();
    await expect(result(page)).toContainText(/Schon eingecheckt ?um \d{2}:\d{2}:\d{2} auf diesem Gerät · /);
    await code.fill('hallo Tür');
    await checkIn.click();
    await expect(result(page)).toContainText('Unbekannter Code');
    await expect(result(page)).toContainText('„hallo Tür“ ist kein Ticket auf den Listen dieses Geräts');
    await expect(page.getByTestId('checkin-outbox')).toHaveText(
      /^(1 Scan wartet auf das Senden …|Alle Scans gesendet\.)$/,
    );
    await expect(page.getByTestId('checkin-outbox')).toHaveText('Alle Scans gesendet.');
  });
});

/** The contrast ratio (WCAG) of the result's text on its background. */
function resultContrast(page: import('@playwright/test').Page): Promise<number> {
  return result(page).evaluate((box) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(box);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

// Colours do not change with the viewport: the desktop measures each result in both schemes, which covers the phone's dark.
test("the door's results read at 4.5:1 or more in both schemes", async ({ page, db, accounts }) => {
  await startInScheme(page);
  const staff = await accounts.create('staff');
  const codes = await eventCodes(db);
  const readable = () => inEachScheme(page, async () => expect(await resultContrast(page)).toBeGreaterThanOrEqual(4.5));
  await accounts.signIn(page, staff);
  await openCheckin(page);
  await typeCode(page, codes[0]!);
  await expect(result(page)).toContainText('Admitted');
  // Which ticket of the order and which order, as the buyer's tickets say it, not the ticket's internal id.
  await expect(result(page)).toContainText('Casey Customer');
  await expect(page.getByTestId('checkin-ticket')).toHaveText(SEEDED_TICKET);
  await readable();
  await keepPicture(page, `door-admitted-${page.viewportSize()!.width}`);
  await typeCode(page, codes[0]!);
  await expect(result(page)).toContainText('Already checked in');
  await readable();
  await typeCode(page, 'hello');
  await expect(result(page)).toHaveAttribute('data-kind', 'unknown');
  await readable();
});
