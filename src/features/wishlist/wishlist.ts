import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { toastText } from '../../lib/toast/constants';
import type { ToastMessage } from '../../lib/toast/types';
import { cartAtom, rootAtom } from '../../state/atoms';
import { addItem, clearCart, quantityOf, removeItem, updateItem } from '../../state/cart';
import type { AppStore } from '../../state/store';
import type { CartItem, CartState } from '../../state/types';
import { TransitionError } from '../../state/validation';

interface WishlistProduct {
  id: string;
  title: string;
  price: number;
  /** How many may be held at most (what is in stock, within the limit per order); unlimited when absent. */
  maxQuantity?: number;
  /** True when that most is the product's limit per order rather than its stock. */
  limitedPerOrder?: boolean;
  /** `price` is what the buyer chose a gift card to be worth (docs/gift-cards.md#an-amount-the-buyer-chooses). */
  chosen?: boolean;
}

export interface Wishlist {
  /** Adds the product, or raises its quantity when it is already there. */
  add(product: WishlistProduct): void;
  setQuantity(item: CartItem, quantity: number): void;
  /** Takes the catalogue's current price for an item. */
  setPrice(item: CartItem, price: number): void;
  remove(id: string): void;
  /** Empties the wishlist; its toast can undo that. */
  clear(): void;
  /** Empties the wishlist once its items have been ordered (no "emptied" warning: the order confirms it). */
  clearAfterOrder(): void;
}

/** `item` added again unless an item of its id is there already. */
const putBack = (cart: CartState, item: CartItem): CartState =>
  cart.products.some((held) => held.id === item.id) ? cart : addItem(cart, item);

/** A refusal a visitor meets, told in their language. */
const refusal = (said: MessageDescriptor) => new TransitionError(i18n._(said), said);

/**
 * The wishlist's actions: each applies a cart transition to the store and tells the user what happened.
 * A refused transition leaves the wishlist as it was and says why.
 */
export function createWishlist(store: AppStore, notify: (message: ToastMessage) => unknown): Wishlist {
  const apply = (change: (cart: CartState) => CartState, success?: ToastMessage) => {
    try {
      // From the root, not cartAtom: a tap replayed while the page is being hydrated changes the stored wishlist.
      store.set(cartAtom, change(store.get(rootAtom).cart));
    } catch (error) {
      if (!(error instanceof TransitionError)) throw error;
      if (!error.said) console.warn('Wishlist change refused:', error.message);
      const detail = error.said ? i18n._(error.said) : t`This change could not be made to your wishlist.`;
      notify({ severity: 'error', summary: t`Wishlist not changed`, detail });
      return;
    }
    if (success) notify(success);
  };

  return {
    add(product) {
      apply(
        (cart) => {
          const existing = cart.products.find((item) => item.id === product.id);
          const wanted = existing ? quantityOf(existing) + 1 : 1;
          const { maxQuantity: most, title } = product;
          // One amount per line: the order keeps one price per product.
          if (existing && product.chosen && existing.price !== product.price) {
            throw refusal(
              msg`Your wishlist already holds "${title}" at another amount. Change the amount there, or order this one on its own.`,
            );
          }
          if (most !== undefined && wanted > most) {
            throw refusal(
              most === 0
                ? msg`"${title}" is sold out.`
                : product.limitedPerOrder
                  ? msg`Your wishlist already holds ${most} of "${title}", the most one order may hold.`
                  : most === 1
                    ? msg`Your wishlist already holds the last "${title}".`
                    : msg`Your wishlist already holds all ${most} of "${title}" that are available.`,
            );
          }
          return existing
            ? updateItem(cart, { ...existing, quantity: wanted })
            : addItem(cart, { id: product.id, title: product.title, price: product.price });
        },
        { severity: 'success', summary: toastText().itemAdded, detail: product.title },
      );
    },
    setQuantity(item, quantity) {
      apply((cart) => updateItem(cart, { ...item, quantity }));
    },
    setPrice(item, price) {
      apply((cart) => updateItem(cart, { ...item, price }));
    },
    remove(id) {
      apply((cart) => removeItem(cart, id));
    },
    clear() {
      const before = store.get(rootAtom).cart.products;
      const text = toastText();
      apply(clearCart, {
        severity: 'warn',
        summary: text.wishlistEmptiedSummary,
        detail: text.wishlistEmptiedDetail,
        // What was added since stays as it is; the cleared items come back after it.
        action: { label: t`Undo`, onClick: () => apply((cart) => before.reduce(putBack, cart)) },
      });
    },
    clearAfterOrder() {
      apply(clearCart);
    },
  };
}
