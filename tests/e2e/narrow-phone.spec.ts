/**
 * The narrowest phone in the longest language: pages, tabs and dialogs in the pseudo-language (about 40% longer
 * than the English, docs/languages.md#the-pseudo-language) on a 320 px screen, with no text past the page's width,
 * cut off, or over other text. SCREENSHOTS_DIR=/some/dir keeps a picture of each.
 *
 * Every kind of email is laid out the same way at that width, in German and English (an order's languages).
 *
 * A field's label stays on one line, as the outlined field draws it (MUI's too): a label that would not fit a
 * narrow phone in a longer language is said shorter, with the rest below the field (checkout's notes, the payee).
 */
import type { Page } from '@playwright/test';
import { pseudoLocalize } from '../../scripts/pseudoLocale';
import { expect, test, type Accounts } from './accounts';
import { keepPicture } from './pictures';
import { jazzOrder, stateWith, storeLanguage, storeState, TWO_ITEMS } from './support';
import { unreadableText } from './textFits';
import { composeMail } from '../../functions/src/mail/compose';
import { inLanguage, MAIL_VARIANTS } from '../support/mailSamples';

async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Text measured before a web font swaps in would be measured at the wrong width.
  await page.evaluate(() => document.fonts.ready);
}

async function readable(page: Page, name: string): Promise<void> {
  await settled(page);
  if (process.env.SCREENSHOTS_DIR) await keepPicture(page, `narrow-${name}`, { fullPage: true });
  expect.soft(await unreadableText(page), name).toEqual([]);
}

/** The pseudo-language from the next load on, keeping the rest of the stored state (a sign-in too). */
async function speakPseudo(page: Page): Promise<void> {
  await storeLanguage(page, 'en-XA');
  await page.reload();
}

async function asStaff(page: Page, accounts: Accounts): Promise<void> {
  await accounts.signIn(page, await accounts.create('staff'));
  await speakPseudo(page);
}

async function staffTab(page: Page, tab: string): Promise<void> {
  await page.goto(`/dashboard?tab=${tab}`);
  await expect(page.getByRole('tabpanel')).toBeVisible();
}

const WITH_ITEMS = { ...TWO_ITEMS, language: 'en-XA' };
const FOLK = {
  ...stateWith([{ id: 'folk-in-the-round', title: 'Folk in the Round', price: 12.5 }]),
  language: 'en-XA',
};

test.describe('a 320 px phone in the pseudo-language', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('shows every public page, the wishlist, sign-in and the product dialog whole', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of ['/home', '/products', '/about', '/contact', '/cart', '/login', '/order', '/coming-soon']) {
      await storeState(page, WITH_ITEMS, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await readable(page, path.slice(1));
    }
    await storeState(page, WITH_ITEMS, '/products');
    await page.locator('.product-card > button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await readable(page, 'product-dialog');
  });

  test("shows a customer's dashboard whole", async ({ page, db, accounts }) => {
    const customer = await accounts.create('customer');
    await db.write(`orders/${customer.uid}/order-1`, jazzOrder('Casey Customer', customer.email, 'confirmed'));
    await accounts.signIn(page, customer);
    await speakPseudo(page);
    await expect(page.getByText('Harbour Jazz Night')).toBeVisible();
    await readable(page, 'dashboard-customer');
  });

  test('shows the staff tabs and the product editor whole', async ({ page, accounts }) => {
    test.setTimeout(120_000);
    await asStaff(page, accounts);
    for (const tab of ['site', 'taxes', 'products', 'orders', 'events', 'statement', 'messages', 'users', 'account']) {
      await staffTab(page, tab);
      await readable(page, `dashboard-staff-${tab}`);
    }
    await staffTab(page, 'products');
    const edit = pseudoLocalize('Edit {name}').replace('{name}', 'Harbour Jazz Night');
    await page.getByRole('button', { name: edit, exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await readable(page, 'dashboard-staff-product-editor');
  });

  test('shows checkout whole', async ({ page }) => {
    await storeState(page, FOLK, '/checkout');
    await expect(page.locator('form button[type=submit]')).toBeEnabled();
    await readable(page, 'checkout');
  });

  test('shows the staff Payments tab whole', async ({ page, accounts }) => {
    await asStaff(page, accounts);
    await staffTab(page, 'payments');
    await readable(page, 'dashboard-staff-payments');
  });

  // An order is never in the pseudo-language: its emails speak English or German, the longer of the shop's languages.
  test('shows every kind of email whole, in German and in English', async ({ page }) => {
    for (const language of ['de-DE', 'en-GB'] as const) {
      for (const [variant, overrides, payment] of MAIL_VARIANTS) {
        const mail = composeMail(inLanguage(language, overrides, payment));
        // The pictures it refers to (QR codes) are attachments, not there to load: each keeps its own size.
        await page.setContent(mail.html.replace(/src="cid:[^"]*"/g, ''));
        await page.evaluate(() => document.fonts.ready);
        if (process.env.SCREENSHOTS_DIR)
          await keepPicture(page, `narrow-mail-${language}-${variant}`, { fullPage: true });
        expect.soft(await unreadableText(page), `${language} ${variant}`).toEqual([]);
      }
    }
  });
});
