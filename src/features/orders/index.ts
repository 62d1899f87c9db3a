/**
 * The order model shared by checkout, the dashboard, the tickets and the tests, the open-order slots, and how a
 * buyer asks trusted code for an order.
 */
export { MAX_OPEN_ORDERS, OPEN_ORDERS_FULL, slotOf } from './openOrders';
export {
  heldLine,
  heldLines,
  lineTicketNumbers,
  orderLines,
  orderTotal,
  parseOrder,
  parseOrderVoucher,
  parseUserOrders,
  type NewOrder,
  type Order,
  type OrderLine,
  type OrderVoucher,
  type StoredOrder,
  type WantedLine,
} from './order';
export { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from './orderStatus';
export {
  BILLING_COUNTRIES,
  BILLING_LIMITS,
  billingDetails,
  billingVatProblem,
  parseBillingDetails,
  type BillingDetails,
} from './billing';
export { ALLOCATE_ENDPOINT, ORDER_CANCEL_ENDPOINT } from './allocateEndpoint';
export { cancelPaths, cancelRequestRecord, parseCancelOutcome, type CancelOutcome } from './orderCancels';
export { displayReference, normaliseReference, referenceOrId } from './orderReference';
export { readDeskDetails, type DeskDetails } from './deskDetails';
export { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT, orderPageUrl } from './orderLink';
export { mailLabel, queuedMail, type MailDelivery } from './orderMail';
export {
  ALLOCATOR_UID,
  REQUEST_INTERVAL_MS,
  parseAnswer,
  requestRecord,
  type AttendeeNames,
  type OrderAnswer,
  type RequestChoices,
} from './orderRequest';
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
