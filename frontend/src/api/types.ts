/**
 * Shapes of the API answers the SPA reads (see /api/openapi.json). Money is integer paise:
 * show it with `formatPrice` from ../format.ts.
 */
import type { Role } from '../../../domain/actor.ts';
import type { DisplayStatus, Verification } from '../../../domain/catalog/status.ts';
import type { Paise } from '../../../domain/money.ts';
import type { ShippingAddress } from '../../../domain/order/events.ts';
import type { DeliveryMethod } from '../../../domain/order/options.ts';
import type { OrderStatus } from '../../../domain/order/status.ts';

export interface User {
  id: string;
  fullName: string;
  email: string;
  roles: Role[];
}

/** POST /auth/signup, POST /auth/signin */
export interface AuthResult {
  user: User;
}

/** GET /auth/me */
export interface Me {
  user: User | null;
}

/** POST /auth/forgot-password */
export interface Message {
  message: string;
}

export interface Category {
  id: string;
  name: string;
  description: string;
  /** Products of the category on sale. */
  productCount: number;
}

/** GET /categories, by name */
export interface CategoryList {
  items: Category[];
}

export interface CartLine {
  productId: string;
  quantity: number;
  product: {
    id: string;
    name: string;
    pricePaise: Paise;
    imageUrl: string | null;
    stockQuantity: number;
    /** False for a product delisted since it was added. */
    available: boolean;
  };
}

/** GET /cart */
export interface Cart {
  lines: CartLine[];
  /** Units in the cart: the header badge. */
  count: number;
  subtotalPaise: Paise;
}

/** POST /cart/items, PUT and DELETE /cart/items/{productId} */
export interface CartChange {
  cart: Cart;
  /** Log position of the change: pass it back as `?after=` to read your own write. */
  position: number;
}

/** POST /auth/roles: the user with the role added, and the toast to show. */
export interface RoleAdded {
  user: User;
  title: string;
  message: string;
  position: number;
}

/** A product as its seller sees it (GET /seller/products). */
export interface SellerProduct {
  id: string;
  sellerId: string;
  sellerName: string;
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  percentOff: number | null;
  categoryId: string;
  imageUrl: string | null;
  tags: string[];
  stockQuantity: number;
  verification: Verification;
  /** Why the admins rejected it; null unless rejected. */
  rejectionReason: string | null;
  featured: boolean;
  delisted: boolean;
  visible: boolean;
  displayStatus: DisplayStatus;
  rating: number | null;
  ratingCount: number;
  unitsSold: number;
  listedAt: string;
  updatedAt: string;
}

/** GET /seller/products: newest first, with the dashboard figures. */
export interface SellerProducts {
  items: SellerProduct[];
  stats: {
    total: number;
    active: number;
    inventoryValuePaise: Paise;
  };
}

/** POST, PATCH, DELETE /seller/products */
export interface ProductCommandResult {
  id: string;
  position: number;
}

/** POST /uploads */
export interface Uploaded {
  url: string;
}

/** A line of an order: the product as it was bought. */
export interface OrderLine {
  productId: string;
  name: string;
  pricePaise: Paise;
  quantity: number;
  imageUrl: string | null;
  sellerId: string;
  sellerName: string;
  categoryId: string;
}

/** GET /orders (the buyer's, newest first); the data of the live `order.changed`. */
export interface Order {
  id: string;
  buyerId: string;
  buyerName: string;
  lines: OrderLine[];
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

/** POST /orders/{id}/status */
export interface OrderChange {
  order: Order;
  position: number;
}

/** GET /orders/incoming: a seller's line of an order; the data of the live `order-line.added` and `order-line.changed`. */
export interface IncomingOrderLine extends OrderLine {
  /** `${orderId}:${productId}` */
  id: string;
  orderId: string;
  buyerId: string;
  buyerName: string;
  status: OrderStatus;
  placedAt: string;
  updatedAt: string;
}

/** A seller's notice of a new order; the data of the live `notification.added` and `notification.read`. */
export interface SellerNotification {
  id: string;
  orderId: string;
  title: string;
  /** The seller's lines of the order, one per line, and their total. */
  body: string;
  read: boolean;
  createdAt: string;
}

/** GET /notifications: newest first, and how many are unread in all. */
export interface NotificationList {
  items: SellerNotification[];
  unread: number;
}

/** A product on sale, as anyone sees it (GET /products, GET /products/{id}); the data of the live `product.added` and `product.changed`. */
export type PublicProduct = Omit<SellerProduct, 'rejectionReason'>;

/** GET /products: a page of the products on sale and how many match in all. */
export interface ProductList {
  items: PublicProduct[];
  total: number;
}

export interface Review {
  id: string;
  productId: string;
  buyerId: string;
  authorName: string;
  /** 1 to 5 */
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /products/{id}/reviews: newest first, with their count and average (to one decimal; null without reviews). */
export interface ReviewList {
  items: Review[];
  count: number;
  average: number | null;
}

/** GET /products/{id}/reviews/eligibility: what the review area shows, and the caller's own review, if any. */
export interface ReviewEligibility {
  state: 'login' | 'purchase' | 'allowed';
  review?: Review;
}

/** POST /products/{id}/reviews: the saved review and the toast to show. */
export interface ReviewSubmitted {
  review: Review;
  position: number;
  title: string;
  message: string;
}
