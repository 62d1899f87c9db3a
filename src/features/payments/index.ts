/**
 * What other features may use of payments: the settings the organiser chooses and an order's payment summary. Pure
 * modules only, as trusted code shares them (docs/payments.md).
 */
export {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_TERMS,
  offeredMethods,
  parsePaymentSettings,
  type PaymentMethod,
  type PaymentSettings,
} from './paymentSettings';
export { METHOD_LABELS, PAY_STATE_LABELS, balanceDue, parseOrderPayment, type OrderPayment } from './orderPayment';
