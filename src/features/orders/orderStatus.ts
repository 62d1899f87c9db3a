import type { MessageDescriptor } from '@lingui/core';

/** The staff's status of an order (docs/payments.md#the-order-lifecycle); its payment state is apart. */
export const ORDER_STATUSES = ['pending', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Each order status by name, in the reader's language (`i18n._`): the order page and the desk. */
export const STATUS_LABELS: Readonly<Record<OrderStatus, MessageDescriptor>> = {
  pending: /*i18n*/ { id: 'order.status.pending', message: 'Pending' },
  confirmed: /*i18n*/ { id: 'order.status.confirmed', message: 'Confirmed' },
  fulfilled: /*i18n*/ { id: 'order.status.fulfilled', message: 'Fulfilled' },
  cancelled: /*i18n*/ { id: 'order.status.cancelled', message: 'Cancelled' },
};
