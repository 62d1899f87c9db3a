import { t } from '@lingui/core/macro';

/** Where the shop stands for this buyer, as far as checkout needs to know. */
interface ShopState {
  connected: boolean;
  online: boolean;
  /** Where the catalogue in hand comes from: only a live one can say a product is gone (wishlist/review.ts). */
  catalogue: 'none' | 'cached' | 'live';
  /** The wishlist reviewed against that catalogue needs changes first. */
  blocked: boolean;
  /** Whether the shop's payment settings have arrived: until then checkout cannot say how the buyer pays. */
  payments: boolean;
  /** Whether the shop's tax settings have arrived: until then checkout cannot say what the order comes to. */
  taxes: boolean;
  /** When sales open for the last of the items that wait for them, as the buyer reads it; null when none waits. */
  opens: string | null;
}

export const checkingWishlist = (): string => t`Checking your wishlist with the shop…`;

/** What stops a buyer from reserving now, said on the checkout page; null when nothing does. */
export function checkoutBlock(shop: ShopState): string | null {
  if (!shop.connected) {
    return shop.online
      ? t`Connecting to the shop…`
      : t`You are offline. Checkout needs a connection; your wishlist stays safe on this device.`;
  }
  // Connected a moment before the catalogue arrives, the button would turn on and then off again.
  if (shop.catalogue !== 'live') return checkingWishlist();
  if (!shop.payments) return t`Checking how the shop takes payment…`;
  if (!shop.taxes) return t`Checking what your order comes to…`;
  if (shop.blocked) return t`Some items in your wishlist need attention before you can check out.`;
  // The page follows the clock (useSaleNow): the button turns on by itself at that moment.
  const opens = shop.opens;
  return opens ? t`Sales open ${opens}. You can reserve from then on; this page updates by itself.` : null;
}
