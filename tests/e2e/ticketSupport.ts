import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** jsQR, a QR decoder independent of the app's encoder, to check what the drawn codes really hold. */
const JSQR_PATH = require.resolve('jsqr/dist/jsQR.js');

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
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
    const decode = (window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR;
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
  uid, order, n, code, holder: 'Casey Customer', status: 'valid', created: Date.now(), ...extra,
});

/** Opens the staff Check-in tab and downloads the seeded jazz night's list (the demo customer's two tickets). */
export async function openCheckin(page: Page, tickets = 2): Promise<void> {
  await page.goto('/dashboard?tab=checkin');
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'Harbour Jazz Night' }).click();
  await page.getByRole('button', { name: 'Download ticket list' }).click();
  await expect(page.getByTestId('checkin-synced')).toContainText(`${tickets} tickets on this device`);
}
