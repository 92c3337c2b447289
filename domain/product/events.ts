import type { Paise } from '../money.ts';

export const productStream = (productId: string): string => `product-${productId}`;

/** The fields of a listing a seller edits (stock has its own events). */
export interface ProductDetails {
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  categoryId: string;
  imageUrl: string | null;
  tags: string[];
}

/** Who did it and when (ISO-8601 UTC), on every event after the listing. */
interface Stamp {
  productId: string;
  by: string;
  at: string;
}

export type StockReleaseReason = 'order_cancelled' | 'order_failed';

export type ProductEvent =
  | {
      type: 'ProductListed';
      data: ProductDetails & { productId: string; sellerId: string; stockQuantity: number; listedAt: string };
    }
  /** `before` and `after` hold only the fields that changed. */
  | { type: 'ProductUpdated'; data: Stamp & { before: Partial<ProductDetails>; after: Partial<ProductDetails> } }
  /** A rejected product edited by its seller goes back to Pending Review. */
  | { type: 'ProductResubmitted'; data: Stamp }
  | { type: 'StockAdjusted'; data: Stamp & { from: number; to: number; reason: 'manual' } }
  /** Reservations come from order placement: the order names the buyer, so no `by`. */
  | { type: 'StockReserved'; data: { productId: string; orderId: string; quantity: number; remaining: number; at: string } }
  | {
      type: 'StockReleased';
      data: { productId: string; orderId: string; quantity: number; remaining: number; reason: StockReleaseReason; at: string };
    }
  /** Units an accepted return brought back (the return names the buyer and the seller who accepted it). */
  | { type: 'StockReturned'; data: { productId: string; returnId: string; quantity: number; remaining: number; at: string } }
  | { type: 'ProductVerified'; data: Stamp }
  | { type: 'ProductRejected'; data: Stamp & { reason: string } }
  | { type: 'ProductFeatured'; data: Stamp }
  | { type: 'ProductUnfeatured'; data: Stamp }
  | { type: 'ProductDelisted'; data: Stamp };
