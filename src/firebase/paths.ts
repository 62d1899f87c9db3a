/**
 * Every database path the app reads, writes or follows, named once. What lives at each, and who may read or
 * write it, is in docs/data-model.md; the rules in database.rules.json use the same names.
 */
export const paths = {
  properties: 'properties',
  timezone: 'properties/timezone',
  currency: 'properties/currency',
  /** The categories' names in one of the shop's other languages (docs/languages.md#categories). */
  categoryNames: (language: string) => `properties/translations/${language}/categories`,
  /** How buyers may pay and each way's hold, as the organiser sets them (docs/payments.md). */
  paymentSettings: 'paymentSettings',
  /** Whether and how the shop charges tax, and its named rates (docs/taxes.md#settings). */
  taxSettings: 'taxSettings',
  products: 'products',
  product: (productId: string) => `products/${productId}`,
  productStock: (productId: string) => `products/${productId}/stock`,
  /** Shared capacity that types draw on (docs/data-model.md#types-and-quotas). */
  quotas: 'quotas',
  quotaLeft: (quotaId: string) => `quotas/${quotaId}/left`,
  users: 'users',
  user: (uid: string) => `users/${uid}`,
  userRole: (uid: string) => `users/${uid}/role`,
  orders: 'orders',
  ordersOf: (uid: string) => `orders/${uid}`,
  order: (uid: string, orderId: string) => `orders/${uid}/${orderId}`,
  orderStatus: (uid: string, orderId: string) => `orders/${uid}/${orderId}/status`,
  /** The order's payment summary, which only trusted code writes (docs/payments.md#an-orders-payment). */
  orderPay: (uid: string, orderId: string) => `orders/${uid}/${orderId}/pay`,
  /** The delivery state of one email of an order (docs/data-model.md#mailoutbox). */
  orderMail: (uid: string, orderId: string, messageId: string) => `orders/${uid}/${orderId}/mail/${messageId}`,
  /** Which order a reference names, and which order a secret link opens (trusted code and staff only). */
  orderRef: (ref: string) => `orderRefs/${ref}`,
  orderLink: (secret: string) => `orderLinks/${secret}`,
  outbox: 'mailOutbox',
  outboxMessage: (messageId: string) => `mailOutbox/${messageId}`,
  /** How much mail buyers' actions may still cause an address or an order (trusted code only). */
  mailBudget: (key: string) => `mailBudgets/${key}`,
  /** A buyer's one waiting order request, and the time of their last (docs/data-model.md#orderqueue-and-orderanswers). */
  orderRequest: (uid: string) => `orderQueue/${uid}`,
  orderRate: (uid: string) => `orderRate/${uid}`,
  orderAnswer: (uid: string, requestId: string) => `orderAnswers/${uid}/${requestId}`,
  openOrders: (uid: string) => `openOrders/${uid}`,
  openOrderSlot: (uid: string, slot: string) => `openOrders/${uid}/${slot}`,
  guestClaim: (guestUid: string) => `guestClaims/${guestUid}`,
  guestOrdersOf: (uid: string) => `guestOrders/${uid}`,
  guestOrderLink: (uid: string, guestUid: string) => `guestOrders/${uid}/${guestUid}`,
  /** Staff messages to everyone booked on an event (docs/email.md#a-message-to-everyone-booked). */
  eventMessages: 'eventMessages',
  eventMessage: (messageId: string) => `eventMessages/${messageId}`,
  messages: 'messages',
  message: (messageId: string) => `messages/${messageId}`,
  tickets: 'tickets',
  ticketsOf: (eventId: string) => `tickets/${eventId}`,
  ticket: (eventId: string, ticketId: string) => `tickets/${eventId}/${ticketId}`,
  ticketStatus: (eventId: string, ticketId: string) => `tickets/${eventId}/${ticketId}/status`,
  ticketCheckin: (eventId: string, ticketId: string) => `tickets/${eventId}/${ticketId}/checkin`,
  checkinsOf: (eventId: string) => `checkins/${eventId}`,
  checkin: (eventId: string, scanId: string) => `checkins/${eventId}/${scanId}`,
  /** The SDK's own view of the connection: the server clock's offset and whether it is connected now. */
  serverTimeOffset: '.info/serverTimeOffset',
  connected: '.info/connected',
} as const;
