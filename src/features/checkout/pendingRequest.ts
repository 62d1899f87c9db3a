import { StorageSlot } from '../../state/storage';

/**
 * The id of the order request this browser is waiting for an answer to, kept across reloads: a buyer who reloads
 * while in line keeps their place and still gets their answer (docs/behaviour.md#the-on-sale-rush).
 */
// The persisted root state already tells the user once when this browser's storage fails.
const slot = new StorageSlot(
  () => window.localStorage,
  'order-request',
  () => undefined,
);

const ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The request waited for, or null; anything else stored under the key is not one of ours and is ignored. */
export function pendingRequest(): string | null {
  const stored = slot.read();
  return stored !== null && ID.test(stored) ? stored : null;
}

export function rememberRequest(id: string): void {
  slot.write(id);
}

export function forgetRequest(): void {
  slot.remove();
}
