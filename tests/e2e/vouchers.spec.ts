/**
 * Vouchers as a buyer and staff meet them (docs/vouchers.md): a code a link brings, applied at checkout with each
 * price before and after; a code that cannot be used says why; the order placed at the lowered prices, its page and
 * email saying so; staff making codes in bulk for an event and handing them out as CSV; staff making a voucher that
 * holds an event's last places, which the public then see sold out and its holder buys. The real app in Chromium, the
 * test's own database, trusted code and mailbox.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { orderPageUrl } from '../../src/features/orders/orderLink';
import { displayReference } from '../../src/features/orders/orderReference';
import { newVoucherRecord, type VoucherTerms } from '../../src/features/vouchers/model/voucher';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';

test.beforeEach(({ page }) => failOnPageErrors(page));

const EVENT = 'harbour-jazz-night';
const TERMS: VoucherTerms = {
  kind: 'percent',
  value: 20,
  currency: 'GBP',
  scope: 'event',
  target: EVENT,
  uses: 50,
  from: null,
  until: null,
  disabled: false,
  tag: 'members',
  comment: null,
};

/** A voucher as staff create one, written straight into the test's database. */
const voucherRecord = (terms: VoucherTerms) => ({ ...newVoucherRecord(terms, {}), created: Date.now() });

async function addToWishlist(page: Page, ...products: string[]) {
  for (const product of products) await page.getByRole('button', { name: `Add ${product} to wishlist` }).click();
}

async function useVoucher(page: Page, typed: string) {
  await page.getByRole('button', { name: 'Have a voucher code?' }).click();
  await page.getByRole('textbox', { name: 'Voucher code' }).fill(typed);
  await page.getByRole('button', { name: 'Apply voucher' }).click();
}

test('a buyer comes by a link with a voucher: checkout shows each price before and after, and the order is placed with it', async ({
  page,
  db,
}) => {
  await db.write('vouchers/JAZZ20', voucherRecord(TERMS));
  // The code arrives in any case, is kept, and leaves the address.
  await page.goto('/products?voucher=jazz20');
  await expect(page).toHaveURL(/\/products$/);
  await addToWishlist(page, 'Harbour Jazz Night', 'Enamel Camp Mug');

  // The wishlist says what the voucher will make of it.
  await page.goto('/cart');
  const onWishlist = page.getByTestId('wishlist-voucher');
  await expect(onWishlist).toContainText('With voucher JAZZ20: £28.40 instead of £32.00, applied at checkout.');
  await expect(onWishlist.getByRole('listitem')).toHaveText(['Harbour Jazz Night: £14.40 each instead of £18.00']);
  await checkScreen(page, 'wishlist-voucher');
  await page.goto('/checkout');

  // 20% off the £18 ticket, nothing off the mug: £14.40 + £14.00.
  await expect(page.getByTestId('voucher-applied')).toContainText('Voucher JAZZ20 is applied');
  const lowered = page.getByTestId('checkout-line-lowered');
  await expect(lowered).toContainText('£14.40');
  await expect(lowered.locator('s')).toHaveText('£18.00');
  await expect(page.getByTestId('checkout-voucher')).toHaveText('−£3.60');
  await expect(page.getByTestId('checkout-total')).toHaveText('£28.40');
  await expect(page.getByRole('button', { name: /Reserve order/ })).toHaveText('Reserve order · £28.40');
  await checkScreen(page, 'checkout-voucher');

  await page.getByRole('textbox', { name: 'Name' }).fill('Rowan Birch');
  await page.getByRole('textbox', { name: 'Email' }).fill('rowan@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order reserved' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('confirmation-voucher')).toHaveText('Voucher JAZZ20: £3.60 off');

  // The order is at the lowered price, the voucher's use counted.
  await expect.poll(() => db.read('vouchers/JAZZ20/used')).toBe(1);
  const uses = (await db.read('voucherUses/JAZZ20')) as Record<string, { total: number; off: number }>;
  expect(Object.values(uses)).toEqual([expect.objectContaining({ total: 2840, off: 360 })]);

  // Its email and its page say what the voucher took off.
  await expect
    .poll(() =>
      db.mailbox
        .messages()
        .filter((m) => m.recipients.includes('rowan@example.com'))
        .map((m) => m.parsed.text ?? ''),
    )
    .toContainEqual(expect.stringContaining('Voucher JAZZ20: £3.60 off'));
  const [key] = Object.keys(uses);
  const [uid, order] = key!.split('~');
  const link = (await db.read(`orders/${uid}/${order}/link`)) as string;
  await page.goto(orderPageUrl('', link));
  await expect(page.getByTestId('order-voucher')).toHaveText('Voucher JAZZ20: £3.60 off');
  await expect(page.getByText('1 × Harbour Jazz Night, £14.40 each with the voucher (was £18.00 each)')).toBeVisible();

  // Used: the next checkout starts without it.
  await page.goto('/products');
  await addToWishlist(page, 'Harbour Jazz Night');
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Have a voucher code?' })).toBeVisible();
  await expect(page.getByTestId('voucher-applied')).toHaveCount(0);
});

