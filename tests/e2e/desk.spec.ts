/**
 * The organiser's desk in the staff dashboard: the Orders tab (search, filters, paging, contact details, status)
 * and the Events tab (live figures, the sales chart, the attendee list with its CSV export and print view), on a
 * desktop and a phone, light and dark, axe-clean. Orders are written as trusted code writes them, with their index
 * entries (db.writeOrder).
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test, type Accounts } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { checkScreen, checkScreenInEachScheme, startInScheme } from './screenCheck';
import { changeOrderStatus, failOnPageErrors, openJazzNight, STATUS_SAVED } from './support';
import { keepPicture } from './pictures';

test.beforeEach(({ page }) => failOnPageErrors(page));

const EVENT = 'harbour-jazz-night';
const DAY = 86_400_000;
const HOSTILE = '=HYPERLINK("http://evil.example","click")';
const CODE = (n: number) => `AB${String(n).padStart(2, '0')}-EFGH-JKMN-PQRS-TVWX-YZ01-2345`;

/** 30 orders over 30 days for the jazz night, one ticket each; the oldest has a reference, one buyer a hostile name. */
async function shop(db: LiveDatabase) {
  const now = Date.now();
  const orders: Parameters<LiveDatabase['writeOrders']>[0][number][] = [];
  const tickets = ((await db.read(`tickets/${EVENT}`)) ?? {}) as Record<string, unknown>;
  for (let i = 0; i < 30; i++) {
    const created = now - (30 - i) * DAY;
    const name = i === 3 ? HOSTILE : i % 2 ? `Ada${i} Lovelace` : `Grace${i} Hopper`;
    const id = `order-${String(i).padStart(2, '0')}`;
    orders.push({
      uid: `buyer-${i}`,
      id,
      order: {
        items: { [EVENT]: { title: 'Harbour Jazz Night', price: 18, quantity: 1 } },
        total: 18,
        status: i % 5 === 0 ? 'cancelled' : 'confirmed',
        created,
        contact: { name, email: `buyer${i}@example.com`, telephone: `+44 7700 9000${String(i).padStart(2, '0')}` },
        ...(i === 0 ? { ref: 'K7M4QXPR' } : {}),
      },
    });
    tickets[`${id}-0`] = {
      uid: `buyer-${i}`,
      order: id,
      n: 0,
      code: CODE(i),
      holder: name,
      status: i % 5 === 0 ? 'void' : 'valid',
      created,
      ...(i === 1 ? { checkin: { scan: 'scan-0001', device: 'door-north', at: now - 3_600_000 } } : {}),
    };
  }
  await db.writeOrders(orders);
  await db.write(`tickets/${EVENT}`, tickets);
}

/** The seeded shop's desk for a new staff member, on `tab`; a phone in the dark scheme. */
async function openShopDesk(
  page: Page,
  db: LiveDatabase,
  accounts: Accounts,
  isMobile: boolean,
  tab: 'orders' | 'events',
): Promise<void> {
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto(`/dashboard?tab=${tab}`);
}

/** Axe-clean, and a picture in SCREENSHOTS_DIR when set (screenCheck.ts). */
const check = (page: Page, name: string) => checkScreen(page, `desk-${name}`);
const checkInEachScheme = (page: Page, name: string) => checkScreenInEachScheme(page, `desk-${name}`);

const orderList = (page: Page) =>
  page.getByRole('table', { name: 'Orders' }).or(page.getByRole('list', { name: 'Orders' }));
const orderRows = (page: Page) =>
  orderList(page)
    .locator(':scope > tbody > tr, :scope > li')
    .filter({ hasNot: page.locator('th') });

