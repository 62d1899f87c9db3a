/** The order model shared by checkout, the dashboard, the tickets and the tests, and the open-order slots. */
export { MAX_OPEN_ORDERS, OPEN_ORDERS_FULL, slotOf } from './openOrders';
export {
  ORDER_STATUSES,
  STATUS_LABELS,
  orderTotal,
  parseAllOrders,
  parseUserOrders,
  type NewOrder,
  type Order,
  type OrderLine,
  type OrderStatus,
  type StoredOrder,
  type WantedLine,
} from './order';
export { ALLOCATE_ENDPOINT, REQUEST_INTERVAL_MS, parseAnswer, requestRecord, type OrderAnswer } from './orderRequest';
