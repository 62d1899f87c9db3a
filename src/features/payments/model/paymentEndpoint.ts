/**
 * Where the desk asks trusted code to apply the payment marks staff queued (docs/payments.md#payments-staff-record),
 * the card flow's endpoints, and the order page's other requests of the allocator's identity:
 * a Hosting rewrite to the allocateOrders function in production (firebase.json), `vite preview` on one machine. A
 * module of its own, importing nothing, so that the Vite config can share it.
 */
export const PAYMENT_MARKS_ENDPOINT = '/api/payments/apply';
/** POST {secret, action: 'pay' | 'check'}: the order page's "Pay by card", and its check on the buyer's return. */
export const CARD_PAYMENT_ENDPOINT = '/api/payments/card';
/** POST {secret, method}: the order page's "Pay another way" (docs/payments.md#paying-another-way). */
export const PAYMENT_METHOD_ENDPOINT = '/api/payments/method';
/** POST {secret, event, ticket, name}: the order page's "Change name" on a ticket (docs/tickets-and-check-in.md#correcting-a-name). */
export const TICKET_HOLDER_ENDPOINT = '/api/tickets/holder';
/** POST, from the card provider: its signed events (docs/payments.md#card-payments). */
export const CARD_WEBHOOK_ENDPOINT = '/api/payments/card/webhook';

/** Where the desk asks trusted code to apply the refunds staff queued (docs/payments.md#refunds); the same way. */
export const PAYMENT_REFUNDS_ENDPOINT = '/api/payments/refund';