test('orders: find by reference, name and email, filter and page @phone', async ({ page, db, accounts }) => {
  test.setTimeout(240_000);
  await startInScheme(page);
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=orders');

  // Newest first, 25 to a page: the 30 written here and the demo shop's 3.
  await expect(page.getByText('Page 1: orders 1–25, newest first')).toBeVisible();
  await expect(orderRows(page)).toHaveCount(25);
  await expect(orderRows(page).first()).toContainText('Ada29 Lovelace');
  await expect(orderRows(page).first()).toContainText('buyer29@example.com');
  await expect(orderRows(page).first().getByRole('link', { name: '+44 7700 900029' })).toHaveAttribute(
    'href',
    'tel:+447700900029',
  );
  await checkInEachScheme(page, 'orders');
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByText('Page 2: orders 26–33, newest first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
  // Nothing sticks out sideways on a phone, whatever a buyer calls themselves.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(page.getByText('Page 1: orders 1–25, newest first')).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('k7m4 qxpr');
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText('Grace0 Hopper');
  await expect(orderRows(page)).toContainText('K7M4-QXPR');
  await search.fill('lovelace ada2');
  await expect(page.getByText('5 matches')).toBeVisible();
  await search.fill('BUYER17@');
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText('Ada17 Lovelace');
  await search.fill('nobody at all');
  await expect(page.getByText('0 matches')).toBeVisible();
  await search.fill('');

  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(orderRows(page)).toHaveCount(6);
  await page.getByRole('combobox', { name: 'Event', exact: true }).click();
  await page.getByRole('option', { name: 'Harbour Jazz Night' }).click();
  await expect(orderRows(page)).toHaveCount(6);
  await page.getByLabel('Placed from').fill(new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10));
  await expect(orderRows(page)).toHaveCount(2);
  await expect(page.getByText('2 orders, newest first')).toBeVisible();
  await checkInEachScheme(page, 'orders-filtered');

  // A status change from the list moves the order, its tickets and its index entries together.
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Confirmed' }).click();
  await changeOrderStatus(page, 'order-29', 'fulfilled');
  await expect.poll(() => db.read('orders/buyer-29/order-29/status'), STATUS_SAVED).toBe('fulfilled');
  expect(await db.read('deskOrders/buyer-29~order-29/sk')).toMatch(/^fulfilled~/);
  expect(await db.read(`deskEventOrders/${EVENT}/buyer-29~order-29/status`)).toBe('fulfilled');
  await expect(page.getByRole('combobox', { name: 'Status of order order-29' })).toHaveCount(0);

  // The whole order opens from its reference.
  await page.getByRole('button', { name: 'Open order order-28' }).click();
  const details = page.getByRole('dialog', { name: 'Order order-28' });
  await expect(details).toContainText('1 × Harbour Jazz Night');
  await checkInEachScheme(page, 'order-details');
  await details.getByRole('button', { name: 'Close' }).click();
});

