/**
 * The staff side of types and quotas (docs/behaviour.md#editing-types-and-quotas): quotas created and checked,
 * an event with three types made from the products list, each saved with its group, type name and quotas, and the
 * group's shared fields following its first product; axe-clean, on a desktop and a phone.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';
import { failOnPageErrors } from './support';
import { keepPicture } from './pictures';

test.beforeEach(({ page }) => failOnPageErrors(page));

async function newQuota(page: Page, name: string, left: string): Promise<void> {
  await page.getByRole('button', { name: 'New quota' }).click();
  const dialog = page.getByRole('dialog', { name: 'New quota' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Places left').fill(left);
  await dialog.getByRole('button', { name: 'Save quota' }).click();
  await expect(dialog).toBeHidden();
}

/** With SCREENSHOTS_DIR set, the dialog as it shows (a full-page picture cannot scroll it): its top and its quotas. */
async function dialogShots(page: Page, dialog: Locator, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS_DIR) return;
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `${name}-top-${width}`);
  await dialog.getByRole('group', { name: 'Quotas' }).scrollIntoViewIfNeeded();
  await keepPicture(page, `${name}-quotas-${width}`);
}

/** Fills a new type's own fields in `dialog` and saves it. */
async function saveType(dialog: Locator, typeName: string, price: string, quotas: string[]): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Type name', exact: true }).fill(typeName);
  await dialog.getByLabel('Price').fill(price);
  for (const quota of quotas) await dialog.getByRole('checkbox', { name: quota, exact: true }).check();
  await dialog.getByRole('button', { name: 'Save product' }).click();
  await expect(dialog).toBeHidden();
}

