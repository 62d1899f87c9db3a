import { expect, type Page } from '@playwright/test';
import { SIGNED_OUT } from '../../src/state/auth';
import type { StoredOrderPayment } from '../../src/features/payments/model/orderPayment';
import type { OrderStatus } from '../../src/features/orders/orderStatus';
import { STATUS_UNDO_MS } from '../../src/features/dashboard/orders/statusUndo';

export { SIGNED_OUT };

export const SITE = {
  name: 'Harbour Lights Festival',
  tagline: 'Three nights of music by the sea',
  address: '1 Quay Street',
  postcode: 'BS1 4DJ',
  telephone: '+44 117 496 0000',
  email: 'hello@example.com',
  website: 'https://example.com',
  calendar: '',
  comingsoon: false,
  launch: '2027-03-01T18:00:00.000Z',
  currency: 'GBP',
  locale: 'en-GB',
};

export function stateWith(products: { id: string; title: string; price: number; quantity?: number }[]) {
  const total = products.reduce((sum, item) => sum + item.price * (item.quantity ?? 1), 0);
  return { site: SITE, auth: SIGNED_OUT, cart: { products, total } };
}

export const TWO_ITEMS = stateWith([
  { id: 'pass', title: 'Weekend pass', price: 0.1 },
  { id: 'tote', title: 'Festival tote bag', price: 0.2, quantity: 2 },
]);

/**
 * Puts a raw value under localStorage["state"], as if an earlier visit had left it, then opens `path`. Written from
 * a same-origin file that is not the app: a running app saves its own state whenever live data changes it, which
 * could land between the write and the next load and put back what the test just replaced.
 */
export async function storeRaw(page: Page, raw: string, path = '/home'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => localStorage.setItem('state', value), raw);
  await page.goto(path);
}

/** A saved wishlist holding more of one item than a wishlist may: start-up lowers it, and says so. */
export const OVERFULL_WISHLIST = {
  cart: { products: [{ id: 'mug', title: 'Enamel Camp Mug', price: 14, quantity: 500 }], total: 0 },
};

export async function storeState(page: Page, state: unknown, path = '/home'): Promise<void> {
  await storeRaw(page, JSON.stringify(state), path);
}

export async function storedState(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('state');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}

/** Fills the origin's localStorage for real (no patched setItem) until not one more character fits. */
export async function fillStorage(page: Page): Promise<void> {
  const filled = await page.evaluate(() => {
    const chunk = 'x'.repeat(256 * 1024);
    let i = 0;
    for (let size = chunk.length; size >= 1;) {
      try {
        localStorage.setItem(`filler-${i++}`, chunk.slice(0, size));
      } catch {
        size = Math.floor(size / 2);
      }
    }
    return i;
  });
  expect(filled).toBeGreaterThan(1);
}

/**
 * Waits until the service worker has installed (its precache is complete) and controls the page. A page whose load
 * began while the worker was still installing can miss the worker's claim (a browser claims only pages already
 * running) and stays uncontrolled until it loads again: then it is loaded once more, as the visitor's next visit
 * would be (docs/testing.md#the-service-worker).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  const claimed = await expect
    .poll(controlled, { timeout: 3_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (!claimed) await page.reload();
  await expect.poll(controlled).toBe(true);
}

/** Fails the test on any uncaught error in the page. */
export function failOnPageErrors(page: Page): void {
  page.on('pageerror', (error) => {
    throw new Error(`Uncaught error in the page: ${error.message}`);
  });
}

/**
 * Opens the wishlist from the banner's link, from the keyboard. On a desktop the toasts sit over the banner's right
 * end, where the link is, and a pointer over a toast keeps it (docs/behaviour.md#toasts). The toast area loads at the
 * first interaction, so the toast an "Add" brings can appear a moment later, under a pointer already on its way to
 * the link, and stay there. A keyboard user reaches the link whatever covers it.
 */
export async function openWishlist(page: Page, name: string | RegExp): Promise<void> {
  const link = page.getByRole('link', { name });
  await link.focus();
  await link.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
}

/** The shop's name in seed/: the header shows it once the live properties have arrived. */
export const SEED_NAME = 'The Lantern Rooms';

/** Opens `path` and waits for the live properties (the seed's name in the header). */
export async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('banner')).toContainText(SEED_NAME);
}

