export { MyOrders } from './MyOrders';
export { MyProfile } from './MyProfile';
export { OrderCard } from './OrderCard';
