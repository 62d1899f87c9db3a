import type { StorageLike } from '../../src/state/storage';

/** Web Storage stand-in for unit tests, with switches for the failures browsers produce. */
export class MemoryStorage implements StorageLike {
  readonly values = new Map<string, string>();
  failReads = false;
  quotaBytes = Number.POSITIVE_INFINITY;
  writes = 0;

  getItem(key: string): string | null {
    if (this.failReads) throw new DOMException('The operation is insecure.', 'SecurityError');
    return this.values.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (value.length > this.quotaBytes) throw new DOMException('Quota exceeded', 'QuotaExceededError');
    this.writes += 1;
    this.values.set(key, value);
  }

  removeItem(key: string): void {
    this.values.delete(key);
  }
}
