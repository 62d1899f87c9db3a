/**
 * Orders reach their buyers beyond the device (issue 24), in a real Chromium with the real mail path: the allocator
 * and the mail sender on the test's own database, nodemailer over SMTP into the test's own mailbox
 * (tests/e2e/liveDatabase.ts). A guest buys, the email arrives with each ticket's QR code attached, the link opens
 * the order in a fresh browser (another device), and the door admits the ticket; staff see the buyer's contact and
 * each email's delivery, send the tickets again and change the status (emailed too); "find my order" emails the
 * link to the order's address, and says the same for an address that has none.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { changeOrderStatus, failOnPageErrors } from './support';
import { checkinResult, openCheckin, typeCode } from './ticketSupport';
import { keepPicture } from './pictures';

const JSQR_PATH = createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js');

test.beforeEach(({ page }) => failOnPageErrors(page));

/** SCREENSHOTS_DIR=/some/dir keeps a picture of each screen, to look at by eye. */
const shot = (page: Page, name: string) => keepPicture(page, `mail-${name}`, { fullPage: true });

/** A guest orders `count` tickets of the seeded jazz night; the reference the confirmation shows. */
async function buyAsGuest(page: Page, name: string, email: string, count: number): Promise<string> {
  await page.goto('/products');
  const add = page.getByRole('button', { name: 'Add Harbour Jazz Night to wishlist' });
  for (let i = 0; i < count; i++) await add.click();
  // On a busy machine a press can come before the catalogue is live: wait until the wishlist holds them.
  await expect(page.getByRole('link', { name: new RegExp(`^Wishlist, ${count} items?$`) })).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: `Reserved: thank you, ${name}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`We are emailing this confirmation to ${email}`)).toBeVisible();
  return (await page.getByTestId('order-reference').textContent())!;
}

/** The mail the mailbox received for `to` whose subject matches, once it has arrived. */
async function mailFor(db: LiveDatabase, to: string, subject: RegExp) {
  const found = () =>
    db.mailbox.messages().filter((m) => m.recipients.includes(to) && subject.test(m.parsed.subject ?? ''));
  await expect.poll(() => found().length, { timeout: 20_000 }).toBeGreaterThan(0);
  return found()[0]!.parsed;
}

/** Decodes a PNG attachment's QR code in the page, as a phone's camera app would read the image. */
async function decodePng(page: Page, png: Buffer): Promise<string | null> {
  await page.addScriptTag({ path: JSQR_PATH });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const decode = (
      window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return decode(data, image.width, image.height)?.data ?? null;
  }, png.toString('base64'));
}

test('a guest’s emailed tickets open on another device, and the door admits them', async ({
  page,
  db,
  accounts,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const reference = await buyAsGuest(page, 'Robin Ash', 'robin@example.com', 2);
  expect(reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  const codes = await page.getByTestId('ticket-code').allTextContents();

  const mail = await mailFor(db, 'robin@example.com', /is reserved/);
  expect(mail.subject).toContain(reference);
  for (const code of codes) expect(mail.text).toContain(code);
  const images = mail.attachments.filter((a) => a.contentType === 'image/png');
  expect(images).toHaveLength(2);
  // Each image is referenced by Content-ID in the HTML, and decodes to a ticket's code.
  const decoded = [];
  for (const image of images) {
    expect(String(mail.html)).toContain(`cid:${image.cid}`);
    decoded.push(await decodePng(page, image.content));
  }
  expect(decoded.sort()).toEqual([...codes].sort());
  expect(mail.attachments.some((a) => a.filename === 'harbour-jazz-night.ics')).toBe(true);

  // Another device: a fresh browser with nothing stored opens the link from the email.
  const link = mail.text!.match(/http:\/\/\S+\/order#[A-Za-z0-9_-]{32}/)![0];
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
  const other = await browser.newContext({ baseURL });
  await db.connect(other);
  const phone = await other.newPage();
  failOnPageErrors(phone);
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
  await expect(phone.getByTestId('ticket-code')).toHaveText(codes);
  await shot(phone, 'order-page');
  await phone.getByRole('button', { name: 'Add to Your tickets' }).click();
  await phone.goto('/login');
  await expect(phone.getByRole('heading', { name: 'Tickets bought on this device' })).toBeVisible();
  await expect(phone.getByTestId('ticket-code')).toHaveText(codes);
  await other.close();

  // The door admits the emailed ticket (the seed's two tickets and these two).
  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await openCheckin(page, 4);
  await typeCode(page, decoded[0]!);
  // Reserved to pay at the door: staff take the money as they admit, and the buyer is mailed that it is paid.
  await expect(checkinResult(page)).toContainText('Unpaid: take £36.00');
  await page.getByRole('button', { name: 'Paid £36.00: admit' }).click();
  await expect(checkinResult(page)).toContainText('Admitted');
  await expect(checkinResult(page)).toContainText('Robin Ash');
  const paid = await mailFor(db, 'robin@example.com', /is paid/);
  expect(paid.subject).toContain(reference);
  await typeCode(page, decoded[1]!);
  await expect(checkinResult(page)).toContainText('Admitted');
});

test('staff see the buyer’s contact and each email’s delivery, send the tickets again and email a cancellation', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(120_000);
  const reference = await buyAsGuest(page, 'Kim Lee', 'kim@example.com', 1);
  await mailFor(db, 'kim@example.com', /is reserved/);
  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await page.goto('/dashboard?tab=orders');
  // The desk lists the order by its reference; the whole order, contact and emails, opens from it.
  await page.getByRole('button', { name: `Open order ${reference}` }).click();
  const details = page.getByRole('dialog', { name: `Order ${reference}` });
  const card = details.getByRole('article', { name: 'Order from Kim Lee' });
  await expect(card.getByTestId('order-card-reference')).toHaveText(reference);
  await expect(card.getByRole('link', { name: 'kim@example.com' })).toHaveAttribute('href', 'mailto:kim@example.com');
  await expect(card.getByRole('list', { name: 'Emails' })).toContainText('Order confirmation: sent');
  await shot(page, 'staff-card');

  await card.getByRole('button', { name: 'Send tickets again' }).click();
  const again = await mailFor(db, 'kim@example.com', /Your tickets for order/);
  expect(again.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(1);
  await expect(card.getByRole('list', { name: 'Emails' })).toContainText('Tickets sent again: sent');

  await changeOrderStatus(page, reference, 'cancelled', details);
  const cancelled = await mailFor(db, 'kim@example.com', /is cancelled/);
  expect(cancelled.text).toContain('Its tickets are void');
  expect(cancelled.attachments).toEqual([]);
  await expect(card.getByRole('list', { name: 'Emails' })).toContainText('Status update: sent');
});

test('an address the mail server refuses is shown to staff as not delivered', async ({ page, db, accounts }) => {
  const reference = await buyAsGuest(page, 'Nora Bounce', 'nora@refused.test', 1);
  const staff = await accounts.create('staff');
  await accounts.signIn(page, staff);
  await page.goto('/dashboard?tab=orders');
  await page.getByRole('button', { name: `Open order ${reference}` }).click();
  const card = page
    .getByRole('dialog', { name: `Order ${reference}` })
    .getByRole('article', { name: 'Order from Nora Bounce' });
  await expect(card.getByRole('list', { name: 'Emails' })).toContainText(/Order confirmation: not delivered: .*550/, {
    timeout: 20_000,
  });
  expect(db.mailbox.messages()).toHaveLength(0);
});

test('find my order emails the link to the order’s address, and answers the same for an address with none', async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  const reference = await buyAsGuest(page, 'Sam Finder', 'sam@example.com', 1);
  await mailFor(db, 'sam@example.com', /is reserved/);
  await page.evaluate(() => localStorage.clear());

  const ask = async (email: string, typed: string) => {
    await page.goto('/login');
    const form = page.getByRole('region', { name: 'Find my order' });
    await form.getByRole('button', { name: 'Find my order' }).click();
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Order reference' }).fill(typed);
    await form.getByRole('button', { name: 'Email me the link' }).click();
    await expect(form.getByRole('status')).toContainText(`If that reference is an order of ${email}`);
    return form;
  };
  // Someone else's address: the same answer, and nothing is sent anywhere.
  await ask('nobody@example.com', reference);
  const form = await ask('sam@example.com', reference.toLowerCase().replace('-', ' '));
  await shot(page, 'find-my-order');
  // The link is never shown on the page.
  await expect(form).not.toContainText('/order#');
  const linkMail = await mailFor(db, 'sam@example.com', /The link to your order/);
  expect(linkMail.subject).toContain(reference);
  expect(linkMail.text).toMatch(/\/order#[A-Za-z0-9_-]{32}/);
  expect(db.mailbox.messages().flatMap((m) => m.recipients)).not.toContain('nobody@example.com');
});
