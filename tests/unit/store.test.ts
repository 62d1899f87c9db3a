import { describe, expect, it, vi } from 'vitest';
import { cartAtom, rootAtom, siteAtom } from '../../src/state/atoms';
import { addItem } from '../../src/state/cart';
import { DEFAULT_STATE, STORAGE_KEY, encodeState } from '../../src/state/persistence';
import { createPersistedStore } from '../../src/state/store';
import { MemoryStorage } from './memoryStorage';

const item = { id: 'a', title: 'A', price: 2 };

function setUp(storage: MemoryStorage | null = new MemoryStorage()) {
  const onStorageFailure = vi.fn();
  const onRepaired = vi.fn();
  const persisted = createPersistedStore({ openStorage: () => storage, onStorageFailure, onRepaired });
  return { ...persisted, storage, onStorageFailure, onRepaired };
}

describe('persisted store', () => {
  it('restores the stored state at start', () => {
    const storage = new MemoryStorage();
    const state = { ...DEFAULT_STATE, cart: addItem(DEFAULT_STATE.cart, item) };
    storage.values.set(STORAGE_KEY, encodeState(state));
    const { store } = setUp(storage);
    expect(store.get(rootAtom)).toEqual(state);
  });

  it('saves the whole state after every change', () => {
    const { store, storage } = setUp();
    store.set(cartAtom, addItem(store.get(cartAtom), item));
    expect(JSON.parse(storage!.values.get(STORAGE_KEY)!)).toEqual({
      ...DEFAULT_STATE,
      cart: { products: [item], total: 2 },
    });
    store.set(siteAtom, { ...store.get(siteAtom), name: 'Renamed' });
    expect(JSON.parse(storage!.values.get(STORAGE_KEY)!).site.name).toBe('Renamed');
  });

  it('removes a corrupt value and starts from defaults', () => {
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEY, '{"cart": [');
    const { store, onRepaired } = setUp(storage);
    expect(store.get(rootAtom)).toEqual(DEFAULT_STATE);
    expect(storage.values.has(STORAGE_KEY)).toBe(false);
    expect(onRepaired).toHaveBeenCalledWith(['stored state is not valid JSON']);
  });

  it('writes a repaired value back at once', () => {
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEY, JSON.stringify({ cart: { products: [item], total: 2 } }));
    setUp(storage);
    expect(JSON.parse(storage.values.get(STORAGE_KEY)!)).toEqual({
      ...DEFAULT_STATE,
      cart: { products: [item], total: 2 },
    });
  });

  it('keeps working in memory and reports once when storage throws', () => {
    const storage = new MemoryStorage();
    storage.failReads = true;
    const { store, onStorageFailure } = setUp(storage);
    expect(store.get(rootAtom)).toEqual(DEFAULT_STATE);
    expect(onStorageFailure).toHaveBeenCalledWith('unavailable');
    expect(onStorageFailure).toHaveBeenCalledTimes(1);
  });

  it('keeps working in memory and reports once when there is no storage at all', () => {
    const { store, onStorageFailure } = setUp(null);
    store.set(cartAtom, addItem(store.get(cartAtom), item));
    store.set(cartAtom, addItem(store.get(cartAtom), { ...item, id: 'b' }));
    expect(store.get(cartAtom).products).toHaveLength(2);
    expect(onStorageFailure).toHaveBeenCalledTimes(1);
  });

  it('reports a full quota once, keeps the change in memory and saves again once there is room', () => {
    const storage = new MemoryStorage();
    const { store, onStorageFailure } = setUp(storage);
    storage.quotaBytes = 10;
    store.set(cartAtom, addItem(store.get(cartAtom), item));
    store.set(cartAtom, addItem(store.get(cartAtom), { ...item, id: 'b' }));
    expect(onStorageFailure).toHaveBeenCalledTimes(1);
    expect(onStorageFailure).toHaveBeenCalledWith('full');
    expect(store.get(cartAtom).products).toHaveLength(2);
    storage.quotaBytes = Number.POSITIVE_INFINITY;
    store.set(cartAtom, addItem(store.get(cartAtom), { ...item, id: 'c' }));
    expect(JSON.parse(storage.values.get(STORAGE_KEY)!).cart.products).toHaveLength(3);
  });

  it('takes a change made in another tab without writing it back', () => {
    const { store, storage, receive } = setUp();
    const writes = storage!.writes;
    const other = encodeState({ ...DEFAULT_STATE, cart: addItem(DEFAULT_STATE.cart, item) });
    storage!.values.set(STORAGE_KEY, other);
    receive(other);
    expect(store.get(cartAtom).products).toEqual([item]);
    expect(storage!.writes).toBe(writes);
  });

  it('ignores a corrupt or cleared value from another tab', () => {
    const { store, receive } = setUp();
    store.set(cartAtom, addItem(store.get(cartAtom), item));
    receive('{oops');
    receive(null);
    expect(store.get(cartAtom).products).toEqual([item]);
  });
});
