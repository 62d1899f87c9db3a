import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  expect,
  type Browser,
  type LaunchOptions,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { encode } from 'uqr';
import type { Accounts, TestUser } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { CHROMIUM_PATH } from '../../scripts/chromium';
import { waitForServiceWorker } from './support';

const require = createRequire(import.meta.url);
/** jsQR, a QR decoder independent of the app's encoder, to check what the drawn codes really hold. */
const JSQR_PATH = require.resolve('jsqr/dist/jsQR.js');

/**
 * A guest (no account) buys `count` tickets of the seeded jazz night with the service worker in charge (so the
 * pages open offline later), and sees them on the confirmation.
 */
export async function buyAsGuest(page: Page, name: string, count: number): Promise<void> {
  await page.goto('/products');
  await waitForServiceWorker(page);
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  for (let i = 0; i < count; i++) await add.click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${name.split(' ')[0]!.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: `Reserved: thank you, ${name}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ticket')).toHaveCount(count);
}

/** Renders the ticket's QR (an SVG drawn by the app) to pixels in the page and decodes it with jsQR. */
export async function decodeTicketQr(page: Page, ticket: Locator): Promise<string | null> {
  await page.addScriptTag({ path: JSQR_PATH });
  return ticket.getByTestId('ticket-qr').evaluate(async (svg) => {
    const size = 400;
    const image = new Image(size, size);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, size, size);
    const { data } = context.getImageData(0, 0, size, size);
    const decode = (
      window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return decode(data, size, size)?.data ?? null;
  });
}

export const ticketOrder = (name: string, email: string, quantity = 2) => ({
  items: { 'harbour-jazz-night': { title: 'Harbour Jazz Night', price: 18, quantity } },
  total: 18 * quantity,
  status: 'confirmed',
  created: Date.now(),
  contact: { name, email },
});

export const ticket = (uid: string, order: string, n: number, code: string, extra: Record<string, unknown> = {}) => ({
  uid,
  order,
  n,
  code,
  holder: 'Casey Customer',
  status: 'valid',
  created: Date.now(),
  ...extra,
});

/**
 * A new customer with one order of the jazz night holding a ticket per code (in the shop's time zone), signed in
 * on `page`, whose dashboard then shows those tickets.
 */
export async function showCustomerTickets(
  page: Page,
  db: LiveDatabase,
  accounts: Accounts,
  codes: readonly string[],
): Promise<TestUser> {
  const customer = await accounts.create('customer', { firstname: 'Casey', lastname: 'Customer' });
  await db.write(`orders/${customer.uid}/order-1`, ticketOrder('Casey Customer', customer.email, codes.length));
  for (const [n, code] of codes.entries()) {
    await db.write(`tickets/harbour-jazz-night/order-1-${n}`, ticket(customer.uid, 'order-1', n, code));
  }
  await db.write('properties/timezone', 'Europe/London');
  await accounts.signIn(page, customer);
  await expect(page.getByRole('region', { name: 'Your tickets' }).getByTestId('ticket')).toHaveCount(codes.length);
  return customer;
}

/** Opens the staff Check-in tab and downloads the seeded jazz night's list (the demo customer's two tickets). */
export async function openCheckin(page: Page, tickets = 2): Promise<void> {
  await page.goto('/dashboard?tab=checkin');
  const option = page.getByRole('option', { name: 'Harbour Jazz Night' });
  // On a busy machine a click can land while the freshly loaded tab is still settling and open nothing: again.
  // On a phone a toast (sign-in, a new version) sits over the top of the page, where the event menu opens: it is
  // closed first, as a person would (docs/behaviour.md#toasts); one that came while the menu was open, too.
  await expect(async () => {
    if (!(await option.isVisible())) {
      for (const close of await page.locator('[data-toast-severity]').getByRole('button', { name: 'Close' }).all())
        await close.click({ timeout: 1000 });
      await page.getByRole('combobox', { name: 'Event' }).click();
    }
    await option.click({ timeout: 3000 }).catch(async (error: unknown) => {
      await page.keyboard.press('Escape');
      throw error;
    });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Download ticket list' }).click();
  await expect(page.getByTestId('checkin-synced')).toContainText(`${tickets} tickets on this device`);
}

/** Types a code at the door and submits it, as staff do without the camera. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
}

export const checkinResult = (page: Page) => page.getByTestId('checkin-result');

/** The codes of the event's tickets in the database, in the database's order. */
export async function eventCodes(db: LiveDatabase, event = 'harbour-jazz-night'): Promise<string[]> {
  return Object.values((await db.read(`tickets/${event}`)) as Record<string, { code: string }>).map((t) => t.code);
}

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (what Chromium's fake camera plays, looping) of `text` as a QR code: black modules on white,
 * drawn here with an encoder of the test's own so the app's decoding is checked, not assumed.
 */
function qrVideo(text: string, file: string): void {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / data.length);
  const left = Math.floor((WIDTH - data.length * scale) / 2);
  const top = Math.floor((HEIGHT - data.length * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const line = (top + y * scale + dy) * WIDTH;
        luma.fill(16, line + left + x * scale, line + left + (x + 1) * scale);
      }
    }),
  );
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/**
 * A Chromium of its own whose camera films a QR code of `text`, as if someone held their ticket up to it. With
 * `allow: false` the camera is there but the page is refused it, as when staff decline the permission prompt.
 */
export async function launchWithCamera(
  playwright: PlaywrightWorkerArgs['playwright'],
  launchOptions: LaunchOptions,
  text: string,
  { allow = true } = {},
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'door-camera-'));
  const video = join(dir, 'qr.y4m');
  qrVideo(text, video);
  const camera = ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    // Allowed: the permission prompt is answered yes. Refused: answered no, as a person would, in Chromium itself:
    // the headless shell the other tests drive has no prompt to refuse, and fails the camera another way.
    ...(allow ? {} : { executablePath: CHROMIUM_PATH }),
    args: [
      ...(launchOptions.args ?? []),
      ...camera,
      ...(allow ? ['--use-fake-ui-for-media-stream'] : ['--deny-permission-prompts']),
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
