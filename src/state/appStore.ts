import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { needMessages } from '../i18n/catalogues';
import { notify } from '../lib/toast/notifier';
import type { ToastMessage } from '../lib/toast/types';
import { MAX_QUANTITY, MAX_WISHLIST_ITEMS } from './cart';
import { STORAGE_KEY } from './persistence';
import { summarise } from './validation';
import { createPersistedStore, type AppStore } from './store';
import { createStore } from 'jotai';

/**
 * Raises a toast once a language is spoken: the store is made, and may find trouble in what was saved, before any
 * language's messages are loaded (docs/languages.md). `notice` is asked for then, so it is in that language.
 */
function sayOnceSpoken(notice: () => ToastMessage): void {
  void needMessages('start').then(() => notify(notice()));
}

/**
 * The app's one Jotai store, restored from and saved to localStorage["state"], shared by every tab. The server
 * bundle (src/ssr) has no device to restore from: each of its renders makes a store of its own, and this one
 * stays empty there.
 */
const persisted = import.meta.env.SSR
  ? null
  : createPersistedStore({
      openStorage: () => window.localStorage,
      onStorageFailure: (failure) =>
        sayOnceSpoken(() => ({
          severity: 'warn',
          key: 'storage-failure',
          summary: t`Not saved on this device`,
          detail:
            failure === 'full'
              ? t`This device’s storage is full, so recent changes to your wishlist last only while this tab is open.`
              : t`This browser is not letting the shop save anything, so your wishlist lasts only while this tab is open.`,
          life: 8000,
        })),
      onRepaired: (problems) => console.warn(`Saved state was repaired: ${summarise(problems)}.`),
      // Said, not done silently: the visitor finds fewer than they saved (docs/behaviour.md#state-and-persistence).
      onQuantitiesCapped: (titles) =>
        sayOnceSpoken(() => {
          const [title = ''] = titles;
          const count = titles.length;
          return {
            severity: 'warn',
            key: 'wishlist-capped',
            summary: t`Wishlist quantities lowered`,
            detail:
              count === 1
                ? t`“${title}” was saved in a larger quantity than a wishlist holds: it is now ${MAX_QUANTITY}.`
                : plural(count, {
                    one: `# item was saved in a larger quantity than a wishlist holds: it is now ${MAX_QUANTITY}.`,
                    other: `# items were saved in a larger quantity than a wishlist holds: they are now ${MAX_QUANTITY}.`,
                  }),
            life: 10_000,
          };
        }),
      onWishlistTrimmed: (stored) =>
        sayOnceSpoken(() => {
          const saved = stored.toLocaleString(i18n.locale);
          return {
            severity: 'warn',
            key: 'wishlist-trimmed',
            summary: t`Wishlist shortened`,
            detail: t`This device had ${saved} wishlist items saved, more than a wishlist holds: the first ${MAX_WISHLIST_ITEMS} are kept.`,
            life: 10_000,
          };
        }),
    });

export const appStore: AppStore = persisted?.store ?? createStore();

if (persisted) {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) persisted.receive(event.newValue);
  });
}
