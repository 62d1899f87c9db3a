export { OrdersDesk } from './OrdersDesk';
