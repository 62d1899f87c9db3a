/**
 * Types of ticket as a buyer meets them (docs/behaviour.md#types): one card for the event, priced from its cheapest
 * type; the details list each type with its price and what is left of it; each goes on the wishlist and the order
 * under its typed title; a shared quota sells out the types drawing on it, live. The allocator and the rules
 * taking quota places: tests/unit/order-allocation-types.test.ts and tests/server/rules-types-quotas.test.ts.
 */
import { expect, test } from './accounts';
import type { LiveDatabase } from './liveDatabase';
import { checkScreen } from './screenCheck';
import { failOnPageErrors, openJazzNight } from './support';
import { checkinResult, openCheckin, typeCode } from './ticketSupport';

test.beforeEach(({ page }) => failOnPageErrors(page));

const JAZZ = 'harbour-jazz-night';

/** The seeded jazz night as Standard £18, Concession £12 (one place on its own quota) and VIP £40, all in one hall. */
async function seedTypes(db: LiveDatabase): Promise<void> {
  await db.write('quotas', {
    venue: { name: 'The Lantern Rooms, Main Hall', left: 200 },
    concessions: { name: 'Concessions', left: 1 },
  });
  const standard = (await db.read(`products/${JAZZ}`)) as Record<string, unknown>;
  await db.write(`products/${JAZZ}/typeName`, 'Standard');
  await db.write(`products/${JAZZ}/quotas`, { venue: true });
  const type = (typeName: string, price: number, quotas: Record<string, true>) => ({
    ...standard,
    group: JAZZ,
    typeName,
    price,
    quotas,
  });
  await db.write(`products/${JAZZ}-concession`, type('Concession', 12, { concessions: true, venue: true }));
  await db.write(`products/${JAZZ}-vip`, type('VIP', 40, { venue: true }));
}

test('an event sold in three types: one card, a type each on the wishlist and the order, a quota sold out, and the desk and the door by type @phone', async ({
  page,
  db,
  accounts,
  isMobile,
}) => {
  test.setTimeout(120_000);
  await seedTypes(db);
  await page.goto('/products');
  const card = page.getByRole('article', { name: 'Harbour Jazz Night' });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('from £12.00')).toBeVisible();
  await checkScreen(page, 'ticket-types-card');

  // Several types: the card's button opens the details rather than adding one of them.
  await card.getByRole('button', { name: 'Choose a type of Harbour Jazz Night' }).click();
  const dialog = page.getByRole('dialog', { name: 'Harbour Jazz Night' });
  const types = dialog.getByRole('list', { name: 'Choose a type' }).getByRole('listitem');
  await expect(types).toHaveCount(3);
  // The concessions' quota, not the event's own stock, says how many of that type are left.
  const listed = [
    ['Standard', '£18.00', 'Available'],
    ['Concession', '£12.00', 'Only 1 left'],
    ['VIP', '£40.00', 'Available'],
  ];
  for (const [n, [name, price, left]] of listed.entries())
    await expect(types.nth(n)).toHaveText(`${name}${price}${left}Add to wishlist`);
  await checkScreen(page, 'ticket-types-dialog');
  await dialog.getByRole('button', { name: 'Add Harbour Jazz Night · Concession to wishlist' }).click();
  // Reached by the keyboard as well.
  await dialog.getByRole('button', { name: 'Add Harbour Jazz Night · VIP to wishlist' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('In your wishlist: 1 × Concession, 1 × VIP');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.goto('/cart');
  const rows = page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Harbour Jazz Night · Concession');
  await expect(rows.nth(1)).toContainText('Harbour Jazz Night · VIP');
  await expect(page.getByTestId('wishlist-total')).toHaveText('£52.00');
  await checkScreen(page, 'ticket-types-wishlist');

  await page.goto('/checkout');
  await expect(page.getByText('1 × Harbour Jazz Night · Concession')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Robin Ash');
  await page.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Reserved: thank you, Robin Ash' });
  await expect(confirmation).toBeVisible({ timeout: 20_000 });
  await expect(confirmation.getByText(/^1 × Harbour Jazz Night · Concession/)).toBeVisible();
  await expect(confirmation.getByText(/^1 × Harbour Jazz Night · VIP/)).toBeVisible();
  await checkScreen(page, 'ticket-types-confirmation');
  expect(await db.read('quotas/concessions/left')).toBe(0);
  expect(await db.read('quotas/venue/left')).toBe(198);

  // The concessions' one place is taken: that type is sold out, the others are not.
  await page.goto(`/products?product=${JAZZ}`);
  const after = page.getByRole('dialog', { name: 'Harbour Jazz Night' }).getByRole('listitem');
  await expect(after.nth(1)).toContainText('Sold out');
  await expect(after.nth(1).getByRole('button', { name: /Add/ })).toBeDisabled();
  for (const n of [0, 2]) {
    await expect(after.nth(n)).toContainText('Available');
    await expect(after.nth(n).getByRole('button', { name: /Add/ })).toBeEnabled();
  }
  await checkScreen(page, 'ticket-types-dialog-after');

  // The organiser's desk counts the event once, by type; the door lists every type's tickets and names the type. Lines
  // of text the layout does not change: a phone's path ends with the buyer, its desk and door are walked by
  // desk.spec.ts and door-walkthrough.spec.ts (docs/testing.md#what-a-phones-run-is-for).
  if (isMobile) return;
  await accounts.signIn(page, await accounts.create('staff'));
  await openJazzNight(page);
  const byType = page.getByTestId('figures-by-type');
  await expect(byType).toContainText('Concession 1 sold');
  await expect(byType).toContainText('VIP 1 sold');
  const tickets = Object.values((await db.read(`tickets/${JAZZ}`)) as Record<string, { code: string; type?: string }>);
  const vip = tickets.find((ticket) => ticket.type === 'VIP')!;
  // The demo order's two tickets and this order's two, one list.
  await openCheckin(page, 4);
  await typeCode(page, vip.code);
  await expect(checkinResult(page)).toContainText('Robin Ash · VIP');
});
