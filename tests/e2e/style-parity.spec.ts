import type { Locator, Page } from '@playwright/test';
import { expect, test } from './accounts';
import { openLive, phoneInDark } from './support';

/**
 * The plain pages and the MUI pages draw the same things in two ways (docs/styling.md). This compares what the
 * browser computes for pairs of the same thing, one drawn each way, in both colour schemes: text, buttons, a
 * field's outline, surfaces and dialogs, and the focus ring. A difference here is a difference a visitor sees.
 */

const TEXT = ['color', 'font-family'];
const TYPE = [...TEXT, 'font-size', 'font-weight', 'line-height', 'letter-spacing', 'text-transform'];
const BUTTON = [
  ...TYPE,
  'background-color',
  'border-top-color',
  'border-top-width',
  'border-radius',
  'box-shadow',
  'padding-top',
  'padding-left',
  'min-width',
];
const SURFACE = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-top-width',
  'border-radius',
];
const OUTLINE = ['border-top-color', 'border-top-width', 'border-radius'];
const RING = ['outline-color', 'outline-style', 'outline-width', 'outline-offset'];

type Styles = Record<string, string>;

function stylesOf(locator: Locator, properties: string[]): Promise<Styles> {
  return locator.evaluate(
    (element, names) =>
      Object.fromEntries(names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)])),
    properties,
  );
}

/** Focuses `target` as the keyboard would (from the element before it), so it draws its focus-visible ring. */
async function ringOf(page: Page, target: Locator): Promise<Styles> {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  return stylesOf(target, RING);
}

type Pair = 'primary text' | 'secondary text' | 'contained button' | 'outlined button' | 'field outline';
type Sample = Pair | 'surface' | 'dialog' | 'dialog title' | 'focus ring';

for (const scheme of ['light', 'dark'] as const) {
  test(`plain and MUI elements look the same, ${scheme}${phoneInDark(scheme)}`, async ({ page, accounts }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    const plain: Partial<Record<Sample, Styles>> = {};
    const mui: Partial<Record<Sample, Styles>> = {};

    await openLive(page, '/contact');
    const form = page.getByRole('form', { name: /message/i });
    plain['primary text'] = await stylesOf(page.getByRole('main').getByText('14 Harbour Lane, Bristol, BS1 4RB'), TEXT);
    plain['secondary text'] = await stylesOf(page.locator('.site-footer p.text-secondary'), TEXT);
    plain['contained button'] = await stylesOf(page.getByRole('button', { name: 'Send message' }), BUTTON);
    plain['field outline'] = await stylesOf(form.locator('.field__outline').first(), OUTLINE);
    const formSurface = page
      .locator('.surface')
      .filter({ has: page.getByRole('heading', { name: 'Send us a message' }) });
    plain.surface = await stylesOf(formSurface, SURFACE);
    plain.dialog = await stylesOf(formSurface, ['background-color', 'background-image']);
    plain['dialog title'] = await stylesOf(
      page.getByRole('heading', { name: 'Send us a message' }),
      TEXT.concat('font-weight'),
    );
    plain['focus ring'] = await ringOf(page, page.getByRole('button', { name: 'Send message' }));

    await openLive(page, '/products?q=nothing-like-this');
    plain['outlined button'] = await stylesOf(page.getByRole('button', { name: 'Clear search and filters' }), BUTTON);

    await accounts.signIn(page, await accounts.create('staff', { firstname: 'Sam' }));
    mui['primary text'] = await stylesOf(page.getByText(/^Welcome, Sam/), TEXT);
    mui['contained button'] = await stylesOf(page.getByRole('button', { name: 'Save site details' }), BUTTON);
    mui['outlined button'] = await stylesOf(page.getByRole('button', { name: 'Sign out' }), BUTTON);
    mui.surface = await stylesOf(page.getByRole('region', { name: 'Site details' }), SURFACE);
    mui['focus ring'] = await ringOf(page, page.getByRole('button', { name: 'Save site details' }));

    await page.getByRole('tab', { name: 'Products' }).click();
    mui['secondary text'] = await stylesOf(page.getByText(/ per order · /).first(), TEXT);
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await expect(dialog).toBeVisible();
    mui.dialog = await stylesOf(dialog, ['background-color', 'background-image']);
    mui['dialog title'] = await stylesOf(
      dialog.getByRole('heading', { name: 'New product' }),
      TEXT.concat('font-weight'),
    );
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Orders' }).click();
    const status = page.getByRole('combobox', { name: 'Status' }).first();
    mui['field outline'] = await stylesOf(status.locator('xpath=following-sibling::fieldset'), OUTLINE);

    const differences = (Object.keys(plain) as Sample[]).flatMap((sample) =>
      Object.entries(plain[sample] ?? {}).flatMap(([property, value]) =>
        mui[sample]?.[property] === value
          ? []
          : [`${sample} ${property}: plain ${value}, MUI ${mui[sample]?.[property]}`],
      ),
    );
    expect(differences).toEqual([]);
  });
}