test('events: live figures, sales chart, attendees, CSV export and print view @phone', async ({
  page,
  db,
  accounts,
}, testInfo) => {
  test.setTimeout(240_000);
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await openJazzNight(page);
  const figure = (label: string) => page.getByTestId(`figure-${label}`);
  // 24 valid tickets written here and the demo order's 2; 6 cancelled ones are void.
  await expect(figure('Sold')).toHaveText('26');
  await expect(figure('Checked in')).toHaveText('1');
  await expect(figure('Revenue')).toHaveText('£468.00');
  const stock = (await db.read(`products/${EVENT}/stock`)) as number;
  await expect(figure('Remaining')).toHaveText(String(stock));
  await expect(figure('Held')).toHaveText('0');
  await expect(figure('Capacity')).toHaveText(String(stock + 26));
  await expect(page.getByRole('region', { name: 'Sales over time' }).locator('svg').first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await check(page, 'events');
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Live: a check-in at the door shows at once.
  await db.write(`tickets/${EVENT}/order-02-0/checkin`, { scan: 'scan-0002', device: 'door-south', at: Date.now() });
  await expect(figure('Checked in')).toHaveText('2');

  const attendees = page.getByRole('region', { name: /Attendees of Harbour Jazz Night/ });
  // A table on a desktop, a list on a phone: one row or item per ticket.
  const wide = page.viewportSize()!.width >= 900;
  const attendee = (text: string) =>
    wide
      ? attendees.getByRole('row').filter({ hasText: text })
      : attendees.getByRole('listitem').filter({ hasText: text });
  // The start of the code, said to be one (docs/decisions.md#the-organisers-desk), and the order as people read it:
  // its reference, or its id for an order placed before references.
  await expect(attendee('Ada1 Lovelace')).toContainText('AB01-EFGH');
  await expect(attendee('Ada1 Lovelace')).not.toContainText('…');
  await expect(attendee('Ada1 Lovelace')).toContainText('order-01');
  await expect(attendee('Grace0 Hopper')).toContainText('K7M4-QXPR');
  await expect(attendee('Casey Customer')).toHaveCount(2);
  await expect(attendee('Casey Customer').first()).toContainText('MTRZ-TSEJ');
  await expect(attendee('Ada1 Lovelace')).toContainText('door-north');
  // The event's time, in the shop's zone and named, and its venue.
  await expect(attendees.getByTestId('attendees-event')).toHaveText(/^Fri,? 15 Jan 2027, 19:00 GMT · \S/);
  await attendees.getByRole('searchbox', { name: 'Find an attendee' }).fill('grace1');
  await expect(attendee('')).toHaveCount(wide ? 1 + 5 : 5);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    attendees.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('attendees-harbour-jazz-night.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(
    csv.startsWith('\uFEFFName,Email,Phone,Order,Code (first part),Status,Checked in,Device,Type,Event,Event date\r\n'),
  ).toBe(true);
  expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + 32);
  // The buyer's phone where the order has one (never a formula), the reference or id, the event's time named.
  const EVENT_TIME = /"Fri,? 15 Jan 2027, 19:00 GMT"/.source;
  expect(csv).toMatch(
    new RegExp(
      `\r\n"'=HYPERLINK\\(""http://evil\\.example"",""click""\\)",buyer3@example\\.com,'\\+44 7700 900003,order-03,` +
        `AB03-EFGH,Valid,,,,Harbour Jazz Night,${EVENT_TIME}\r\n`,
    ),
  );
  expect(csv).toMatch(
    new RegExp(
      `\r\nGrace0 Hopper,buyer0@example\\.com,'\\+44 7700 900000,K7M4-QXPR,AB00-EFGH,Void,,,,Harbour Jazz Night,` +
        `${EVENT_TIME}\r\n`,
    ),
  );
  expect(csv).toMatch(new RegExp(`\r\nCasey Customer,customer@example\\.com,,MTRZ-TSEJ,`));
  expect(csv).not.toContain(CODE(3));
  expect(csv).not.toContain('…');

  // The print view: the attendee list alone, every row, black on white, under the shop's name and the event's
  // title and time, each attendee with their order.
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await attendees.getByRole('button', { name: 'Print' }).click();
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(page.getByRole('tab', { name: 'Events' })).toBeHidden();
  await expect(attendees.getByRole('row')).toHaveCount(1 + 32);
  await expect(page.getByRole('region', { name: 'Figures' })).toBeHidden();
  await expect(attendees.getByText('The Lantern Rooms', { exact: true })).toBeVisible();
  await expect(attendees.getByRole('heading', { name: 'Attendees of Harbour Jazz Night (32)' })).toBeVisible();
  await expect(attendees.getByTestId('attendees-event')).toBeVisible();
  await expect(attendees.getByText('Check-in times in the shop’s zone, Europe/London')).toBeVisible();
  await expect(attendees.getByRole('columnheader', { name: 'Order' })).toBeVisible();
  await expect(attendees.getByRole('row').filter({ hasText: 'Grace0 Hopper' })).toContainText('K7M4-QXPR');
  await page.screenshot({
    path: testInfo.outputPath('attendees-print.png'),
    fullPage: true,
  });
  await keepPicture(page, `desk-print-${page.viewportSize()!.width}`, { fullPage: true });
});

