import type { Data, server } from '../../api/client.ts';

/** A purchase as its buyer sees it (GET /orders, newest first): every line, each seller's part; the data of the live `order.changed`. */
export type Order = Data<typeof server.orders.$get>[number];

/** One seller's part of a purchase, as the purchase shows it: its seller, subtotal, status, history and returns. */
export type OrderPart = Order['sellerOrders'][number];

/** A buyer's request to send back items of a delivered part, and the seller's answer. */
export type OrderReturn = OrderPart['returns'][number];

/** A seller order as its seller sees it (GET /seller-orders): its own lines, the buyer and where to ship; the data of the live `seller-order.changed`. */
export type SellerOrder = Data<(typeof server)['seller-orders']['$get']>[number];

/** What a command on a seller order answers: the seller order after it, and the log position it reached. */
export type SellerOrderChange = Data<(typeof server)['seller-orders'][':id']['status']['$post']>;

/** A buyer's notice of their orders (GET /orders/notifications); among the data of the live `buyer-notification.changed`. */
export type OrderNotice = Data<typeof server.orders.notifications.$get>['items'][number];
