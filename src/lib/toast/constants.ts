import { t } from '@lingui/core/macro';

/** The toast constants of docs/behaviour.md#toasts. */
export const TOAST_LIFE_MS = 3000;
export const TOAST_WIDTH = '25rem';
export const TOAST_OFFSET_PX = 20;
export const TOAST_SHOW = { durationMs: 300, easing: 'ease-out' } as const;
export const TOAST_HIDE = { durationMs: 250, easing: 'ease-in' } as const;
export const TOAST_POSITION = { vertical: 'top', horizontal: 'right' } as const;
export const TOAST_MAX_ON_SCREEN = 4;
/**
 * On a phone (narrower than 600px) toasts keep clear of the banner and of a full-screen dialog's title bar, and
 * at most two show at once, so they never hide the controls up there nor a third of the screen.
 */
export const TOAST_PHONE = { media: '(max-width: 599.95px)', gapBelowBannerPx: 8, maxOnScreen: 2 } as const;

/**
 * The texts are fixed in English, the repeated title of the clear toast included (docs/behaviour.md#toasts).
 * Made when shown, in the language spoken then; the clear toast's title has a context of its own, so that other
 * languages can say what happened rather than repeat the English quirk (docs/languages.md).
 */
export function toastText() {
  return {
    itemAdded: t`Item added to Wishlist`,
    wishlistEmptiedSummary: t({ message: 'Item added to Wishlist', context: 'the wishlist was emptied' }),
    wishlistEmptiedDetail: t`Your wishlist has been emptied`,
  };
}
