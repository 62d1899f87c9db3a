/** The toast constants of docs/behaviour.md#toasts. */
export const TOAST_LIFE_MS = 3000;
export const TOAST_WIDTH = '25rem';
export const TOAST_OFFSET_PX = 20;
export const TOAST_SHOW = { durationMs: 300, easing: 'ease-out' } as const;
export const TOAST_HIDE = { durationMs: 250, easing: 'ease-in' } as const;
export const TOAST_POSITION = { vertical: 'top', horizontal: 'right' } as const;

/** The texts are fixed, the repeated title of the clear toast included (docs/behaviour.md#toasts). */
export const TOAST_TEXT = {
  itemAdded: 'Item added to Wishlist',
  wishlistEmptiedSummary: 'Item added to Wishlist',
  wishlistEmptiedDetail: 'Your wishlist has been emptied',
} as const;
