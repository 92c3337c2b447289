import type { DisplayStatus, Verification } from '../domain/catalog/status.ts';
import type { Paise } from '../domain/money.ts';
import type { ProductContent } from '../domain/product/events.ts';
import type { ProductImage } from '../domain/product/image.ts';
import type { Doc } from '../platform/readstore/port.ts';

export const COLLECTIONS = {
  products: 'products',
  categories: 'categories',
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