// On the desktop only: the field is the gift card's (lib/mui/CodeEntry.tsx), whose phone run shows it on a phone
// (gift-cards.spec.ts); the words are the same on any screen.
test('a code that cannot be used says why at checkout, and the order keeps today’s prices', async ({ page, db }) => {
  await db.write('vouchers/OLDJAZZ', voucherRecord({ ...TERMS, until: Date.UTC(2024, 0, 1) }));
  await db.write('vouchers/JAZZONLY', voucherRecord(TERMS));
  await page.goto('/products');
  await addToWishlist(page, 'Enamel Camp Mug');
  await page.goto('/checkout');
  await useVoucher(page, 'NOSUCHCODE');
  await expect(
    page.getByText('No voucher has this code. Check it against the email or the link it came in.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Voucher code' }).fill('oldjazz');
  await page.getByRole('button', { name: 'Apply voucher' }).click();
  await expect(page.getByText('This voucher has expired.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Voucher code' }).fill('JAZZONLY');
  await page.getByRole('button', { name: 'Apply voucher' }).click();
  await expect(page.getByText('This voucher is not for anything in your order.')).toBeVisible();
  await checkScreen(page, 'checkout-voucher-refused');
  await expect(page.getByTestId('checkout-total')).toHaveText('£14.00');
  await expect(page.getByTestId('checkout-voucher')).toHaveCount(0);
});