export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The checkout's confirmation heading for a buyer named Casey Marsh. */
export function reserved(page: Page) {
  return page.getByRole('heading', { name: 'Reserved: thank you, Casey Marsh' });
}

/** Presses "Clear wishlist" on the wishlist page and confirms it. */
export async function clearWishlist(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Clear wishlist' }).click();
  await page
    .getByRole('alertdialog', { name: 'Clear your wishlist?' })
    .getByRole('button', { name: 'Clear wishlist' })
    .click();
}

/** The order the confirmation names: its reference as shown, and the order it stands for (orderRefs/{ref}). */
export async function confirmedOrder(
  page: Page,
  db: { read(path: string): Promise<unknown> },
): Promise<{ reference: string; uid: string; id: string }> {
  const reference = (await page.getByTestId('order-reference').textContent())!;
  const named = (await db.read(`orderRefs/${reference.replace('-', '')}`)) as { uid: string; order: string } | null;
  if (!named) throw new Error(`no order has the reference ${reference}`);
  return { reference, uid: named.uid, id: named.order };
}

/** How long a status change may take to be saved once its undo time is over (a loaded machine's write). */
export const STATUS_SAVED = { timeout: 25_000 };

/** The pages whose clock a test moves on (Playwright's clock: it runs at real speed until moved). */
const clocked = new WeakSet<Page>();

/**
 * Changes an order's status from the desk (its select within `scope`) and confirms it; it is saved once its undo
 * time has passed (docs/behaviour.md#the-staff-desk). That time passes on the page's own clock, moved on at once:
 * 8 s of real time for every change, on every viewport, was the longest wait of the desk's tests. Callers wait for
 * the write with STATUS_SAVED.
 */
export async function changeOrderStatus(
  page: Page,
  reference: string,
  status: string,
  scope: Pick<Page, 'getByRole'> = page,
): Promise<void> {
  if (!clocked.has(page)) {
    await page.clock.install();
    clocked.add(page);
  }
  await scope.getByRole('combobox', { name: `Status of order ${reference}` }).selectOption(status);
  const ask = page.getByRole('alertdialog');
  await ask.getByRole('button', { name: /^(Cancel order|Mark )/ }).click();
  await expect(ask).toHaveCount(0);
  await page.clock.fastForward(STATUS_UNDO_MS);
}

/**
 * The Events tab, showing the jazz night. A click on the list while the tab is still drawing itself can find the
 * list closed again: it is opened again until the event can be chosen.
 */
export async function openJazzNight(page: Page) {
  await page.goto('/dashboard?tab=events');
  const events = page.getByRole('combobox', { name: 'Event' });
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0) await events.click();
    await page.getByRole('option', { name: /^Harbour Jazz Night/ }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(events).toContainText('Harbour Jazz Night');
}

/** An order's payment summary as trusted code writes it (docs/payments.md#an-orders-payment): £36 by transfer, unpaid. */
export const storedPay = (extra: Partial<StoredOrderPayment>): StoredOrderPayment => ({
  method: 'transfer',
  currency: 'GBP',
  due: 3600,
  paid: 0,
  refunded: 0,
  state: 'pending',
  until: Date.UTC(2030, 6, 15, 16, 30),
  v: 1,
  ...extra,
});

/**
 * The tag a test of one colour scheme carries: every scheme runs on the desktop, and the dark one on the phone too
 * (`@phone`, playwright.config.ts). Colours do not change with the viewport; the phone's own layout is checked once,
 * in the scheme a phone at an evening event most likely shows, which keeps CI well inside its time (README.md).
 */
export const phoneInDark = (scheme: 'light' | 'dark'): string => (scheme === 'dark' ? ' @phone' : '');

/** A customer's order of two tickets to the seeded jazz night, as the database stores it (before payments). */
export function jazzOrder(name: string, email: string, status: OrderStatus = 'pending', created = Date.now()) {
  return {
    items: { 'harbour-jazz-night': { title: 'Harbour Jazz Night', price: 18, quantity: 2 } },
    total: 36,
    status,
    created,
    contact: { name, email },
  };
}

/** The stored state's language switched to `language`, keeping everything else (a sign-in too); the next load speaks it. */
export async function storeLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((chosen) => {
    const state = JSON.parse(localStorage.getItem('state') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('state', JSON.stringify({ ...state, language: chosen }));
  }, language);
}
