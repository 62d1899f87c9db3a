/**
 * What other features may use of payments' screens (docs/payments.md): an order's payment as its buyer reads it,
 * the organiser's live payment settings, and the staff's payment screens that the dashboard's rooms show. The pure
 * money model, shared with trusted code, is `./model` and has an index of its own.
 */
export { paymentSettingsAtom } from './paymentSettingsState';
export { OrderPaymentSummary } from './buyer/OrderPaymentSummary';
export { checkCardPayment, returningSecret } from './buyer/cardPayment';
export { queueMark } from './desk/markRequests';
export { PaymentsEditor } from './desk/PaymentsEditor';
export { useMinorMoney } from './desk/orderMoney';
export { OrderPayments } from './desk/OrderPayments';
export { RefundDialog } from './desk/RefundDialog';
