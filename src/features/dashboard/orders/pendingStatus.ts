import { select, t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { appStore } from '../../../state/appStore';
import type { DeskEntry, OrderStatus } from '../../orders';
import { saveQuickly } from '../../dashboardKit';
import { setOrderStatus } from './orderData';
import { STATUS_UNDO_MS } from './statusUndo';

/** A confirmed status change: waiting out its undo time, then being written (no undo any more). */
export interface PendingStatus {
  status: OrderStatus;
  saving: boolean;
}

/** Status changes confirmed and not yet written, by desk row key. */
export const pendingStatusAtom = atom<ReadonlyMap<string, PendingStatus>>(new Map());

function put(key: string, pending: PendingStatus | null): void {
  const next = new Map(appStore.get(pendingStatusAtom));
  if (pending) next.set(key, pending);
  else next.delete(key);
  appStore.set(pendingStatusAtom, next);
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();

function settle(key: string): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  put(key, null);
}

/**
 * Sets the order's status once the undo time has passed, unless undone. Kept outside the row, so it goes ahead
 * when staff page on or leave the desk; closing the tab before then writes and sends nothing.
 */
export function scheduleStatus(key: string, entry: DeskEntry, status: OrderStatus, reference: string): void {
  settle(key);
  put(key, { status, saving: false });
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      put(key, { status, saving: true });
      void saveQuickly(
        () => setOrderStatus(key, entry, status),
        t`Order ${reference} is now ${select(status, {
          pending: 'pending',
          confirmed: 'confirmed',
          fulfilled: 'fulfilled',
          other: 'cancelled',
        })}.`,
      ).finally(() => settle(key));
    }, STATUS_UNDO_MS),
  );
}

/** Drops a change still waiting out its undo time; one already being written goes ahead. */
export function undoStatus(key: string): void {
  if (timers.has(key)) settle(key);
}
