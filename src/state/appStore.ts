import { notify } from '../lib/toast/notifier';
import { STORAGE_KEY } from './persistence';
import { createPersistedStore } from './store';

const STORAGE_FAILURE_TEXT = {
  unavailable: 'This browser is not letting the shop save anything, so your wishlist lasts only while this tab is open.',
  full: 'This device’s storage is full, so recent changes to your wishlist last only while this tab is open.',
} as const;

/** The app's one Jotai store, restored from and saved to localStorage["state"], shared by every tab. */
const persisted = createPersistedStore({
  openStorage: () => window.localStorage,
  onStorageFailure: (failure) =>
    notify({ severity: 'warn', key: 'storage-failure', summary: 'Not saved on this device', detail: STORAGE_FAILURE_TEXT[failure], life: 8000 }),
  onRepaired: (problems) => console.warn(`Saved state was repaired: ${problems.join('; ')}.`),
});

export const appStore = persisted.store;

window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY) persisted.receive(event.newValue);
});