test('staff make quotas and an event with types, whose shared fields follow its first product', async ({
  page,
  db,
  accounts,
}) => {
  // Some forty edits through dialogs: 84 s alone at load 12, and over 90 s in a CI run at load 12–19.
  test.setTimeout(180_000);
  await accounts.signIn(page, await accounts.create('staff'));
  await page.goto('/dashboard?tab=products');

  // Quotas: a count below 0 is refused, said at the field.
  await page.getByRole('button', { name: 'New quota' }).click();
  const quotaDialog = page.getByRole('dialog', { name: 'New quota' });
  await quotaDialog.getByLabel('Name').fill('Venue');
  await expect(quotaDialog.getByText('Its id: venue (cannot be changed later).')).toBeVisible();
  await quotaDialog.getByLabel('Places left').fill('-5');
  await quotaDialog.getByRole('button', { name: 'Save quota' }).click();
  await expect(quotaDialog.getByText('A quota cannot have fewer than 0 places left.')).toBeVisible();
  await quotaDialog.getByLabel('Places left').fill('200');
  await quotaDialog.getByRole('button', { name: 'Save quota' }).click();
  await expect(quotaDialog).toBeHidden();
  await newQuota(page, 'Concessions', '50');
  await expect
    .poll(() => db.read('quotas'))
    .toMatchObject({
      venue: { name: 'Venue', left: 200 },
      concessions: { name: 'Concessions', left: 50 },
    });

  // The event's first product, Standard; the seed's jazz night already has the id its title makes.
  await page.getByRole('button', { name: 'New product' }).click();
  const first = page.getByRole('dialog', { name: 'New product' });
  await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbour Jazz Night');
  await first.getByRole('textbox', { name: 'Type name', exact: true }).fill('Standard');
  await first.getByLabel('Price').fill('18');
  await first.getByLabel('Stock').fill('150');
  await first.getByLabel('Category').fill('Live music');
  await first.getByLabel('Event date and time').fill('2031-06-01T19:00');
  await first.getByRole('textbox', { name: 'Venue', exact: true }).fill('Quay Hall');
  await first.getByRole('checkbox', { name: 'Venue' }).check();
  await first.getByRole('button', { name: 'Save product' }).click();
  await expect(first.getByText('Another product already has this id.')).toBeVisible();
  await first.getByLabel('Id').fill('harbour-jazz');
  await first.getByRole('button', { name: 'Save product' }).click();
  await expect(first).toBeHidden();

  // Its types, from its row: the shared fields come with them and cannot be changed there.
  await page.getByRole('button', { name: 'Add a type of Harbour Jazz Night · Standard' }).click();
  const concession = page.getByRole('dialog', { name: 'New type of Harbour Jazz Night' });
  await expect(concession.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Harbour Jazz Night');
  await expect(concession.getByRole('textbox', { name: 'Title', exact: true })).toBeDisabled();
  await expect(concession.getByText('edit Harbour Jazz Night to change them.')).toBeVisible();
  await expect(concession.getByLabel('Type of')).toHaveValue('harbour-jazz');
  await concession.getByRole('button', { name: 'Save product' }).click();
  await expect(concession.getByText('A type needs a name, such as Concession or VIP.')).toBeVisible();
  await concession.getByRole('textbox', { name: 'Type name', exact: true }).fill('Concession');
  await expect(concession.getByLabel('Id')).toHaveValue('harbour-jazz-concession');
  await checkScreen(page, 'types-editor-new-type');
  await dialogShots(page, concession, 'types-editor-new-type');
  await saveType(concession, 'Concession', '12', ['Venue', 'Concessions']);
  await page.getByRole('button', { name: 'Add a type of Harbour Jazz Night · Standard' }).click();
  await saveType(page.getByRole('dialog', { name: 'New type of Harbour Jazz Night' }), 'VIP', '40', []);

  const shared = { title: 'Harbour Jazz Night', category: 'Live music', venue: 'Quay Hall' };
  // Typed on the shop's wall clock (the seed's Europe/London, in summer time).
  const date = '2031-06-01T18:00:00.000Z';
  await expect
    .poll(() => db.read('products/harbour-jazz-concession'))
    .toMatchObject({
      ...shared,
      date,
      price: 12,
      group: 'harbour-jazz',
      typeName: 'Concession',
      quotas: { venue: true, concessions: true },
    });
  expect(await db.read('products/harbour-jazz-vip')).toMatchObject({
    ...shared,
    date,
    price: 40,
    group: 'harbour-jazz',
    typeName: 'VIP',
  });
  expect(await db.read('products/harbour-jazz-vip/quotas')).toBeNull();
  expect(await db.read('products/harbour-jazz')).toMatchObject({
    ...shared,
    date,
    price: 18,
    typeName: 'Standard',
    quotas: { venue: true },
  });

  // The list shows the types under their group, by type name; a quota in use cannot be deleted.
  const types = page.getByRole('list', { name: 'Types of Harbour Jazz Night' });
  await expect(types.getByRole('listitem')).toHaveCount(2);
  await expect(types.getByRole('listitem').first()).toContainText('Concession');
  await expect(types.getByRole('listitem').first()).toContainText('up to 10 per order · draws on Concessions, Venue');
  const quotas = page.getByRole('list', { name: 'Quotas' });
  await expect(
    quotas.getByRole('listitem').filter({ has: page.getByText('Concessions', { exact: true }) }),
  ).toContainText('drawn on by Harbour Jazz Night · Concession, so it cannot be deleted');
  await expect(page.getByRole('button', { name: 'Delete the quota Venue' })).toHaveCount(0);
  await checkScreen(page, 'types-editor-list');

  // The first product cannot become a type while it has types; its new date goes to its types in the same save.
  await page.getByRole('button', { name: 'Edit Harbour Jazz Night · Standard', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Harbour Jazz Night (Standard)' });
  await editor.getByLabel('Type of').selectOption({ label: 'Folk in the Round' });
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(
    editor.getByText('This product has types of its own (Concession, VIP), so it cannot be a type of another.'),
  ).toBeVisible();
  await expect(editor.getByLabel('Type of')).toBeFocused();
  await editor.getByLabel('Type of').selectOption('');
  await editor.getByLabel('Event date and time').fill('2031-07-02T20:30');
  await editor.getByRole('textbox', { name: 'Venue', exact: true }).fill('Harbour Hall');
  await editor.getByRole('button', { name: 'Save product' }).click();
  await expect(editor).toBeHidden();
  const moved = { date: '2031-07-02T19:30:00.000Z', venue: 'Harbour Hall' };
  for (const id of ['harbour-jazz', 'harbour-jazz-concession', 'harbour-jazz-vip']) {
    await expect.poll(() => db.read(`products/${id}`), id).toMatchObject(moved);
  }
  // Saving kept what the editor does not show on every product: the type's group, name and quotas.
  await page.getByRole('button', { name: 'Edit Harbour Jazz Night · Concession' }).click();
  const type = page.getByRole('dialog', { name: 'Edit Harbour Jazz Night (Concession)' });
  await expect(type.getByRole('textbox', { name: 'Venue', exact: true })).toHaveValue('Harbour Hall');
  await type.getByLabel('Price').fill('11');
  await type.getByRole('button', { name: 'Save product' }).click();
  await expect(type).toBeHidden();
  await expect
    .poll(() => db.read('products/harbour-jazz-concession'))
    .toMatchObject({
      price: 11,
      group: 'harbour-jazz',
      typeName: 'Concession',
      quotas: { venue: true, concessions: true },
    });

  // An unused quota can go; renaming another keeps its places.
  await newQuota(page, 'Balcony', '20');
  await page.getByRole('button', { name: 'Delete the quota Balcony' }).click();
  await expect.poll(() => db.read('quotas/balcony')).toBeNull();
  await page.getByRole('button', { name: 'Edit the quota Venue' }).click();
  const rename = page.getByRole('dialog', { name: 'Edit the quota Venue' });
  await rename.getByLabel('Name').fill('Main venue');
  await rename.getByRole('button', { name: 'Save quota' }).click();
  await expect(rename).toBeHidden();
  await expect.poll(() => db.read('quotas/venue')).toEqual({ name: 'Main venue', left: 200 });
});
