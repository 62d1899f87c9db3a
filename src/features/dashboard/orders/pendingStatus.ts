import { select, t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { appStore } from '../../../state/appStore';
import type { DeskEntry, OrderStatus } from '../../orders';
import { saveQuickly, SaveRefused } from '../../dashboardKit';
import { cancelOrder, setOrderStatus } from './orderData';
import { STATUS_UNDO_MS } from './statusUndo';

/** A confirmed status change: waiting out its undo time, then being written (no undo any more). */
export interface PendingStatus {
  status: OrderStatus;
  saving: boolean;
}

/** Status changes confirmed and not yet written, by desk row key. */
export const pendingStatusAtom = atom<ReadonlyMap<string, PendingStatus>>(new Map());

/** Orders just cancelled that have money to give back, by desk row key: their row proposes a refund. */
export const refundProposalsAtom = atom<ReadonlySet<string>>(new Set<string>());

/** The proposal of row `key` answered (refunded or declined). */
export function dropRefundProposal(key: string): void {
  const next = new Set(appStore.get(refundProposalsAtom));
  next.delete(key);
  appStore.set(refundProposalsAtom, next);
}

/**
 * Cancels through trusted code, then says what happened: an order with money paid and not given back is proposed a
 * refund; one trusted code has not answered for yet is said to follow.
 */
function cancel(key: string, entry: DeskEntry, reference: string): Promise<boolean> {
  let queued = false;
  return saveQuickly(
    async () => {
      const outcome = await cancelOrder(entry);
      queued = outcome === 'queued';
      if (outcome === 'queued') return;
      if (outcome.kind === 'not-found' || outcome.kind === 'invalid') throw new Error(`cancel ${key}: ${outcome.kind}`);
      if (outcome.kind === 'gift-card-spent') {
        throw new SaveRefused(
          t`Order ${reference} is not cancelled: a gift card it issued has already been spent, in whole or in part. Refund what is owed without cancelling.`,
        );
      }
      if (outcome.kind === 'cancelled' && outcome.refund > 0) {
        appStore.set(refundProposalsAtom, new Set(appStore.get(refundProposalsAtom)).add(key));
      }
    },
    () =>
      queued
        ? t`Order ${reference} will be cancelled as soon as the shop's server answers; its places come back then.`
        : t`Order ${reference} is now cancelled.`,
  );
}

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
      const saving =
        status === 'cancelled'
          ? cancel(key, entry, reference)
          : saveQuickly(
              () => setOrderStatus(key, entry, status),
              t`Order ${reference} is now ${select(status, {
                pending: 'pending',
                confirmed: 'confirmed',
                other: 'fulfilled',
              })}.`,
            );
      void saving.finally(() => settle(key));
    }, STATUS_UNDO_MS),
  );
}

/** Drops a change still waiting out its undo time; one already being written goes ahead. */
export function undoStatus(key: string): void {
  if (timers.has(key)) settle(key);
}
