/**
 * The waiting list as buyers meet it (docs/waiting-list.md), issue 50's "done when": an event sells out, three people
 * join its waiting list, an unpaid order lapses, and the first of them gets an email, buys the returned place with
 * it, and the public never saw it on sale. The real app in Chromium, the test's own database, trusted code (the
 * minute job run as the scheduler would) and mailbox.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors, storedPay } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const EVENT = 'electronic-sessions-spring';
const TITLE = 'Electronic Sessions: Spring';

const card = (page: Page) => page.getByRole('article').filter({ hasText: TITLE });

/** Joins the waiting list for the event from its details, as `email`, for `places`. */
async function join(page: Page, email: string, places = 1) {
  await page.goto('/products');
  await page.getByRole('button', { name: `Join the waiting list for ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  const form = dialog.getByRole('form', { name: 'Join the waiting list' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  if (places > 1) {
    await form.getByRole('combobox', { name: 'Places' }).click();
    await page.getByRole('option', { name: String(places), exact: true }).click();
  }
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  return dialog;
}

test('an event sells out, three join its waiting list, an unpaid order lapses: the first is offered the place by email and buys it; the public never see it on sale @phone', async ({
  page,
  browser,
  db,
}) => {
  // The last two places went to an order awaiting a bank transfer.
  const title = (await db.read(`products/${EVENT}/title`)) as string;
  expect(title).toBe(TITLE);
  await db.write(`products/${EVENT}/stock`, 0);
  await db.writeOrders([
    {
      uid: 'buyer-dan',
      id: 'order-unpaid',
      order: {
        items: { [EVENT]: { title: TITLE, price: 15, quantity: 1 } },
        total: 15,
        status: 'pending',
        created: Date.now() - 3_600_000,
        contact: { name: 'Dan Unpaid', email: 'dan@example.com' },
        pay: storedPay({ due: 1500, until: Date.now() - 60_000 }),
      },
    },
  ]);

  await page.goto('/products');
  await expect(card(page)).toContainText('Sold out');
  const dialog = await join(page, 'ann@example.com');
  await expect(
    dialog.getByRole('status').filter({ hasText: 'You are number 1 on the waiting list for Electronic Sessions' }),
  ).toBeVisible();
  await checkScreen(page, 'waiting-list-joined');
  await join(page, 'bob@example.com');
  await join(page, 'cat@example.com', 2);
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'You are number 3' })).toBeVisible();
  await expect
    .poll(() => db.mailbox.messages().filter((m) => /You are on the waiting list/.test(m.parsed.subject ?? '')).length)
    .toBe(3);

  // The public: a visitor of their own, who never joined.
  const visitor = await browser.newContext();
  await db.connect(visitor);
  const publicPage = await visitor.newPage();
  await publicPage.goto('/products');
  await expect(card(publicPage)).toContainText('Sold out');

  // Dan's hold ends unpaid: the minute job lets it lapse and offers the place it gave back to Ann, in one run.
  await db.runMinuteJob();
  await expect
    .poll(() => db.mailbox.messages().find((m) => /held for you/.test(m.parsed.subject ?? ''))?.recipients ?? [])
    .toEqual(['ann@example.com']);
  const offer = db.mailbox.messages().find((m) => /held for you/.test(m.parsed.subject ?? ''))!;
  expect(offer.parsed.subject).toContain(`A place of ${TITLE} held for you`);
  const link = /https?:\/\/\S+\/products\?voucher=WAIT-[0-9A-Z]{8}/.exec(offer.parsed.text ?? '')![0];
  // Still sold out to everyone else, live.
  await expect(card(publicPage)).toContainText('Sold out');
  await expect(publicPage.getByRole('button', { name: `Join the waiting list for ${TITLE}` })).toBeVisible();

  // Ann follows the link: the place is hers to buy.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(card(page)).not.toContainText('Sold out');
  await page.getByRole('button', { name: `Add ${TITLE} to wishlist` }).click();
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ann Waiting');
  await page.getByRole('textbox', { name: 'Email' }).fill('ann@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order reserved' })).toBeVisible({ timeout: 20_000 });

  // Bought: sold out to Ann too now. The public were never sold it, and still cannot be: the other two still wait.
  await page.goto('/products');
  await expect(card(page)).toContainText('Sold out');
  await expect(card(publicPage)).toContainText('Sold out');
  await db.runMinuteJob();
  const line = (await db.read(`waitingList/${EVENT}`)) as Record<string, { email: string; state: string }>;
  expect(
    Object.values(line)
      .map((entry) => `${entry.email} ${entry.state}`)
      .sort(),
  ).toEqual(['ann@example.com bought', 'bob@example.com waiting', 'cat@example.com waiting']);
  expect(await db.read(`products/${EVENT}/stock`)).toBe(0);
  await visitor.close();
});

test('a waiting list email’s link takes its reader off the list, after asking', async ({ page, db }) => {
  await db.write(`products/${EVENT}/stock`, 0);
  await join(page, 'ann@example.com', 2);
  await expect
    .poll(() => db.mailbox.messages().find((m) => m.recipients.includes('ann@example.com'))?.parsed.text ?? '')
    .toContain('/waitinglist?');
  const mail = db.mailbox.messages().find((m) => m.recipients.includes('ann@example.com'))!;
  const leave = new URL(/https?:\/\/\S+\/waitinglist\?\S+/.exec(mail.parsed.text ?? '')![0]);
  await page.goto(leave.pathname + leave.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting list' })).toBeVisible();
  // Nothing happens until the reader asks: a mail program that opens links leaves them in line.
  expect(Object.values((await db.read(`waitingList/${EVENT}`)) as object)).toMatchObject([{ state: 'waiting' }]);
  await page.getByRole('button', { name: 'Leave the waiting list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have left the waiting list.' })).toBeVisible();
  expect(Object.values((await db.read(`waitingList/${EVENT}`)) as object)).toMatchObject([{ state: 'left' }]);
  expect(await db.read(`waitingDemand/products/${EVENT}`)).toBe(0);
});

test('staff see the line on the desk, turn automatic offers off, and offer places by hand @phone', async ({
  page,
  db,
  accounts,
}) => {
  await db.write(`products/${EVENT}/stock`, 0);
  await join(page, 'ann@example.com', 2);
  await join(page, 'bob@example.com');
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=waitinglist');
  const line = page
    .getByRole('table', { name: `Waiting list of ${TITLE}` })
    .or(page.getByRole('list', { name: `Waiting list of ${TITLE}` }));
  await expect(line).toContainText('ann@example.com');
  await expect(page.getByText('2 waiting for 3 places · 0 offered')).toBeVisible();
  await checkScreen(page, 'desk-waiting-list');

  // Off: places that come back wait for staff; one comes back, and staff offer it to Bob, whose one place fits.
  await page.getByRole('switch', { name: 'Offer returned places automatically' }).uncheck();
  await expect.poll(() => db.read('waitingListSettings/auto')).toBe(false);
  await db.write(`products/${EVENT}/stock`, 1);
  await db.runMinuteJob();
  await page.getByRole('button', { name: 'Offer now to ann@example.com' }).click();
  await expect(page.getByText('Not enough places are free for ann@example.com.')).toBeVisible();
  await page.getByRole('button', { name: 'Offer now to bob@example.com' }).click();
  await expect(page.getByText('Places are held for bob@example.com; the offer is on its way by email.')).toBeVisible();
  await expect(line).toContainText('offered');
  // Its email leaves with the minute job's run at the latest.
  await db.runMinuteJob();
  await expect
    .poll(() =>
      db.mailbox
        .messages()
        .some((m) => m.recipients.includes('bob@example.com') && /held for you/.test(m.parsed.subject ?? '')),
    )
    .toBe(true);
});
