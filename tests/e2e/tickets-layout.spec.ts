import { writeFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './accounts';
import { failOnPageErrors, storeLanguage } from './support';
import { showCustomerTickets, ticket, ticketOrder } from './ticketSupport';

test.beforeEach(({ page }) => failOnPageErrors(page));

const CODES = [
  '2H12-K7QM-9XD4-ZZ2H-12AB-CDEF-GH3J',
  'Q0Q1-MN7P-RS3T-V8WX-Y2Z4-6789-0ABC',
  '7KQ2-M9XD-4T6V-B8NW-3RJP-5GSA-0YCE',
];

/** The groups of the shown code that do not sit on one line, measured per character with ranges. */
function splitGroups(code: Locator): Promise<string[]> {
  return code.evaluate((element) => {
    const lineOf: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rects = range.getClientRects();
        lineOf.push(rects.length === 1 ? Math.round(rects[0]!.top) : -1);
      }
    }
    const split: string[] = [];
    let at = 0;
    for (const group of (element.textContent ?? '').split('-')) {
      if (new Set(lineOf.slice(at, at + group.length)).size !== 1 || lineOf[at] === -1) split.push(group);
      at += group.length + 1;
    }
    return split;
  });
}

test('the code under the QR wraps only between groups, copies exactly @phone', async ({
  page,
  db,
  accounts,
  context,
}) => {
  await showCustomerTickets(page, db, accounts, CODES.slice(0, 1));
  const code = page.getByTestId('ticket-code');
  await expect(code).toHaveText(CODES[0]!);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await splitGroups(code), `at ${width} px`).toEqual([]);
    // Not squeezed onto one line by overflowing: the code stays inside its ticket.
    const [codeBox, ticketBox] = [await code.boundingBox(), await page.getByTestId('ticket').boundingBox()];
    expect(codeBox!.x + codeBox!.width).toBeLessThanOrEqual(ticketBox!.x + ticketBox!.width);
  }

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await code.selectText();
  await page.keyboard.press('ControlOrMeta+C');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODES[0]);
});

/** What a ticket draws outside its own box, sideways: every element whose box crosses the card's edges. */
function outsideTheCard(card: Locator): Promise<string[]> {
  return card.evaluate((element) => {
    const edges = element.getBoundingClientRect();
    return [...element.querySelectorAll('*')]
      .map((child) => ({ child, box: child.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < edges.left - 0.5 || box.right > edges.right + 0.5))
      .map(
        ({ child, box }) =>
          `${child.tagName} "${(child.textContent ?? '').slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)}`,
      );
  });
}

test('a ticket in every state keeps its words inside it, in every language, on narrow phones @phone', async ({
  page,
  db,
  accounts,
}) => {
  const customer = await accounts.create('customer', { firstname: 'Casey', lastname: 'Customer' });
  await db.write(`orders/${customer.uid}/order-1`, ticketOrder('Casey Customer', customer.email, 4));
  const states = [
    // A name of one long word, as some are: it wraps rather than run out of the ticket.
    { holder: 'Casey Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch' },
    { status: 'unpaid' },
    { status: 'void' },
    { checkin: { at: Date.now(), scan: 'scan-1', device: 'door-1' } },
  ];
  for (const [n, extra] of states.entries()) {
    await db.write(`tickets/harbour-jazz-night/order-1-${n}`, ticket(customer.uid, 'order-1', n, CODES[0]!, extra));
  }
  await db.write('properties/timezone', 'Europe/London');
  await accounts.signIn(page, customer);
  const tickets = page.getByRole('region', { name: 'Your tickets' }).getByTestId('ticket');
  await expect(tickets).toHaveCount(states.length);
  for (const language of ['en-GB', 'de-DE', 'en-XA']) {
    await storeLanguage(page, language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('ticket')).toHaveCount(states.length);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [n, card] of (await page.getByTestId('ticket').all()).entries()) {
        expect(await outsideTheCard(card), `ticket ${n} in ${language} at ${width} px`).toEqual([]);
      }
    }
  }
});

/** The pages of a PDF as Chromium writes them (one page object each, uncompressed dictionaries). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

test('printing puts each ticket on a page of its own, the app left out', async ({ page, db, accounts }) => {
  const customer = await showCustomerTickets(page, db, accounts, CODES);
  // A long dashboard around the tickets, which must not print (nor leave blank pages).
  for (let i = 0; i < 12; i++) {
    await db.write(`orders/${customer.uid}/mug-${i}`, {
      items: { 'enamel-mug': { title: 'Enamel Camp Mug', price: 14, quantity: 1 } },
      total: 14,
      status: 'confirmed',
      created: Date.now(),
      contact: { name: 'Casey Customer', email: customer.email },
    });
  }
  await expect.poll(() => page.getByText('Enamel Camp Mug').count()).toBeGreaterThanOrEqual(12);
  await page.emulateMedia({ media: 'print' });
  const tickets = page.getByTestId('ticket');
  const breaks = await tickets.evaluateAll((cards) => cards.map((card) => getComputedStyle(card).breakAfter));
  expect(breaks).toEqual(['page', 'page', 'auto']);
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print tickets' })).toBeHidden();
  const calendar = page.getByRole('button', { name: 'Add to calendar', includeHidden: true });
  await expect(calendar).toHaveCount(3);
  await expect(calendar.first()).toBeHidden();
  // Large enough to scan from paper: at least 7 cm (265 CSS pixels) across.
  for (const qr of await page.getByTestId('ticket-qr').all()) {
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(265);
  }
  const pdf = await page.pdf({ format: 'A4' });
  // SCREENSHOTS_DIR=/some/dir keeps the printed tickets, to look at by eye.
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) {
    writeFileSync(`${dir}/tickets-print.pdf`, pdf);
    await page.screenshot({ path: `${dir}/tickets-print.png`, fullPage: true });
  }
  expect(pdfPages(pdf)).toBe(CODES.length);
});

test('a printed ticket names the shop and the price, black on white also from the dark scheme', async ({
  page,
  db,
  accounts,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await showCustomerTickets(page, db, accounts, CODES.slice(0, 1));
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const ticket = page.getByTestId('ticket');
  await expect(ticket.getByText('The Lantern Rooms', { exact: true })).toBeVisible();
  await expect(ticket).toContainText('£18.00');
  // With "background graphics" on, every background behind the ticket prints: all of them must be white or none.
  // Polled: the page may restyle for print a moment after the media changes (one CI run read the dark background).
  const backgrounds = () =>
    ticket.evaluate((card) => {
      const seen: string[] = [];
      for (let node: Element | null = card; node; node = node.parentElement)
        seen.push(getComputedStyle(node).backgroundColor);
      return seen.filter((colour) => colour !== 'rgba(0, 0, 0, 0)' && colour !== 'rgb(255, 255, 255)');
    });
  await expect.poll(backgrounds).toEqual([]);
  await expect(ticket.getByRole('heading', { name: 'Harbour Jazz Night' })).toHaveCSS('color', 'rgb(0, 0, 0)');
});
