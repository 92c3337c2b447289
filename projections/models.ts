import type { DisplayStatus, Verification } from '../domain/catalog/status.ts';
import type { Paise } from '../domain/money.ts';
import type { OrderStatus } from '../domain/order/status.ts';
import type { DeliveryMethod } from '../domain/order/options.ts';
import type { OrderLine, ReturnLine, ShippingAddress } from '../domain/order/events.ts';
import type { ProductContent } from '../domain/product/events.ts';
import type { ProductImage } from '../domain/product/image.ts';
import type { ReturnStatus } from '../domain/order/decider.ts';
import type { Doc } from '../platform/readstore/port.ts';

export const COLLECTIONS = {
  products: 'products',
  categories: 'categories',
  orders: 'orders',
  sellerOrders: 'seller_orders',
  reviews: 'reviews',
} as const;

/** The seller's changes to a verified product's content, as the review shows them. */
export interface RevisionDoc {
  revisionId: string;
  /** The content fields it changes: their approved values when it was sent, and the proposed ones. */
  before: Partial<ProductContent>;
  after: Partial<ProductContent>;
  submittedBy: string;
  submittedAt: string;
}

export interface RejectedRevisionDoc extends RevisionDoc {
  reason: string;
  rejectedAt: string;
}

/**
 * projections/catalog.ts: every product ever listed, delisted ones included (flagged). The
 * name, description, category, image and tags are the approved version; the revision fields
 * are for its seller and the admins only (api/reads/catalog-index.ts `publicProduct` leaves them out).
 */
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
  /** The main image's URL: the first of `images`. */
  imageUrl: string | null;
  images: ProductImage[];
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
  /** Content changes of the seller waiting for an admin's review; null when none. */
  pendingRevision: RevisionDoc | null;
  /** `pendingRevision !== null`, top-level for the admins' query of the changes to review. */
  hasPendingRevision: boolean;
  /** The seller's last changes an admin turned down, until the seller sends others. */
  rejectedRevision: RejectedRevisionDoc | null;
  listedAt: string;
  /** The last change of the live product (revisions waiting or turned down leave it). */
  updatedAt: string;
}

/** projections/catalog.ts */
export interface CategoryDoc extends Doc {
  name: string;
  description: string;
  /** Delivered items of the category may be returned (the default, or what an admin set). */
  returnable: boolean;
  /** Visible products in the category. */
  productCount: number;
}

/** A request to send back items of a delivered seller order, and the seller's answer. */
export interface ReturnDoc {
  returnId: string;
  lines: Array<ReturnLine & { name: string; pricePaise: Paise }>;
  reason: string;
  status: ReturnStatus;
  /** The seller's (or an admin's) reason for accepting or rejecting. */
  decisionReason: string | null;
  requestedAt: string;
  decidedAt: string | null;
}

export interface StatusEntry {
  status: OrderStatus;
  at: string;
  by: string;
}

/** A seller order as its purchase shows it to the buyer: the part's seller, money and state. */
export interface SellerOrderSummary {
  /** The seller order id, `${orderId}-${n}`. */
  id: string;
  /** What people are shown: the purchase's short id and the seller's number, `3f2b9c1e-2`. */
  shortId: string;
  sellerId: string;
  sellerName: string;
  subtotalPaise: Paise;
  status: OrderStatus;
  cancelReason: string | null;
  deliveredAt: string | null;
  history: StatusEntry[];
  returns: ReturnDoc[];
}

/** projections/orders.ts: one seller's part of a purchase, for that seller (its lines only, and where to ship). */
export interface SellerOrderDoc extends Doc, SellerOrderSummary {
  orderId: string;
  buyerId: string;
  buyerName: string;
  lines: OrderLine[];
  shippingAddress: ShippingAddress;
  delivery: DeliveryMethod;
  payment: 'cod';
  placedAt: string;
  updatedAt: string;
  /** Returns waiting for the seller's answer. */
  openReturns: number;
}

/** projections/orders.ts: a purchase, for its buyer and the admins: every line, and each seller's part. */
export interface OrderDoc extends Doc {
  buyerId: string;
  buyerName: string;
  lines: OrderLine[];
  /** Distinct sellers of the lines, for the admins' seller filter. */
  sellerIds: string[];
  sellerOrders: SellerOrderSummary[];
  shippingAddress: ShippingAddress;
  delivery: DeliveryMethod;
  payment: 'cod';
  subtotalPaise: Paise;
  deliveryChargePaise: Paise;
  totalPaise: Paise;
  /** `purchaseStatus` of the parts. */
  status: OrderStatus;
  placedAt: string;
  updatedAt: string;
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
