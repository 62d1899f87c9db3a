import { describe, expect, it } from 'vitest';
import { EMPTY_CART, addItem, cartCount, cartTotal, clearCart, removeItem, updateItem } from '../../src/state/cart';
import type { CartState } from '../../src/state/types';
import { TransitionError } from '../../src/state/validation';

const pass = { id: 'pass', title: 'Weekend pass', price: 45 };
const tote = { id: 'tote', title: 'Tote bag', price: 12.5, quantity: 2 };
const cap = { id: 'cap', title: 'Cap', price: 9.99 };

function cartOf(...items: unknown[]): CartState {
  return items.reduce<CartState>((cart, item) => addItem(cart, item), EMPTY_CART);
}

describe('cart add', () => {
  it('appends the item and recomputes the total', () => {
    const cart = cartOf(pass, tote);
    expect(cart.products.map((item) => item.id)).toEqual(['pass', 'tote']);
    expect(cart.total).toBe(70);
  });

  it('counts a missing quantity as 1', () => {
    expect(cartOf(cap).total).toBe(9.99);
    expect(cartCount(cartOf(cap, tote))).toBe(3);
  });

  it('keeps only the fields of the spec', () => {
    const cart = addItem(EMPTY_CART, { ...pass, image: '/x.png', extra: true });
    expect(cart.products[0]).toEqual(pass);
  });

  it('does not mutate the cart it was given', () => {
    const before = cartOf(pass);
    const snapshot = structuredClone(before);
    addItem(before, cap);
    expect(before).toEqual(snapshot);
  });

  it('refuses an id that is already there, leaving the state alone', () => {
    const cart = cartOf(pass);
    expect(() => addItem(cart, { ...pass, title: 'Other' })).toThrow(/already in the wishlist/);
    expect(cart.products).toHaveLength(1);
  });

  it.each([
    [{ title: 'No id', price: 1 }, /needs an id/],
    [{ id: '', title: 'Empty id', price: 1 }, /needs an id/],
    [{ id: 'x', title: 'Negative', price: -1 }, /price of "Negative" must be a number of 0 or more; got -1/],
    [{ id: 'x', title: 'Text price', price: '5' }, /price .* got "5"/],
    [{ id: 'x', title: 'NaN price', price: Number.NaN }, /price/],
    [{ id: 'x', title: 'Infinite', price: Number.POSITIVE_INFINITY }, /price/],
    [
      { id: 'x', title: 'Half', price: 1, quantity: 1.5 },
      /quantity of "Half" must be a whole number of at least 1; got 1.5/,
    ],
    [{ id: 'x', title: 'Zero', price: 1, quantity: 0 }, /quantity/],
    [{ id: 'x', title: 'Text quantity', price: 1, quantity: '2' }, /quantity/],
    [{ id: 'x', price: 1 }, /needs a title/],
    [null, /must be an object/],
  ])('rejects %j with a clear error', (input, message) => {
    const cart = cartOf(pass);
    expect(() => addItem(cart, input)).toThrow(TransitionError);
    expect(() => addItem(cart, input)).toThrow(message);
    expect(cart).toEqual(cartOf(pass));
  });
});

describe('cart update', () => {
  it('replaces the item with the same id and moves it to the end', () => {
    const cart = updateItem(cartOf(pass, tote, cap), { ...pass, quantity: 3 });
    expect(cart.products.map((item) => item.id)).toEqual(['tote', 'cap', 'pass']);
    expect(cart.products[2]).toEqual({ ...pass, quantity: 3 });
    expect(cart.total).toBe(3 * 45 + 25 + 9.99);
  });

  it('refuses an item that is not in the wishlist', () => {
    expect(() => updateItem(cartOf(pass), cap)).toThrow(/no item cap/);
  });

  it('refuses an invalid replacement and keeps the old item', () => {
    const cart = cartOf(pass);
    expect(() => updateItem(cart, { ...pass, quantity: -2 })).toThrow(TransitionError);
    expect(cart.products[0]).toEqual(pass);
  });
});

describe('cart remove', () => {
  it('deletes the item with the given id', () => {
    const cart = removeItem(cartOf(pass, tote, cap), 'tote');
    expect(cart.products.map((item) => item.id)).toEqual(['pass', 'cap']);
    expect(cart.total).toBe(54.99);
  });

  it('leaves the cart as it is for an id that is not there', () => {
    const cart = cartOf(pass);
    expect(removeItem(cart, 'nope')).toBe(cart);
  });

  it.each([undefined, '', 7])('rejects a missing or invalid id (%j)', (id) => {
    expect(() => removeItem(cartOf(pass), id)).toThrow(/id is required/);
  });
});

describe('cart clear', () => {
  it('empties the products and sets the total to 0', () => {
    expect(clearCart()).toEqual({ products: [], total: 0 });
  });
});

describe('cart total without floating-point drift', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    const cart = cartOf({ id: 'a', title: 'A', price: 0.1 }, { id: 'b', title: 'B', price: 0.2 });
    expect(cart.total).toBe(0.3);
    expect(cart.total.toFixed(2)).toBe('0.30');
  });

  it('stays exact over many small lines', () => {
    const products = Array.from({ length: 1000 }, (_, i) => ({ id: String(i), title: `Item ${i}`, price: 0.01 }));
    expect(cartTotal(products)).toBe(10);
  });

  it('multiplies by quantity exactly', () => {
    expect(cartTotal([{ id: 'a', title: 'A', price: 19.99, quantity: 3 }])).toBe(59.97);
  });
});
