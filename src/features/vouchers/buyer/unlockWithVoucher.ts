import type { createStore } from 'jotai';
import { unlockedProductsAtom } from '../../catalogue';
import { checkVoucher } from './checkVoucher';
import { keptVoucher } from './keptVoucher';

type Store = ReturnType<typeof createStore>;

/**
 * Shows what the voucher kept on this device unlocks (docs/vouchers.md#unlocking-a-hidden-type): a crew or press
 * ticket appears in the catalogue for its holder alone. Asked once at start-up, only when a code is kept; an answer
 * that does not come leaves the catalogue as everyone sees it.
 */
export async function unlockWithKeptVoucher(store: Store): Promise<void> {
  const code = keptVoucher();
  if (!code) return;
  try {
    const answer = await checkVoucher(code, {});
    if (answer.kind === 'ok') store.set(unlockedProductsAtom, new Set(answer.unlocks));
  } catch (error) {
    console.warn('What the kept voucher unlocks could not be asked:', error);
  }
}