test('staff make 50 codes of 20% off an event, hand them out as CSV, and see a buyer’s use and revenue', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(120_000);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=vouchers');
  const desk = page.getByRole('region', { name: 'Vouchers' });
  await expect(desk.getByText('No vouchers yet.')).toBeVisible();

  await desk.getByRole('button', { name: 'Create voucher' }).click();
  const create = page.getByRole('dialog', { name: 'Create voucher' });
  await create.getByRole('textbox', { name: 'How many codes' }).fill('50');
  await create.getByRole('textbox', { name: 'Prefix of the generated codes' }).fill('members');
  await create.getByRole('button', { name: 'Create' }).click();
  // What it does and what it applies to are asked for, in words.
  await expect(create.getByText('Enter a whole percentage from 1 to 100.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Percent off' }).fill('20');
  await create
    .getByRole('combobox', { name: 'What it applies to' })
    .selectOption({ label: 'An event, every ticket of it' });
  await create.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Harbour Jazz Night' });
  await create.getByRole('textbox', { name: 'Tag' }).fill('members-2027');
  await checkScreen(page, 'desk-voucher-create');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toHaveCount(0, { timeout: 20_000 });

  // Fifty codes, each for one order, listed live.
  const stored = (await db.read('vouchers')) as Record<string, { tag: string; uses: number; used: number }>;
  const codes = Object.keys(stored);
  expect(codes).toHaveLength(50);
  expect(codes.every((code) => /^MEMBERS-[0-9A-Z]{8}$/.test(code))).toBe(true);
  expect(Object.values(stored).every((v) => v.tag === 'members-2027' && v.uses === 1 && v.used === 0)).toBe(true);
  await expect(desk.getByTestId('voucher-count')).toContainText('50');

  // Handed out as a file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    desk.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vouchers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]).toBe(
    'code,kind,value,currency,applies_to,uses,used,from,until,disabled,tag,comment,revenue,discount',
  );
  expect(rows).toHaveLength(51);
  const handedOut = rows[1]!.split(',')[0]!;
  expect(rows[1]).toBe(`${handedOut},percent,20,GBP,event:${EVENT},1,0,,,no,members-2027,,0.00,0.00`);

  // A buyer uses one; the desk shows it used, with its revenue and the discount given.
  const buyer = await page.context().browser()!.newContext();
  await db.connect(buyer);
  const shop = await buyer.newPage();
  failOnPageErrors(shop);
  await shop.goto(`/products?voucher=${handedOut}`);
  await addToWishlist(shop, 'Harbour Jazz Night');
  await shop.goto('/checkout');
  await expect(shop.getByTestId('checkout-total')).toHaveText('£14.40');
  await shop.getByRole('textbox', { name: 'Name' }).fill('Ada Member');
  await shop.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await shop.getByRole('button', { name: /Reserve order/ }).click();
  await expect(shop.getByRole('heading', { level: 1, name: 'Order reserved' })).toBeVisible({ timeout: 20_000 });
  await buyer.close();

  await desk
    .getByRole('searchbox', { name: 'Find a voucher by its code or tag' })
    .fill(handedOut.slice(-5).toLowerCase());
  const row = desk.getByRole('listitem', { name: handedOut });
  await expect(row).toContainText('1 of 1 used');
  await expect(row).toContainText('Revenue £14.40 · discount given £3.60');
  await expect(row).toContainText('Used up');
  await checkScreen(page, 'desk-vouchers');

  // The order itself, on the desk, names the voucher and what it took off.
  const [key] = Object.keys((await db.read(`voucherUses/${handedOut}`)) as object);
  const [uid, order] = key!.split('~');
  const ref = displayReference((await db.read(`orders/${uid}/${order}/ref`)) as string);
  await page.goto('/dashboard?tab=orders');
  await page.getByRole('button', { name: `Open order ${ref}` }).click();
  await expect(page.getByRole('dialog').getByTestId('order-card-voucher')).toHaveText(
    `Voucher ${handedOut}: £3.60 off`,
  );
});

