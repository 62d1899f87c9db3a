/**
 * A gift card whose buyer chooses what it is worth (docs/gift-cards.md#an-amount-the-buyer-chooses): the product's
 * bounds as read, the price an amount chosen comes to, the request that carries it, the wishlist that keeps it.
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { catalogue, product } from './products';
import { chosenPrice, parseProduct } from '../../src/features/catalogue/product';
import { parseAmounts, requestRecord } from '../../src/features/orders/orderRequest';
import { reviewWishlist } from '../../src/features/wishlist/review';
import { createWishlist } from '../../src/features/wishlist/wishlist';
import { cartAtom } from '../../src/state/atoms';
import type { ToastMessage } from '../../src/lib/toast/types';

const bounds = { min: 5, max: 500 };
const anyAmount = product('any', { price: 25, giftCard: { months: null, amount: bounds } });
const fixed = product('card10', { price: 10, giftCard: { months: null, amount: null } });

describe('the bounds of a gift card whose buyer chooses', () => {
  const read = (raw: Record<string, unknown>) => {
    const parsed = parseProduct('g', { title: 'Gift card', price: 25, giftCard: true, ...raw });
    return 'product' in parsed ? parsed.product.giftCard?.amount : 'refused';
  };

  it('are read when both are amounts around the suggested price, and are no choice otherwise', () => {
    expect(read({ giftCardAmount: { min: 5, max: 500 } })).toEqual(bounds);
    expect(read({ giftCardAmount: { min: 25, max: 25 } })).toEqual({ min: 25, max: 25 });
    expect(read({})).toBeNull();
    for (const wrong of [
      { min: 30, max: 500 },
      { min: 5, max: 20 },
      { min: 0, max: 500 },
      { min: '5', max: 500 },
    ])
      expect(read({ giftCardAmount: wrong })).toBeNull();
    expect(read({ giftCardAmount: { min: 5, max: 2_000_000 } })).toBeNull();
  });
});

describe('the price of an amount chosen', () => {
  it('is the amount within the bounds, in whole pence; the suggested price when none is chosen', () => {
    expect(chosenPrice(anyAmount, 42.5, 'GBP')).toBe(42.5);
    expect(chosenPrice(anyAmount, 5, 'GBP')).toBe(5);
    expect(chosenPrice(anyAmount, 500, 'GBP')).toBe(500);
    expect(chosenPrice(anyAmount, undefined, 'GBP')).toBe(25);
    expect(chosenPrice(anyAmount, 4.99, 'GBP')).toBeNull();
    expect(chosenPrice(anyAmount, 500.01, 'GBP')).toBeNull();
    expect(chosenPrice(anyAmount, 10.005, 'GBP')).toBeNull();
    // A currency without a smaller unit takes whole amounts only.
    expect(chosenPrice(anyAmount, 42.5, 'JPY')).toBeNull();
    expect(chosenPrice(anyAmount, 42, 'JPY')).toBe(42);
  });

  it('is no price for a product whose buyer does not choose, rather than its own', () => {
    expect(chosenPrice(fixed, 40, 'GBP')).toBeNull();
    expect(chosenPrice(fixed, undefined, 'GBP')).toBe(10);
  });
});

describe('the request', () => {
  const lines = [{ productId: 'any', quantity: 2 }];
  const contact = { name: 'Bo', email: 'bo@example.com' };

  it('carries the amounts chosen, and none when nothing was', () => {
    expect(requestRecord('r-000001', lines, contact, 0, { method: 'door', amounts: { any: 40 } }).amounts).toEqual({
      any: 40,
    });
    expect(requestRecord('r-000001', lines, contact, 0, { method: 'door', amounts: {} })).not.toHaveProperty('amounts');
  });

  it('is read by the allocator only with amounts of its own lines', () => {
    expect(parseAmounts({ any: 40 }, { any: 2 })).toEqual({ any: 40 });
    expect(parseAmounts({ other: 40 }, { any: 2 })).toBeNull();
    for (const wrong of [0, -5, '40', Infinity, 2_000_000]) expect(parseAmounts({ any: wrong }, { any: 2 })).toBeNull();
    expect(parseAmounts('40', { any: 2 })).toBeNull();
  });
});

describe('the wishlist', () => {
  it('charges what the buyer chose, and stops checkout when the bounds no longer take it', () => {
    const byId = catalogue(anyAmount);
    const chosen = reviewWishlist([{ id: 'any', title: 'Any', price: 40, quantity: 2 }], { source: 'live' }, byId, 0);
    expect(chosen.items[0]).toMatchObject({ price: 40, issues: [] });
    expect(chosen.total).toBe(80);
    expect(chosen.pricesChanged).toBe(false);

    const narrowed = catalogue({ ...anyAmount, giftCard: { months: null, amount: { min: 5, max: 30 } } });
    const outside = reviewWishlist(
      [{ id: 'any', title: 'Any', price: 40, quantity: 1 }],
      { source: 'live' },
      narrowed,
      0,
    );
    expect(outside.items[0]?.issues).toEqual([{ kind: 'amount-outside', min: 5, max: 30 }]);
    expect(outside.blocked).toBe(true);
  });

  it('keeps one amount a line: the same card at another amount is refused in words, at the same raises the quantity', () => {
    const store = createStore();
    const toasts: ToastMessage[] = [];
    const wishlist = createWishlist(store, (message) => toasts.push(message));
    const card = { id: 'any', title: 'Gift card', chosen: true };
    wishlist.add({ ...card, price: 40 });
    wishlist.add({ ...card, price: 40 });
    wishlist.add({ ...card, price: 60 });
    expect(store.get(cartAtom).products).toEqual([{ id: 'any', title: 'Gift card', price: 40, quantity: 2 }]);
    expect(toasts.at(-1)).toMatchObject({
      severity: 'error',
      detail:
        'Your wishlist already holds "Gift card" at another amount. Change the amount there, or order this one on its own.',
    });
  });
});
