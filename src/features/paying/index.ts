/**
 * What other features may use of paying, the app's side of payments (the pure model is in features/orders/, shared with trusted code): the
 * organiser's live payment settings, and an order's payment as its buyer reads it.
 */
export { paymentSettingsAtom } from './paymentSettingsState';
export { OrderPaymentSummary } from './OrderPaymentSummary';
export { newMarkId, queueMark } from './paymentMarks';
export { checkCardPayment, returningSecret } from './cardPayment';
export { newRefundId, queueRefund } from './refundRequests';
