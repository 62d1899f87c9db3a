/**
 * Where the desk asks trusted code to apply the payment marks staff queued (docs/payments.md#payments-staff-record):
 * a Hosting rewrite to the allocateOrders function in production (firebase.json), `vite preview` on one machine. A
 * module of its own, importing nothing, so that the Vite config can share it.
 */
export const PAYMENT_MARKS_ENDPOINT = '/api/payments/apply';

/** Where the desk asks trusted code to apply the refunds staff queued (docs/payments.md#refunds); the same way. */
export const PAYMENT_REFUNDS_ENDPOINT = '/api/payments/refund';
