/**
 * The order model shared by checkout, the dashboard, the tickets and the tests, the open-order slots, and how a
 * buyer asks trusted code for an order.
 */
export { MAX_OPEN_ORDERS, OPEN_ORDERS_FULL, slotOf } from './openOrders';
export {
  ORDER_STATUSES,
  STATUS_LABELS,
  heldLine,
  heldLines,
  lineTicketNumbers,
  orderLines,
  orderTotal,
  parseOrder,
  parseUserOrders,
  type NewOrder,
  type Order,
  type OrderLine,
  type OrderStatus,
  type StoredOrder,
  type WantedLine,
} from './order';
export { ALLOCATE_ENDPOINT } from './allocateEndpoint';
export { displayReference, normaliseReference, referenceOrId } from './orderReference';
export { readDeskDetails, type DeskDetails } from './deskDetails';
export { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT } from './orderLink';
export { mailLabel, queuedMail, type MailDelivery } from './orderMail';
export {
  REQUEST_INTERVAL_MS,
  parseAnswer,
  requestRecord,
  type AttendeeNames,
  type OrderAnswer,
  type RequestChoices,
} from './orderRequest';
export {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_TERMS,
  offeredMethods,
  parsePaymentSettings,
  type PaymentMethod,
  type PaymentSettings,
} from './paymentSettings';
export {
  METHOD_LABELS,
  PAY_STATES,
  PAY_STATE_LABELS,
  balanceDue,
  liveTicketStatus,
  parseOrderPayment,
  type OrderPayment,
  type PayState,
} from './orderPayment';
export {
  deskKey,
  deskPaths,
  deskStatusWrites,
  parseDeskEntry,
  parseDeskEventEntry,
  searchKey,
  statusKey,
  timeKey,
  type DeskEntry,
  type DeskEventEntry,
} from './deskIndex';
export {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  bookedMessageText,
  bookedRecipients,
  messageParagraphs,
  messageProblem,
  parseBookedMessage,
  type BookedMessage,
  type BookedOrder,
  type MessageWords,
} from './bookedMessage';
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
  cardCharge,
  parseRefundOutcome,
  parseRefunds,
  refundOutcomeMessage,
  refundPaths,
  refundRequestRecord,
  refundable,
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
export { readStatement, statementColumns, type ColumnMapping, type ReadStatement } from './bankStatement';
export {
  APPLIED_VERDICTS,
  VERDICTS,
  VERDICT_LABELS,
  matchStatement,
  statementMarkId,
  verdictCounts,
  type MatchedLine,
  type RefTarget,
} from './statementMatch';
