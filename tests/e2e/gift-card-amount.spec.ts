/**
 * A gift card whose buyer chooses what it is worth (docs/gift-cards.md#an-amount-the-buyer-chooses): the bounds on
 * its card, the amount chosen in its details and changed on the wishlist, and the order reserved at it. The real
 * app in Chromium, the test's own database and trusted code.
 */
import { confirmedOrder, failOnPageErrors } from './support';
import { expect, test } from './accounts';
import { checkScreen } from './screenCheck';

test.beforeEach(({ page }) => failOnPageErrors(page));

const TITLE = 'Gift Card, any amount';

test('a buyer chooses what a gift card is worth within the shop’s bounds, changes it on the wishlist, and reserves it at that amount @phone', async ({
  page,
  db,
}) => {
  await db.write('products/gift-card-any', {
    title: TITLE,
    price: 25,
    giftCard: true,
    giftCardAmount: { min: 5, max: 500 },
    description: 'Any amount from £5 to £500.',
    image: '/images/products/gift-card-25.svg',
    category: 'Gift cards',
    active: true,
    sort: 235,
  });
  await page.goto('/products');
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await expect(card).toContainText('£5.00 to £500.00');
  await card.getByRole('button', { name: `Choose an amount of ${TITLE}` }).click();

  const dialog = page.getByRole('dialog', { name: TITLE });
  const amount = dialog.getByRole('textbox', { name: 'Amount of each card' });
  await expect(amount).toHaveValue('25.00');
  const add = dialog.getByRole('button', { name: 'Add to wishlist' });
  await amount.fill('4');
  await expect(dialog.getByText('Choose an amount from £5.00 to £500.00.')).toBeVisible();
  await expect(add).toBeDisabled();
  await checkScreen(page, 'gift-card-amount-dialog');
  await amount.fill('42.505');
  await expect(dialog.getByText('Enter at most 2 decimals, such as 26.00.')).toBeVisible();
  await amount.fill('42.50');
  await expect(dialog.getByText('From £5.00 to £500.00')).toBeVisible();
  await add.click();
  await expect(dialog.getByRole('status')).toHaveText('In your wishlist: 1');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/cart');
  await expect(page.getByText('£42.50 each')).toBeVisible();
  await page.getByRole('textbox', { name: `Amount of each card: ${TITLE}` }).fill('40');
  await page.getByRole('button', { name: `One more ${TITLE}` }).click();
  await expect(page.getByTestId('wishlist-total')).toHaveText('£80.00');

  // The shop narrows its bounds meanwhile: the wishlist says so, and checkout waits for a new amount.
  await db.write('products/gift-card-any/giftCardAmount/max', 30);
  await expect(page.getByText('The shop now sells this card from £5.00 to £30.00.')).toBeVisible();
  await checkScreen(page, 'gift-card-amount-wishlist');
  await page.getByRole('textbox', { name: `Amount of each card: ${TITLE}` }).fill('30');
  await expect(page.getByText('The shop now sells this card from £5.00 to £30.00.')).toBeHidden();

  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Name' }).fill('Rowan Birch');
  await page.getByRole('textbox', { name: 'Email' }).fill('rowan@example.com');
  await page.getByRole('button', { name: /Reserve order/ }).click();
  await expect(page.getByRole('heading', { name: 'Reserved: thank you, Rowan Birch' })).toBeVisible({
    timeout: 20_000,
  });
  const { id, uid } = await confirmedOrder(page, db);
  expect(await db.read(`orders/${uid}/${id}/items/gift-card-any`)).toMatchObject({
    price: 30,
    quantity: 2,
    giftCard: true,
  });
  expect(await db.read(`orders/${uid}/${id}/pay/due`)).toBe(6000);
});
