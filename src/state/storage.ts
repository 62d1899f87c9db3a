/** The part of the Web Storage API we use, so that the browser's can be swapped for another in unit tests. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type StorageFailure = 'unavailable' | 'full';

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

/**
 * One named key in local storage that never throws: private modes, disabled storage and full quotas are
 * reported once through onFailure, and the app carries on in memory.
 */
export class StorageSlot {
  private reported = false;

  constructor(
    private readonly openStorage: () => StorageLike | null,
    readonly key: string,
    private readonly onFailure: (failure: StorageFailure) => void,
  ) {}

  private fail(failure: StorageFailure): void {
    if (this.reported) return;
    this.reported = true;
    this.onFailure(failure);
  }

  private storage(): StorageLike | null {
    try {
      const storage = this.openStorage();
      if (!storage) this.fail('unavailable');
      return storage;
    } catch {
      this.fail('unavailable');
      return null;
    }
  }

  read(): string | null {
    try {
      return this.storage()?.getItem(this.key) ?? null;
    } catch {
      this.fail('unavailable');
      return null;
    }
  }

  /** Returns whether the value was stored. */
  write(value: string): boolean {
    const storage = this.storage();
    if (!storage) return false;
    try {
      storage.setItem(this.key, value);
      return true;
    } catch (error) {
      this.fail(isQuotaError(error) ? 'full' : 'unavailable');
      return false;
    }
  }

  remove(): void {
    try {
      this.storage()?.removeItem(this.key);
    } catch {
      this.fail('unavailable');
    }
  }
}