test('a crew ticket sold only with its voucher: hidden from the public, shown and sold to the voucher’s holder', async ({
  page,
  db,
}) => {
  const standard = (await db.read(`products/${EVENT}`)) as Record<string, unknown>;
  await db.write(`products/${EVENT}/typeName`, 'Standard');
  await db.write(`products/${EVENT}-crew`, {
    ...standard,
    group: EVENT,
    typeName: 'Crew',
    price: 0,
    voucherOnly: true,
  });
  await db.write(
    'vouchers/CREW-2027',
    voucherRecord({ ...TERMS, kind: 'none', value: 0, scope: 'product', target: `${EVENT}-crew`, uses: 20 }),
  );

  // The public see the event as before: one type, no crew.
  await page.goto('/products?product=harbour-jazz-night');
  const dialog = page.getByRole('dialog', { name: 'Harbour Jazz Night' });
  await expect(dialog.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  await expect(dialog.getByText('Crew')).toHaveCount(0);

  // The voucher's holder comes by its link: the crew type is there, for them alone.
  await page.goto('/products?voucher=crew-2027&product=harbour-jazz-night');
  await expect(page).toHaveURL(/\/products\?product=harbour-jazz-night$/);
  await dialog.getByRole('button', { name: 'Add Harbour Jazz Night · Crew to wishlist' }).click();
  await page.goto('/checkout');
  await expect(page.getByTestId('voucher-applied')).toContainText('Voucher CREW-2027 is applied');
  await page.getByRole('textbox', { name: 'Name' }).fill('Sam Crew');
  await page.getByRole('textbox', { name: 'Email' }).fill('sam@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order reserved' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => db.read('vouchers/CREW-2027/used')).toBe(1);
});

test('staff make a voucher that holds an event’s last 2 places: the public see it sold out, its holder buys them', async ({
  page,
  db,
  accounts,
}) => {
  test.setTimeout(120_000);
  await db.write(`products/${EVENT}/stock`, 2);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=vouchers');
  const desk = page.getByRole('region', { name: 'Vouchers' });
  await desk.getByRole('button', { name: 'Create voucher' }).click();
  const create = page.getByRole('dialog', { name: 'Create voucher' });
  await create.getByRole('textbox', { name: 'Code', exact: true }).fill('sponsor-2027');
  await create.getByRole('combobox', { name: 'What it does' }).selectOption('none');
  await create.getByRole('combobox', { name: 'What it applies to' }).selectOption({ label: 'One product' });
  await create.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Harbour Jazz Night' });
  const hold = create.getByRole('checkbox', { name: 'Hold places apart from public sale' });
  await expect(hold).toHaveAccessibleDescription(/Disabling the voucher, or its end, gives what it still holds back/);
  await hold.check();
  await create.getByRole('textbox', { name: 'Places to hold' }).fill('2');
  await checkScreen(page, 'desk-voucher-hold');
  await create.getByRole('button', { name: 'Create' }).click();

  // Trusted code made it, the places taken from public sale; the desk says so and lists it with what it holds.
  await expect(create).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Voucher SPONSOR-2027 is created and holds 2 places.')).toBeVisible();
  await expect(desk.getByRole('listitem', { name: 'SPONSOR-2027' })).toContainText(
    'Holds 2 places apart from public sale',
  );
  // Its edit keeps what it does and its product, and offers no hold to change.
  await desk.getByRole('button', { name: 'Edit the voucher SPONSOR-2027' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the voucher SPONSOR-2027' });
  await expect(
    edit.getByText('It was made to hold places of its product, so what it does stays as it is'),
  ).toBeVisible();
  await expect(edit.getByRole('checkbox', { name: 'Hold places apart from public sale' })).toHaveCount(0);
  await expect(edit.getByRole('combobox', { name: 'Product' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  expect(await db.read(`products/${EVENT}/stock`)).toBe(0);
  expect(await db.read('vouchers/SPONSOR-2027')).toMatchObject({ held: 2, used: 0, scope: 'product', target: EVENT });

  // The public see the event sold out.
  const card = (shop: Page) => shop.getByRole('article').filter({ hasText: 'Harbour Jazz Night' });
  const visitor = await page.context().browser()!.newContext();
  await db.connect(visitor);
  const publicPage = await visitor.newPage();
  failOnPageErrors(publicPage);
  await publicPage.goto('/products');
  await expect(card(publicPage)).toContainText('Sold out');

  // The holder comes by the voucher's link, and buys both places.
  const holder = await page.context().browser()!.newContext();
  await db.connect(holder);
  const shop = await holder.newPage();
  failOnPageErrors(shop);
  await shop.goto('/products?voucher=sponsor-2027');
  await expect(card(shop)).not.toContainText('Sold out');
  await addToWishlist(shop, 'Harbour Jazz Night', 'Harbour Jazz Night');
  // A page loaded afresh keeps both: the public's stock does not cut what the voucher holds for its holder.
  await shop.goto('/checkout');
  await expect(shop.getByTestId('voucher-applied')).toContainText('Voucher SPONSOR-2027 is applied');
  await shop.getByRole('textbox', { name: 'Name' }).fill('Sam Sponsor');
  await shop.getByRole('textbox', { name: 'Email' }).fill('sam@example.com');
  await shop.getByRole('button', { name: /Reserve order/ }).click();
  await expect(shop.getByRole('heading', { level: 1, name: 'Order reserved' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => db.read('vouchers/SPONSOR-2027')).toMatchObject({ held: 0, used: 1 });
  const [key] = Object.keys((await db.read('voucherUses/SPONSOR-2027')) as object);
  const [uid, order] = key!.split('~');
  expect(await db.read(`orders/${uid}/${order}/items/${EVENT}/quantity`)).toBe(2);
  expect(await db.read(`products/${EVENT}/stock`)).toBe(0);
  await expect(card(publicPage)).toContainText('Sold out');
  await Promise.all([visitor.close(), holder.close()]);
});
