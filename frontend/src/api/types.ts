/**
 * Shapes of the API answers the SPA reads (see /api/openapi.json). Money is integer paise:
 * show it with `formatPrice` from ../format.ts.
 */
import type { Role } from '../../../domain/actor.ts';
import type { DisplayStatus, Verification } from '../../../domain/catalog/status.ts';
import type { Paise } from '../../../domain/money.ts';
import type { OrderLine, ShippingAddress } from '../../../domain/order/events.ts';
import type { DeliveryMethod } from '../../../domain/order/options.ts';
import type { OrderStatus } from '../../../domain/order/status.ts';
import type { ProductVersion } from '../../../domain/product/history.ts';
import type { SellerStatus } from '../../../domain/seller/decider.ts';
import type { SellerAction } from '../../../projections/admin.ts';

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
export type { OrderLine };

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
/** Whether the product's seller is verified (the badge) or suspended (then the product is hidden). */
export interface SellerStandingFlags {
  sellerVerified: boolean;
  sellerSuspended: boolean;
}

export type PublicProduct = Omit<SellerProduct, 'rejectionReason'> & SellerStandingFlags;

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

/** One field of an edit or a stock move, its values written for people. */
export type FieldChange = import('../../../domain/product/history.ts').FieldChange;

/** One event of a product or of its reviews, in plain words. */
export interface HistoryEntry {
  /** Log position: the entries are in its order, and it names the moment for as-of and restore. */
  position: number;
  /** Revision in the event's own stream (the product's or a review's). */
  revision: number;
  at: string;
  /** The event type, e.g. 'ProductUpdated'. */
  type: string;
  /** Who did it; MIBI (id 'system' or null) for the marketplace itself. */
  actor: { id: string | null; name: string };
  summary: string;
  /** The fields an edit changed, or the stock before and after a stock move. */
  changes?: FieldChange[];
}

/** GET /seller/products/{id}/history: oldest first. */
export interface ProductHistory {
  id: string;
  items: HistoryEntry[];
}

/** GET /seller/products/{id}/history/as-of: the product rebuilt from its events up to a moment. */
export type { ProductVersion };

/** POST /seller/products/{id}/history/restore: the fields brought back (none when nothing differed) and the toast to show. */
export interface RestoreResult {
  id: string;
  position: number;
  changes: FieldChange[];
  message: string;
}

/** GET /seller/products/{id}/as-ordered/{orderId}: the line and the whole product as the buyer saw it. */
export interface ProductAsOrdered {
  orderId: string;
  placedAt: string;
  line: OrderLine;
  product: ProductVersion;
}

/** Sales of a day, a category or a range; cancelled orders are not counted. */
export interface SalesTally {
  /** Price x quantity of the lines; delivery charges excluded. */
  revenuePaise: Paise;
  units: number;
  /** Orders with a line counted here. */
  orders: number;
}

/** GET /analytics/seller?from=&to= (days are UTC dates, YYYY-MM-DD). */
export interface SellerSales {
  from: string;
  to: string;
  totals: SalesTally;
  /** Every day of the range, oldest first. */
  days: Array<SalesTally & { day: string }>;
  /** Highest revenue first. */
  categories: Array<SalesTally & { categoryId: string }>;
}

/** A page of an admin list (`?limit=&offset=`) and how many items match in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Sales of a span: price x quantity of the lines (delivery charges excluded), units and orders; cancelled orders not counted. */
/** GET /admin/overview: what awaits the admins, orders per status, and recent sales (UTC days). */
export interface AdminOverview {
  users: number;
  sellersAwaitingVerification: number;
  productsAwaitingReview: number;
  ordersByStatus: Record<OrderStatus, number>;
  sales: { today: SalesTally; last30Days: SalesTally };
}

/** GET /analytics/admin?from=&to=: the marketplace's sales of a range of days. */
export interface AdminAnalytics {
  from: string;
  to: string;
  totals: SalesTally;
  /** Every day of the range, oldest first. */
  days: Array<SalesTally & { day: string }>;
  /** Highest revenue first. */
  categories: Array<SalesTally & { categoryId: string }>;
  /** Highest revenue first. */
  sellers: Array<SalesTally & { sellerId: string; sellerName: string }>;
}

/** GET /admin/sellers: a seller's standing, the admins' decisions (oldest first) and their products. */
export interface AdminSeller {
  id: string;
  fullName: string;
  email: string;
  registeredAt: string;
  status: SellerStatus;
  /** Kept while suspended, so reinstating restores it. */
  verified: boolean;
  suspended: boolean;
  history: Array<{ action: SellerAction; reason: string | null; by: string; at: string }>;
  products: { listed: number; onSale: number; pendingReview: number };
}

/** POST /admin/sellers/{id}/verify, /suspend, /reinstate */
export interface SellerStandingResult {
  id: string;
  status: SellerStatus;
  position: number;
}

/** GET /admin/products/review-queue: a product with its seller's standing. */
export interface AdminProduct extends SellerProduct, SellerStandingFlags {}

/** GET /admin/users */
export interface AdminUser extends User {
  registeredAt: string;
}

/** POST /admin/users/{id}/roles, DELETE /admin/users/{id}/roles/{role} */
export interface RolesResult {
  id: string;
  roles: Role[];
  position: number;
}
