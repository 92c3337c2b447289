/** What other features use of the orders: the buyer's list, the parts of an order card, cancelling and moving an order. */
export { CancelOrderDialog } from './CancelOrderDialog.tsx';
export { OrderHeading, OrderMoves } from './OrderHeading.tsx';
export { OrderList } from './OrderList.tsx';
export { type ForwardStatus, type StatusChange, changeOrderStatus, orderLabel } from './orders.ts';
export type { Order } from './types.ts';
