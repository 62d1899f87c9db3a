import type { MessageDescriptor } from '@lingui/core';
import { isRecord } from '../../state/validation';

/**
 * An account's open-order slots (openOrders/{uid} in the database): each holds the id of one order that is not
 * yet fulfilled or cancelled. The rules allow exactly these three, so an account holds at most three open orders
 * (docs/security.md).
 */
const OPEN_ORDER_SLOTS = ['a', 'b', 'c'] as const;
export const MAX_OPEN_ORDERS = OPEN_ORDER_SLOTS.length;

/** Why an account that holds the most open orders cannot order, in the reader's language (`i18n._`). */
export const OPEN_ORDERS_FULL: MessageDescriptor = /*i18n*/ {
  id: 'orders.openOrdersFull',
  message:
    'You already have {count} orders waiting to be paid or collected, the most one account can hold. You can order again once the shop has marked one as fulfilled or cancelled; your wishlist is unchanged.',
  values: { count: MAX_OPEN_ORDERS },
};

/** The first free slot in the stored value of openOrders/{uid}, or null when all are taken. */
export function freeSlot(slots: unknown): string | null {
  const taken = isRecord(slots) ? slots : {};
  return OPEN_ORDER_SLOTS.find((slot) => typeof taken[slot] !== 'string') ?? null;
}

/** The slot that holds `orderId`, or null. */
export function slotOf(slots: unknown, orderId: string): string | null {
  if (!isRecord(slots)) return null;
  return OPEN_ORDER_SLOTS.find((slot) => slots[slot] === orderId) ?? null;
}
