/**
 * The pure money model, shared whole with trusted code (functions/src/payments/) and with the app: the organiser's
 * payment settings, an order's payment summary, payment and refund records and their ledger, amounts, bank
 * statements and their matching (docs/payments.md). Nothing here touches the browser.
 */
export {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_TERMS,
  offeredMethods,
  methodsFor,
  parsePaymentSettings,
  type PaymentMethod,
  type PaymentSettings,
} from './paymentSettings';
export {
  METHOD_LABELS,
  PAY_STATES,
  PAY_STATE_LABELS,
  balanceDue,
  parseOrderPayment,
  type OrderPayment,
  type StoredOrderPayment,
  type PayState,
} from './orderPayment';
export {
  CARD_PAYMENT_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
} from './paymentEndpoint';
export {
  REFUND_NOTE_MAX,
  REFUND_STATE_LABELS,
  REFUND_WAY_LABELS,
  payingGiftCard,
  cardCharge,
  parseRefundOutcome,
  parseRefunds,
  refundOutcomeMessage,
  refundPaths,
  refundRequestRecord,
  owedBack,
  proposedRefund,
  refundable,
  type NewRefund,
  type RefundOutcome,
  type RefundWay,
} from './refundRecords';
export { HOLDS_JOB_PATH, paymentPaths, parseHoldsJobRun, parseMarkOutcome, type MarkOutcome } from './paymentRecords';
export {
  MARK_NOTE_MAX,
  markRecord,
  outcomeMessage,
  parsePayments,
  PAYMENT_STATE_NOTES,
  type MarkMethod,
} from './paymentLedger';
export { amountText, parseAmountInput } from './paymentAmount';
export { moneyByWay, moneyMoved, moneyMovedCsv, type MoneyWay, type WayTotal } from './moneyMoved';
export { readStatement, statementColumns, type ColumnMapping, type ReadStatement } from './bankStatement';
export type { DateOrder } from './statementDates';
export {
  APPLIED_VERDICTS,
  ASKED_VERDICTS,
  VERDICTS,
  VERDICT_LABELS,
  matchStatement,
  partKey,
  statementMarkId,
  verdictCounts,
  type LineTarget,
  type MatchedLine,
  type RefTarget,
} from './statementMatch';