test('the Orders tab by keyboard: filters in reading order, an order opened and closed', async ({
  page,
  db,
  accounts,
}) => {
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=orders');
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type('grace28');
  await expect(page.getByText('1 match')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Payment', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Event', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Placed from')).toBeFocused();
  await page.getByRole('button', { name: 'Open order order-28' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Order order-28' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open order order-28' })).toBeFocused();
});

test('a status change asks first and waits out its undo time: undone, nothing is saved @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  await openShopDesk(page, db, accounts, isMobile, 'orders');
  const status = (order: string) => page.getByRole('combobox', { name: `Status of order ${order}` });
  const ask = page.getByRole('alertdialog', { name: 'Cancel order order-28?' });

  // A mis-tap: the question comes first, its safe answer has the focus, and Enter keeps the order as it was.
  await status('order-28').selectOption('cancelled');
  await expect(ask).toContainText('Its tickets become void');
  await expect(ask.getByRole('button', { name: 'Keep it confirmed' })).toBeFocused();
  await check(page, 'status-confirm');
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(status('order-28')).toHaveValue('confirmed');

  // Confirmed, then undone (by touch on a phone) before its time is up: nothing is written.
  await status('order-28').selectOption('cancelled');
  await (isMobile
    ? ask.getByRole('button', { name: 'Cancel order' }).tap()
    : ask.getByRole('button', { name: 'Cancel order' }).click());
  const undo = page.getByRole('button', { name: 'Undo: keep order order-28 confirmed' });
  await expect(page.getByRole('status').filter({ hasText: 'Cancelled in a few seconds' })).toBeVisible();
  await expect(status('order-28')).toBeDisabled();
  await undo.scrollIntoViewIfNeeded();
  await keepPicture(page, `desk-status-undo-${isMobile ? 'phone-dark' : 'desktop'}`);
  await undo.click();
  await expect(status('order-28')).toBeEnabled();
  await expect(status('order-28')).toHaveValue('confirmed');

  // Another order changed after it, and let go, is saved once its undo time has passed: by then the undone one
  // would have been saved too, had the undo not held.
  await changeOrderStatus(page, 'order-26', 'fulfilled');
  await expect.poll(() => db.read('orders/buyer-26/order-26/status'), STATUS_SAVED).toBe('fulfilled');
  expect(await db.read('orders/buyer-28/order-28/status')).toBe('confirmed');
  expect(await db.read(`tickets/${EVENT}/order-28-0/status`)).toBe('valid');
});

