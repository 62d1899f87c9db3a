import { notify } from '../lib/toast/notifier';
import { MAX_QUANTITY, MAX_WISHLIST_ITEMS } from './cart';
import { STORAGE_KEY } from './persistence';
import { summarise } from './validation';
import { createPersistedStore, type AppStore } from './store';
import { createStore } from 'jotai';

const STORAGE_FAILURE_TEXT = {
  unavailable:
    'This browser is not letting the shop save anything, so your wishlist lasts only while this tab is open.',
  full: 'This device’s storage is full, so recent changes to your wishlist last only while this tab is open.',
} as const;

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
        notify({
          severity: 'warn',
          key: 'storage-failure',
          summary: 'Not saved on this device',
          detail: STORAGE_FAILURE_TEXT[failure],
          life: 8000,
        }),
      onRepaired: (problems) => console.warn(`Saved state was repaired: ${summarise(problems)}.`),
      // Said, not done silently: the visitor finds fewer than they saved (docs/behaviour.md#state-and-persistence).
      onQuantitiesCapped: (titles) =>
        notify({
          severity: 'warn',
          key: 'wishlist-capped',
          summary: 'Wishlist quantities lowered',
          detail:
            `${titles.length === 1 ? `“${titles[0]}” was` : `${titles.length} items were`} saved in a larger quantity ` +
            `than a wishlist holds: ${titles.length === 1 ? 'it is' : 'they are'} now ${MAX_QUANTITY}.`,
          life: 10_000,
        }),
      onWishlistTrimmed: (stored) =>
        notify({
          severity: 'warn',
          key: 'wishlist-trimmed',
          summary: 'Wishlist shortened',
          detail:
            `This device had ${stored.toLocaleString('en-GB')} wishlist items saved, more than a wishlist holds: ` +
            `the first ${MAX_WISHLIST_ITEMS} are kept.`,
          life: 10_000,
        }),
    });

export const appStore: AppStore = persisted?.store ?? createStore();

if (persisted) {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) persisted.receive(event.newValue);
  });
}
