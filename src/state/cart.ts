import { lineTotal } from '../lib/money';
import type { CartItem, CartState } from './types';
import { TransitionError, describe, isRecord } from './validation';

export const EMPTY_CART: CartState = { products: [], total: 0 };

/** The most of one product a wishlist holds when its stock does not limit it. */
export const MAX_QUANTITY = 99;
/** The highest price the database accepts for a product: anything above it cannot be a real price. */
export const MAX_PRICE = 1_000_000;
/**
 * The most items (distinct products) one wishlist holds: far beyond any real shopping list, small enough that
 * its rows, its saving and its check against the catalogue stay quick. See docs/hostile-data.md.
 */
export const MAX_WISHLIST_ITEMS = 500;

/** Checks one item and returns a copy with only an item's fields (docs/behaviour.md#wishlist); else TransitionError. */
export function validateCartItem(input: unknown): CartItem {
  if (!isRecord(input)) throw new TransitionError(`A wishlist item must be an object, not ${describe(input)}.`);
  const { id, title, price, quantity } = input;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new TransitionError(`A wishlist item needs an id; got ${describe(id)}.`);
  }
  if (typeof title !== 'string' || title.trim() === '') {
    throw new TransitionError(`Wishlist item ${id} needs a title; got ${describe(title)}.`);
  }
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
    throw new TransitionError(`The price of "${title}" must be a number of 0 or more; got ${describe(price)}.`);
  }
  if (price > MAX_PRICE) {
    throw new TransitionError(`The price of "${title}" is beyond any price in the shop: ${price}.`);
  }
  if (quantity === undefined) return { id, title, price };
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) {
    throw new TransitionError(
      `The quantity of "${title}" must be a whole number of at least 1; got ${describe(quantity)}.`,
      {
        .../*i18n*/ {
          id: 'wishlist.quantity',
          message: 'The quantity of “{title}” must be a whole number of at least 1.',
        },
        values: { title },
      },
    );
  }
  return { id, title, price, quantity };
}

export function quantityOf(item: CartItem): number {
  return item.quantity ?? 1;
}

/** Sum of price × quantity over all items, a missing quantity counting as 1 (docs/behaviour.md#wishlist). */
export function cartTotal(products: readonly CartItem[]): number {
  return lineTotal(products.map((item) => ({ price: item.price, quantity: quantityOf(item) })));
}

/** How many things the wishlist holds, counting quantities: the badge figure. */
export function cartCount(cart: CartState): number {
  return cart.products.reduce((count, item) => count + quantityOf(item), 0);
}

function withProducts(products: CartItem[]): CartState {
  return { products, total: cartTotal(products) };
}

function requireId(id: unknown): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new TransitionError(`A wishlist item id is required; got ${describe(id)}.`);
  }
  return id;
}

/** Appends the item. Ids stay unique, so an item already present is refused: raise its quantity with updateItem. */
export function addItem(cart: CartState, input: unknown): CartState {
  const item = validateCartItem(input);
  if (cart.products.some((existing) => existing.id === item.id)) {
    throw new TransitionError(`"${item.title}" is already in the wishlist.`, {
      .../*i18n*/ { id: 'wishlist.already', message: '“{title}” is already in the wishlist.' },
      values: { title: item.title },
    });
  }
  if (cart.products.length >= MAX_WISHLIST_ITEMS) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the English reason for the console; see the descriptor
    const reason = `A wishlist holds at most ${MAX_WISHLIST_ITEMS} items: remove one to add "${item.title}".`;
    throw new TransitionError(reason, {
      .../*i18n*/ {
        id: 'wishlist.full',
        message: 'A wishlist holds at most {max} items: remove one to add “{title}”.',
      },
      values: { max: MAX_WISHLIST_ITEMS, title: item.title },
    });
  }
  return withProducts([...cart.products, item]);
}

/**
 * Lowers every quantity above its item's limit to that limit (never below 1: a sold-out item stays visible for
 * its notice). The same cart comes back when nothing changed, so callers can skip a save.
 */
export function capQuantities(cart: CartState, limitOf: (item: CartItem) => number): CartState {
  let changed = false;
  const products = cart.products.map((item) => {
    const limit = Math.max(1, limitOf(item));
    if (quantityOf(item) <= limit) return item;
    changed = true;
    return { ...item, quantity: limit };
  });
  return changed ? withProducts(products) : cart;
}

/** Replaces the item with the same id; the replaced item moves to the end of the list (docs/behaviour.md#wishlist). */
export function updateItem(cart: CartState, input: unknown): CartState {
  const item = validateCartItem(input);
  const rest = cart.products.filter((existing) => existing.id !== item.id);
  if (rest.length === cart.products.length) {
    throw new TransitionError(`There is no item ${item.id} in the wishlist to update.`);
  }
  return withProducts([...rest, item]);
}

/** Deletes the item with the given id. Removing an absent id changes nothing, so a repeated removal is harmless. */
export function removeItem(cart: CartState, id: unknown): CartState {
  const wanted = requireId(id);
  const rest = cart.products.filter((existing) => existing.id !== wanted);
  return rest.length === cart.products.length ? cart : withProducts(rest);
}

export function clearCart(): CartState {
  return EMPTY_CART;
}