test('the Events tab opens on the next upcoming event; past and hidden ones are marked @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  await openShopDesk(page, db, accounts, isMobile, 'events');
  // The seed's past, hidden pilot night sorts first; the next event is the jazz night, with its sales.
  const events = page.getByRole('combobox', { name: 'Event' });
  await expect(events).toContainText('Harbour Jazz Night');
  await expect(page.getByTestId('figure-Sold')).toHaveText('26');
  await (isMobile ? events.tap() : events.click());
  await expect(page.getByRole('option', { name: /^Lantern Comedy Club: Pilot Night/ })).toContainText('(past, hidden)');
  await expect(page.getByRole('option', { name: /^Harbour Jazz Night/ })).not.toContainText('past');
  await keepPicture(page, `desk-events-list-${isMobile ? 'phone-dark' : 'desktop'}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await check(page, 'events-opening');
});

test('the sales chart rises in steps on the days tickets sold, and every tick has its date @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  if (isMobile) await page.emulateMedia({ colorScheme: 'dark' });
  // One ticket a year ago, 33 today: the line must stay flat all year and rise today.
  const now = Date.now();
  const orders = [365, 0].map((daysAgo, i) => ({
    uid: `buyer-${i}`,
    id: `order-${i}`,
    order: {
      items: { [EVENT]: { title: 'Harbour Jazz Night', price: 18, quantity: i ? 33 : 1 } },
      total: i ? 594 : 18,
      status: 'confirmed' as const,
      created: now - daysAgo * DAY,
      contact: { name: `Buyer ${i}`, email: `buyer${i}@example.com` },
    },
  }));
  await db.writeOrders(orders);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=events');
  const chart = page.getByRole('region', { name: 'Sales over time' });
  const line = chart.locator('.MuiLineChart-line').first();
  await expect(line).toBeVisible();
  await chart.scrollIntoViewIfNeeded();
  await keepPicture(page, `desk-sales-chart-${isMobile ? 'phone-dark' : 'desktop'}`);
  // Steps: every piece of the line is level or upright, none slants (a ramp) or curves.
  const d = (await line.getAttribute('d'))!;
  expect(d).not.toMatch(/[CcQqSsTtAa]/);
  const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  expect(points.length).toBeGreaterThan(2);
  for (let i = 1; i < points.length; i++) {
    const [[x0, y0], [x1, y1]] = [points[i - 1]!, points[i]!];
    expect(Math.abs(x1 - x0) < 0.5 || Math.abs(y1 - y0) < 0.5, `segment ${i} of ${d}`).toBe(true);
  }
  // Every tick of the time axis is labelled with a date.
  const axis = chart.locator('.MuiChartsAxis-directionX').first();
  const ticks = await axis.locator('.MuiChartsAxis-tick').count();
  expect(ticks).toBeGreaterThan(1);
  const labels = await axis.locator('.MuiChartsAxis-tickLabel').allTextContents();
  expect(labels.filter((label) => /\d{4}/.test(label))).toHaveLength(ticks);
});

test.describe('a desk device set to another zone than the shop', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the Orders, Events and Check-in tabs all show the shop’s time, and name its zone @phone', async ({
    page,
    db,
    accounts,
  }) => {
    // 23:30 in London on 20 Nov is 18:30 in New York.
    await db.writeOrders([
      {
        uid: 'buyer-late',
        id: 'order-late',
        order: {
          items: { [EVENT]: { title: 'Harbour Jazz Night', price: 18, quantity: 1 } },
          total: 18,
          status: 'confirmed',
          created: Date.UTC(2026, 10, 20, 23, 30),
          contact: { name: 'Late Buyer', email: 'late@example.com' },
        },
      },
    ]);
    await accounts.signIn(page, await accounts.create('staff'));
    await page.goto('/dashboard?tab=orders');
    await page.getByRole('searchbox', { name: 'Search' }).fill('late buyer');
    const row = orderRows(page).filter({ hasText: 'Late Buyer' });
    await expect(row).toContainText('20 Nov 2026, 23:30');
    await expect(page.getByText('times in the shop’s zone, Europe/London')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    // A day typed into the filter is the shop's day too: 20 Nov holds the order, 21 Nov does not.
    await page.getByLabel('Placed from').fill('2026-11-21');
    await expect(orderRows(page).filter({ hasText: 'Late Buyer' })).toHaveCount(0);
    await page.getByLabel('Placed from').fill('2026-11-20');
    await page.getByLabel('Placed until').fill('2026-11-20');
    await expect(orderRows(page).filter({ hasText: 'Late Buyer' })).toHaveCount(1);

    await page.goto('/dashboard?tab=events');
    await expect(
      page.getByText('Sales by day and check-in times: times in the shop’s zone, Europe/London.'),
    ).toBeVisible();
  });
});

test('a customer sees no desk, and the rules refuse them the index', async ({ page, db, accounts }) => {
  const customer = await accounts.create('customer');
  await shop(db);
  await accounts.signIn(page, customer);
  await page.goto('/dashboard?tab=orders');
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveCount(0);
  expect(await accounts.sdkRead(page, customer, 'deskOrders')).toMatch(/permission/i);
  expect(await accounts.sdkRead(page, customer, `deskEventOrders/${EVENT}`)).toMatch(/permission/i);
  expect(await accounts.sdkWrite(page, customer, 'deskOrders/buyer-1~order-01/status', 'cancelled')).toMatch(
    /permission/i,
  );
  // Nor the messages to everyone booked, to read or to send.
  expect(await accounts.sdkRead(page, customer, 'eventMessages')).toMatch(/permission/i);
  expect(
    await accounts.sdkWrite(page, customer, 'eventMessages/msg-mallory-01', {
      event: EVENT,
      subject: 'Free drinks',
      body: 'Click here',
      by: customer.uid,
      created: { '.sv': 'timestamp' },
      expand: { '.sv': 'timestamp' },
    }),
  ).toMatch(/permission/i);
});

test('the sales chart, not kept offline, can fail to load: the tab stays and "Try again" brings it', async ({
  page,
  db,
  accounts,
}) => {
  await shop(db);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.route(/\/assets\/SalesChart-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await openJazzNight(page);
  const chart = page.getByRole('region', { name: 'Sales over time' });
  await expect(chart.getByRole('alert')).toContainText('The chart could not be loaded');
  await expect(page.getByTestId('figure-Sold')).toHaveText('26');
  await page.unroute(/\/assets\/SalesChart-[\w-]+\.js$/);
  await chart.getByRole('button', { name: 'Try again' }).click();
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart.getByRole('alert')).toHaveCount(0);
});

test('events: a message to everyone booked, previewed, sent once to each person, its deliveries counted', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(240_000);
  await shop(db);
  // A second order of buyer 1 under their address in capitals, and a buyer whose mail server refuses mail.
  const created = Date.now();
  const more = (uid: string, id: string, email: string, language?: 'de-DE') => ({
    uid,
    id,
    order: {
      items: { [EVENT]: { title: 'Harbour Jazz Night', price: 18, quantity: 2 } },
      total: 36,
      status: 'pending' as const,
      created,
      contact: { name: `Buyer ${uid}`, email },
      ...(language ? { language } : {}),
    },
  });
  // And one who ordered in German, who gets the German words staff write.
  await db.writeOrders([
    more('buyer-1b', 'order-1b', 'BUYER1@example.com'),
    more('refused', 'order-r', 'late@refused.test'),
    more('ute', 'order-de', 'ute@example.com', 'de-DE'),
  ]);
  // Everyone booked, worked out here from the index as a person would: each address once, nobody cancelled.
  const entries = (await db.read(`deskEventOrders/${EVENT}`)) as Record<string, { status: string; email: string }>;
  const booked = new Set(
    Object.values(entries)
      .filter((entry) => entry.status !== 'cancelled')
      .map((entry) => entry.email.toLowerCase()),
  );
  const people = booked.size;
  expect(people).toBeGreaterThan(20);

  await accounts.signIn(page, await accounts.create('staff'));
  await openJazzNight(page);
  const section = page.getByRole('region', { name: 'Message everyone booked' });
  await expect(section).toContainText(`${people} people booked: each gets one email.`);
  await section.getByRole('button', { name: 'Write a message' }).click();

  const dialog = page.getByRole('dialog', { name: 'Message everyone booked on Harbour Jazz Night' });
  await expect(dialog.getByRole('textbox', { name: 'Subject', exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the message a subject.');
  // By keyboard, in reading order: subject, message, the same in German, then the dialog's buttons.
  await dialog.getByRole('textbox', { name: 'Subject', exact: true }).focus();
  await page.keyboard.type('Doors open at 8 tonight');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  await page.keyboard.type('The doors open an hour later.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The bar opens at 7.');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Subject in German' })).toBeFocused();
  await page.keyboard.type('Einlass heute um 20 Uhr');
  // Half a translation is checked as the main words are: it needs its message too.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Message in German' })).toHaveAccessibleDescription(
    'Write the message.',
  );
  await dialog.getByRole('textbox', { name: 'Message in German' }).focus();
  await page.keyboard.type('Der Einlass beginnt eine Stunde später.');
  // The voucher code the message may carry comes next; left empty, the message carries none.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Voucher code (optional)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeFocused();
  await page.keyboard.press('Enter');
  const german = dialog.getByRole('region', { name: 'Preview in German' });
  await expect(german).toContainText('Subject: Einlass heute um 20 Uhr');
  await expect(german).toContainText('Der Einlass beginnt eine Stunde später.');
  const preview = dialog.getByRole('region', { name: 'Preview of the email' });
  await expect(preview).toContainText('Subject: Doors open at 8 tonight');
  await expect(preview).toContainText('The doors open an hour later.');
  await expect(preview).toContainText('The bar opens at 7.');
  await expect(preview).toContainText('booked on Harbour Jazz Night');
  // It names a person, and their own order's reference with it, not a placeholder.
  await expect(preview).not.toContainText('[their reference]');
  await expect(preview).toContainText(/booked on Harbour Jazz Night \(order [0-9A-Za-z-]+\)/);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await check(page, 'message-preview');
  }
  // The dialog as it is seen (a full-page picture shows it over the page's end).
  await keepPicture(page, `desk-message-dialog-${page.viewportSize()!.width}`);
  // Nothing is sent before "Send".
  expect(db.mailbox.messages().filter((m) => /Doors open/.test(m.parsed.subject ?? ''))).toHaveLength(0);

  await dialog.getByRole('button', { name: `Send to ${people} people` }).click();
  const delivery = dialog.getByTestId('message-delivery');
  await expect(delivery).toHaveText(`Sent to ${people - 1} of ${people} people · 1 not delivered`, { timeout: 60_000 });
  await check(page, 'message-sent');

  const sent = db.mailbox
    .messages()
    .filter((m) => /^(Doors open at 8 tonight|Einlass heute um 20 Uhr) · /.test(m.parsed.subject ?? ''));
  const recipients = sent.flatMap((m) => m.recipients.map((to) => to.toLowerCase()));
  expect(recipients).toHaveLength(people - 1);
  expect(new Set(recipients).size).toBe(people - 1);
  expect(recipients).toContain('buyer1@example.com');
  expect(recipients).not.toContain('buyer0@example.com');
  expect(recipients).not.toContain('late@refused.test');
  const inEnglish = sent.find((m) => m.recipients.includes('buyer1@example.com'));
  expect(inEnglish?.parsed.subject).toMatch(/^Doors open at 8 tonight · /);
  expect(inEnglish?.parsed.text).toContain('The doors open an hour later.\n\nThe bar opens at 7.');
  // The German order's buyer got the German words, in a German frame.
  const [inGerman] = db.mailbox.messages().filter((m) => m.recipients.includes('ute@example.com'));
  expect(inGerman?.parsed.subject).toMatch(/^Einlass heute um 20 Uhr · /);
  expect(inGerman?.parsed.text).toContain('Der Einlass beginnt eine Stunde später.');
  expect(inGerman?.parsed.text).toContain('Sie erhalten diese Nachricht');
  expect(recipients).toContain('ute@example.com');

  await dialog.getByRole('button', { name: 'Close' }).click();
  const history = section.getByRole('list', { name: 'Messages sent' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Doors open at 8 tonight' })).toContainText(
    `Sent to ${people - 1} of ${people} people · 1 not delivered`,
  );
  await expect(history.getByRole('listitem').filter({ hasText: 'Doors open at 8 tonight' })).toContainText(
    'Also in German',
  );
  await history.getByText('Not delivered to 1 person').click();
  await expect(history).toContainText(/late@refused\.test: .*(550|rejected)/);
});

test('a message the mail sender has not taken up yet says what it waits for', async ({ page, db, accounts }) => {
  const staff = await accounts.create('staff');
  // Written as the desk writes it, with no sender running (no call to /api/mail/send, no timer in this test).
  await db.write('eventMessages/msg-waiting-01', {
    event: EVENT,
    subject: 'Parking is closed',
    body: 'Please come by train.',
    by: staff.uid,
    created: Date.now() - 120_000,
    expand: Date.now() - 120_000,
  });
  await accounts.signIn(page, staff);
  await openJazzNight(page);
  const sent = page.getByRole('list', { name: 'Messages sent' }).getByRole('listitem');
  await expect(sent.filter({ hasText: 'Parking is closed' })).toContainText(
    'Waiting for the shop’s mail sender to work out who is booked (within a minute)…',
  );
});
