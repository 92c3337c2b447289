/**
 * The read models: collection names and document shapes shared by the projections that
 * write them and the routes that read them. Money in paise, times ISO-8601 UTC.
 */
import type { Role } from '../domain/actor.ts';
import type { DisplayStatus, Verification } from '../domain/catalog/status.ts';
import type { Paise } from '../domain/money.ts';
import type { OrderStatus } from '../domain/order/status.ts';
import type { DeliveryMethod } from '../domain/order/options.ts';
import type { OrderLine, ShippingAddress } from '../domain/order/events.ts';
import type { Doc } from '../platform/readstore/port.ts';

export const COLLECTIONS = {
  users: 'users',
  products: 'products',
  categories: 'categories',
  orders: 'orders',
  orderLines: 'order_lines',
  deliveredPurchases: 'delivered_purchases',
  reviews: 'reviews',
  notifications: 'notifications',
} as const;

/** projections/users.ts */
export interface UserDoc extends Doc {
  fullName: string;
  email: string;
  emailNormalized: string;
  roles: Role[];
  registeredAt: string;
}

/** projections/catalog.ts: every product ever listed, delisted ones included (flagged). */
export interface ProductDoc extends Doc {
  sellerId: string;
  sellerName: string;
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  /** percentOff(price, original), null without a discount. */
  percentOff: number | null;
  categoryId: string;
  imageUrl: string | null;
  tags: string[];
  stockQuantity: number;
  verification: Verification;
  rejectionReason: string | null;
  featured: boolean;
  delisted: boolean;
  /** The seller's badge: an admin verified the seller. */
  sellerVerified: boolean;
  /** An admin suspended the seller: the product is out of the catalog until they are reinstated. */
  sellerSuspended: boolean;
  /** Verified, not delisted, its seller not suspended: shown in the public catalog. */
  visible: boolean;
  displayStatus: DisplayStatus;
  ratingCount: number;
  /** Sum of the ratings, so the average is exact: ratingSum / ratingCount. */
  ratingSum: number;
  /** Average rating rounded to one decimal, null without reviews. */
  rating: number | null;
  /** Units in orders not cancelled: the popularity sort. */
  unitsSold: number;
  listedAt: string;
  updatedAt: string;
}

/** projections/catalog.ts */
export interface CategoryDoc extends Doc {
  name: string;
  description: string;
  /** Visible products in the category. */
  productCount: number;
}

/** projections/orders.ts */
export interface OrderDoc extends Doc {
  buyerId: string;
  buyerName: string;
  lines: OrderLine[];
  /** Distinct sellers of the lines, for the seller's access check. */
  sellerIds: string[];
  shippingAddress: ShippingAddress;
  delivery: DeliveryMethod;
  payment: 'cod';
  subtotalPaise: Paise;
  deliveryChargePaise: Paise;
  totalPaise: Paise;
  status: OrderStatus;
  cancelReason: string | null;
  placedAt: string;
  updatedAt: string;
  history: Array<{ status: OrderStatus; at: string; by: string }>;
}

/** projections/orders.ts: one per order line, for the seller's incoming orders. Id `${orderId}:${productId}`. */
export interface OrderLineDoc extends Doc, OrderLine {
  orderId: string;
  buyerId: string;
  buyerName: string;
  status: OrderStatus;
  placedAt: string;
  updatedAt: string;
}

/** projections/orders.ts: a buyer who received a product may review it. Id `${buyerId}:${productId}`. */
export interface DeliveredPurchaseDoc extends Doc {
  buyerId: string;
  productId: string;
  orderId: string;
  deliveredAt: string;
}

/** projections/reviews.ts. Id `${productId}:${buyerId}`. */
export interface ReviewDoc extends Doc {
  productId: string;
  buyerId: string;
  authorName: string;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
}

/** projections/notifications.ts */
export interface NotificationDoc extends Doc {
  sellerId: string;
  orderId: string;
  title: string;
  body: string;
  read: boolean;
  createdAt: string;
}
