import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { toastText } from '../../src/lib/toast/constants';
import type { ToastMessage } from '../../src/lib/toast/types';
import { createWishlist } from '../../src/features/wishlist/wishlist';
import { cartAtom } from '../../src/state/atoms';

function setUp() {
  const store = createStore();
  const toasts: ToastMessage[] = [];
  const wishlist = createWishlist(store, (message) => toasts.push(message));
  return { store, toasts, wishlist };
}

const ticket = { id: 't1', title: 'Friday ticket', price: 25 };

describe('wishlist actions', () => {
  it('adding shows the spec success toast with the item title as detail', () => {
    const { store, toasts, wishlist } = setUp();
    wishlist.add(ticket);
    expect(store.get(cartAtom)).toEqual({ products: [ticket], total: 25 });
    expect(toasts).toEqual([{ severity: 'success', summary: 'Item added to Wishlist', detail: 'Friday ticket' }]);
  });

  it('adding an item already there raises its quantity', () => {
    const { store, wishlist } = setUp();
    wishlist.add(ticket);
    wishlist.add({ id: 'other', title: 'Other', price: 1 });
    wishlist.add(ticket);
    expect(store.get(cartAtom).products).toEqual([
      { id: 'other', title: 'Other', price: 1 },
      { ...ticket, quantity: 2 },
    ]);
    expect(store.get(cartAtom).total).toBe(51);
  });

  it('clearing shows the spec warn toast, title as given', () => {
    const { store, toasts, wishlist } = setUp();
    wishlist.add(ticket);
    wishlist.clear();
    expect(store.get(cartAtom)).toEqual({ products: [], total: 0 });
    expect(toasts.at(-1)).toEqual({
      severity: 'warn',
      summary: toastText().wishlistEmptiedSummary,
      detail: 'Your wishlist has been emptied',
      action: { label: 'Undo', onClick: expect.any(Function) },
    });
    expect(toastText().wishlistEmptiedSummary).toBe('Item added to Wishlist');
  });

  it('undoing a clear puts the items back, after anything added since', () => {
    const { store, toasts, wishlist } = setUp();
    wishlist.add(ticket);
    wishlist.add(ticket);
    wishlist.add({ id: 'other', title: 'Other', price: 1 });
    wishlist.clear();
    wishlist.add({ id: 'other', title: 'Other', price: 1 });
    wishlist.add({ id: 'new', title: 'New', price: 2 });
    toasts.find((toast) => toast.action?.label === 'Undo')!.action!.onClick();
    expect(store.get(cartAtom).products).toEqual([
      { id: 'other', title: 'Other', price: 1 },
      { id: 'new', title: 'New', price: 2 },
      { ...ticket, quantity: 2 },
    ]);
  });

  it('a refused change leaves the wishlist as it was and says why', () => {
    const { store, toasts, wishlist } = setUp();
    wishlist.add(ticket);
    const before = store.get(cartAtom);
    wishlist.setQuantity(before.products[0]!, 0);
    wishlist.add({ id: 'bad', title: 'Bad', price: -1 });
    expect(store.get(cartAtom)).toBe(before);
    expect(toasts.slice(1).map((toast) => toast.severity)).toEqual(['error', 'error']);
    // Said in the reader's words; a malformed item, which no page makes, is not explained to the visitor.
    expect(toasts[1]?.detail).toBe('The quantity of “Friday ticket” must be a whole number of at least 1.');
    expect(toasts[2]?.detail).toBe('This change could not be made to your wishlist.');
  });

  it('removes by id', () => {
    const { store, wishlist } = setUp();
    wishlist.add(ticket);
    wishlist.remove('t1');
    expect(store.get(cartAtom)).toEqual({ products: [], total: 0 });
  });
});

describe('wishlist limits', () => {
  it('never holds more than is available, and says so', () => {
    const { store, toasts, wishlist } = setUp();
    const lastTwo = { ...ticket, maxQuantity: 2 };
    wishlist.add(lastTwo);
    wishlist.add(lastTwo);
    wishlist.add(lastTwo);
    expect(store.get(cartAtom).products).toEqual([{ ...ticket, quantity: 2 }]);
    expect(toasts.at(-1)).toMatchObject({
      severity: 'error',
      detail: 'Your wishlist already holds all 2 of "Friday ticket" that are available.',
    });
  });

  it('says "the last one" rather than "all 1"', () => {
    const { toasts, wishlist } = setUp();
    const lastOne = { ...ticket, maxQuantity: 1 };
    wishlist.add(lastOne);
    wishlist.add(lastOne);
    expect(toasts.at(-1)?.detail).toBe('Your wishlist already holds the last "Friday ticket".');
  });

  it('refuses a sold-out product', () => {
    const { store, toasts, wishlist } = setUp();
    wishlist.add({ ...ticket, maxQuantity: 0 });
    expect(store.get(cartAtom).products).toEqual([]);
    expect(toasts.at(-1)?.detail).toBe('"Friday ticket" is sold out.');
  });
});
