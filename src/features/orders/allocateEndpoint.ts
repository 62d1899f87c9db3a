/**
 * Where a buyer's app asks trusted code to settle the order queue now: a Hosting rewrite to the allocateOrders
 * function in production (firebase.json), `vite preview` on one machine (vite.config.ts). A module of its own,
 * importing nothing, so that the Vite config can share it.
 */
export const ALLOCATE_ENDPOINT = '/api/orders/allocate';

/** POST: the desk asks trusted code to apply the cancels staff queued (orderCancels.ts); the answer is in the database. */
export const ORDER_CANCEL_ENDPOINT = '/api/orders/cancel';
