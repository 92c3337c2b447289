/** What other features use of the orders: the buyer's list and notices, the parts of an order card, moving seller orders and deciding returns. */
export { CancelPartDialog } from './CancelPartDialog.tsx';
export { DecideReturnDialog } from './DecideReturnDialog.tsx';
export { MoveDialog, moveConsequence } from './MoveDialog.tsx';
export { OrderHeading, OrderMoves } from './OrderHeading.tsx';
export { OrderList } from './OrderList.tsx';
export { OrderNotices } from './OrderNotices.tsx';
export { OrderTotal } from './OrderTotal.tsx';
export {
  type ForwardStatus,
  type StatusChange,
  amountSpent,
  cancelReasonSchema,
  changePartStatus,
  decideReturn,
  orderLabel,
  partLabel,
  undoPartStatus,
} from './orders.ts';
export { type PaymentStart, goToPaymentPage, payAgain } from './payment.ts';
export { ReturnList, returnLabel, returnValue } from './ReturnList.tsx';
export { UndoMove } from './UndoMove.tsx';
export type { Order, OrderPart, OrderReturn, SellerOrder, SellerOrderChange } from './types.ts';
