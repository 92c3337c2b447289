import type { Paise } from '../money.ts';
import type { ProductTax } from '../tax/product-tax.ts';
import type { ProductImage } from './image.ts';
import type { Question } from './personalisation.ts';
import type { ProductTranslation, TranslatedLocale } from './translation.ts';
import type { ProductOption, Variant } from './variants.ts';

export const productStream = (productId: string): string => `product-${productId}`;

/** The fields of a listing a seller edits (stock has its own events). */
export interface ProductDetails {
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  categoryId: string;
  /** The main image's URL (`images[0].url`), kept beside `images` for readers of events written before them. */
  imageUrl: string | null;
  /** At most MAX_PRODUCT_IMAGES, the main one first. */
  images: ProductImage[];
  tags: string[];
  /** HSN code and GST rate, the category's defaults unless the seller gave them. */
  tax: ProductTax;
  /** Days to make it once ordered (made-to-order.ts); null when it ships from stock. */
  madeToOrderDays: number | null;
  /** What the buyer is asked (personalisation.ts): at most three questions. */
  personalisation: Question[];
  /** At most MAX_OPTIONS; none for a product sold as one thing. */
  options: ProductOption[];
  /** One per combination sold; a product without options has its default variant only. `pricePaise` is their lowest price. */
  variants: Variant[];
}

/**
 * Events written before galleries name one image (`imageUrl`) and no `images`, those written
 * before tax data no `tax`, those before made to order and personalisation no `madeToOrderDays`
 * and `personalisation`, and those before variants no `options` nor `variants`: read them through
 * `upcastProductEvent` (upcast.ts), which gives them the gallery of that one image, their
 * category's initial tax defaults, no made-to-order time, no questions and one default variant.
 */
export type RecordedDetails = Omit<
  ProductDetails,
  'images' | 'tax' | 'madeToOrderDays' | 'personalisation' | 'options' | 'variants'
> & {
  images?: ProductImage[];
  tax?: ProductTax;
  madeToOrderDays?: number | null;
  personalisation?: Question[];
  options?: ProductOption[];
  variants?: Variant[];
};

/** The variant whose stock moved: absent in events written before variants, which moved the default variant's. */
interface StockOf {
  productId: string;
  variantId?: string;
}

/**
 * What buyers take a listing to be: once a product is verified, its seller's changes to these
 * wait for an admin's review as a revision (the approved version stays on sale). Price,
 * original price and stock change at once, of the variants too (revision.ts, withAtOnceOf);
 * revisions written before variants hold neither options nor variants.
 */
export type ProductContent = Pick<
  ProductDetails,
  'name' | 'description' | 'categoryId' | 'imageUrl' | 'images' | 'tags' | 'options' | 'variants'
>;

/** The row of a catalog import (domain/catalog-import) a change came from: the history says "imported". */
export interface ImportMark {
  importId: string;
  row: number;
}

/** Who did it and when (ISO-8601 UTC), on every event after the listing; `imported` when a catalog import did it. */
interface Stamp {
  productId: string;
  by: string;
  at: string;
  imported?: ImportMark;
}

export type StockReleaseReason = 'order_cancelled' | 'order_failed';

export type ProductEvent =
  | {
      type: 'ProductListed';
      data: RecordedDetails & {
        productId: string;
        sellerId: string;
        /** The stock of all the variants together. */
        stockQuantity: number;
        /** The stock of each variant (absent before variants: the default variant's is `stockQuantity`). */
        stockByVariant?: Record<string, number>;
        listedAt: string;
        imported?: ImportMark;
      };
    }
  /** `before` and `after` hold only the fields that changed; `restores`, the time of the version a restore brought back. */
  | {
      type: 'ProductUpdated';
      data: Stamp & { before: Partial<ProductDetails>; after: Partial<ProductDetails>; restores?: string };
    }
  /** A rejected product edited by its seller goes back to Pending Review. */
  | { type: 'ProductResubmitted'; data: Stamp }
  /** `from` and `to`, like `remaining` below, are the stock of the one variant named. */
  | { type: 'StockAdjusted'; data: Stamp & StockOf & { from: number; to: number; reason: 'manual' } }
  /** Reservations come from order placement: the order names the buyer, so no `by`. */
  | {
      type: 'StockReserved';
      data: StockOf & { orderId: string; quantity: number; remaining: number; at: string };
    }
  | {
      type: 'StockReleased';
      data: StockOf & {
        orderId: string;
        quantity: number;
        remaining: number;
        reason: StockReleaseReason;
        at: string;
      };
    }
  /** Units an accepted return brought back (the return names the buyer and the seller who accepted it). */
  | {
      type: 'StockReturned';
      data: StockOf & { returnId: string; quantity: number; remaining: number; at: string };
    }
  /**
   * The seller changed the content of a verified product: held for review, the approved
   * version stays live. `before` and `after` hold the content fields that differ from the
   * approved version. A newer submission replaces a pending one (`replaces` names it).
   */
  | {
      type: 'ProductRevisionSubmitted';
      data: Stamp & {
        revisionId: string;
        before: Partial<ProductContent>;
        after: Partial<ProductContent>;
        replaces: string | null;
      };
    }
  /** An admin approved the revision: `after` becomes the live version (`before` is what it replaced then). */
  | {
      type: 'ProductRevisionApproved';
      data: Stamp & { revisionId: string; before: Partial<ProductContent>; after: Partial<ProductContent> };
    }
  /** An admin turned the revision down; the approved version stays, and the seller sees the reason. */
  | { type: 'ProductRevisionRejected'; data: Stamp & { revisionId: string; reason: string } }
  /** The seller edited the content back to the approved version: nothing is left to review. */
  | { type: 'ProductRevisionWithdrawn'; data: Stamp & { revisionId: string } }
  /**
   * The seller (or an admin) gave, changed or took away the name, description and tags in
   * `locale` (issue 30): `after` null when taken away, `before` null when first given. They
   * apply at once, beside the English content, which stays what review and orders go by.
   */
  | {
      type: 'ProductTranslated';
      data: Stamp & { locale: TranslatedLocale; before: ProductTranslation | null; after: ProductTranslation | null };
    }
  | { type: 'ProductVerified'; data: Stamp }
  | { type: 'ProductRejected'; data: Stamp & { reason: string } }
  | { type: 'ProductFeatured'; data: Stamp }
  | { type: 'ProductUnfeatured'; data: Stamp }
  | { type: 'ProductDelisted'; data: Stamp };
