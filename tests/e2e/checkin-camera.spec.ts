import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'uqr';
import { expect, test } from './accounts';
import { failOnPageErrors } from './support';
import { openCheckin } from './ticketSupport';

test.describe.configure({ timeout: 120_000 });

const EVENT = 'harbour-jazz-night';
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
      for (let dy = 0; dy < scale; dy++) luma.fill(16, (top + y * scale + dy) * WIDTH + left + x * scale, (top + y * scale + dy) * WIDTH + left + (x + 1) * scale);
    }),
  );
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]));
}

test('staff admit a ticket held up to the camera, then the same ticket again is already checked in', async ({ playwright, launchOptions, baseURL, db, accounts }) => {
  const staff = await accounts.create('staff');
  const [code] = Object.values((await db.read(`tickets/${EVENT}`)) as Record<string, { code: string }>).map((t) => t.code);
  const dir = mkdtempSync(join(tmpdir(), 'door-camera-'));
  const video = join(dir, 'qr.y4m');
  qrVideo(code!, video);
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream'],
  });
  try {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    await db.connect(context);
    const page = await context.newPage();
    failOnPageErrors(page);
    await accounts.signIn(page, staff);
    await openCheckin(page);
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const result = page.getByTestId('checkin-result');
    await expect(result).toContainText('Admitted', { timeout: 20_000 });
    await expect(result).toContainText('Casey Customer');
    // The looping video shows the same code again after the repeat pause: now it has been used.
    await expect(result).toContainText('Already checked in', { timeout: 20_000 });
    await expect.poll(async () => Object.values((await db.read(`tickets/${EVENT}`)) as Record<string, { checkin?: unknown }>).filter((t) => t.checkin).length).toBe(1);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a camera, staff are told why and type the code instead @phone', async ({ page, db, accounts }) => {
  failOnPageErrors(page);
  const staff = await accounts.create('staff');
  const [code] = Object.values((await db.read(`tickets/${EVENT}`)) as Record<string, { code: string }>).map((t) => t.code);
  await accounts.signIn(page, staff);
  await openCheckin(page);
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByTestId('camera-problem')).toContainText('Type the code under the QR instead.');
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code!);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByTestId('checkin-result')).toContainText('Admitted');
});
