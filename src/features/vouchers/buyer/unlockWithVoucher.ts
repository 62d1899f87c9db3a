import type { createStore } from 'jotai';
import { heldForMeAtom, unlockedProductsAtom } from '../../catalogue';
import { checkVoucher } from './checkVoucher';
import { keptVoucher } from './keptVoucher';

type Store = ReturnType<typeof createStore>;

/**
 * Shows what the voucher kept on this device unlocks (docs/vouchers.md#unlocking-a-hidden-type): a crew or press
 * ticket appears in the catalogue for its holder alone; and the places it holds for them
 * (docs/vouchers.md#holding-places), which the catalogue offers them though it is sold out to the public. Asked once at start-up, only when a code is kept; an answer
 * that does not come leaves the catalogue as everyone sees it.
 */
export async function unlockWithKeptVoucher(store: Store): Promise<void> {
  const code = keptVoucher();
  if (!code) return;
  try {
    const answer = await checkVoucher(code, {});
    if (answer.kind !== 'ok') return;
    store.set(unlockedProductsAtom, new Set(answer.unlocks));
    store.set(heldForMeAtom, new Map(Object.entries(answer.holds)));
  } catch (error) {
    console.warn('What the kept voucher unlocks could not be asked:', error);
  }
}
