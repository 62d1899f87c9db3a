import { createStore } from 'jotai';
import { rootAtom } from './atoms';
import { STORAGE_KEY, decodeState, encodeState } from './persistence';
import { StorageSlot, type StorageFailure, type StorageLike } from './storage';

export type AppStore = ReturnType<typeof createStore>;

export interface PersistedStoreOptions {
  openStorage: () => StorageLike | null;
  onStorageFailure: (failure: StorageFailure) => void;
  onRepaired?: (problems: string[]) => void;
  /** Called with the number of stored wishlist items when there were more than a wishlist holds. */
  onWishlistTrimmed?: (stored: number) => void;
  /** Stored quantities above what one item may have were lowered: the titles, to tell the visitor. */
  onQuantitiesCapped?: (titles: string[]) => void;
}

export interface PersistedStore {
  store: AppStore;
  /** Takes a value another tab wrote under the same key (the `storage` event's newValue). */
  receive(serialized: string | null): void;
}

/**
 * A Jotai store whose root is restored from storage at creation and saved after every change. Unusable stored
 * data is repaired or removed on the spot, so the next start sees clean data.
 */
export function createPersistedStore(options: PersistedStoreOptions): PersistedStore {
  const slot = new StorageSlot(options.openStorage, STORAGE_KEY, options.onStorageFailure);
  const decoded = decodeState(slot.read());
  if (decoded.problems.length > 0) options.onRepaired?.(decoded.problems);
  if (decoded.wishlistOverflow) options.onWishlistTrimmed?.(decoded.wishlistOverflow);
  if (decoded.quantitiesCapped) options.onQuantitiesCapped?.(decoded.quantitiesCapped);
  if (decoded.status === 'corrupt') slot.remove();

  const store = createStore();
  store.set(rootAtom, decoded.state);

  // What storage holds now, as far as we know: saving the same text again would be wasted work and, for a
  // value that just came from another tab, an echo.
  let synced = decoded.status === 'ok' ? encodeState(decoded.state) : null;
  const save = () => {
    const serialized = encodeState(store.get(rootAtom));
    if (serialized === synced) return;
    if (slot.write(serialized)) synced = serialized;
  };
  if (decoded.status === 'repaired') save();
  store.sub(rootAtom, save);

  return {
    store,
    receive(serialized) {
      // A cleared key in another tab is not a reason to drop this tab's state; it will be written back on the
      // next change.
      if (serialized === null || serialized === synced) return;
      const incoming = decodeState(serialized);
      if (incoming.status === 'corrupt') return;
      synced = serialized;
      store.set(rootAtom, incoming.state);
    },
  };
}
