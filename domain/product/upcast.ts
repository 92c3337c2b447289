/**
 * Product events written before galleries (up to commit 2633b87) name one image, `imageUrl`,
 * and hold no `images`. Read through `upcastProductEvent`, such an event holds the gallery of
 * that one image (kept as one file, with no sizes), so old and new logs fold the same way.
 * Current events keep `imageUrl` beside `images`, so readers of the older shape still work.
 *
 * Listings written before tax data (issue 25) hold no `tax`: they get their category's initial
 * defaults (initialCategoryTax). Edits never held `tax`, so they need nothing. Listings written
 * before made to order and personalisation (issue 26) are not made to order (`madeToOrderDays`
 * null) and ask nothing (`personalisation` empty).
 *
 * Listings written before variants (issue 26) hold no `options` nor `variants`: they get one
 * default variant at the listing's prices, holding its stock; stock events written then name no
 * variant: they moved the default variant's. Edits of the price then changed the default
 * variant's price too (withDetailChanges, variants.ts), so they need nothing.
 */
import type { ProductDetails, ProductEvent } from './events.ts';
import { initialCategoryTax, type ProductTax } from '../tax/product-tax.ts';
import { type ProductImage, singleFileImage } from './image.ts';
import type { Question } from './personalisation.ts';
import { DEFAULT_VARIANT_ID, type ProductOption, type Variant, defaultVariant } from './variants.ts';

/** ProductListed as folded: every listing has its images, its tax data, its variants and their stock. */
export type ListedEvent = {
  type: 'ProductListed';
  data: Extract<ProductEvent, { type: 'ProductListed' }>['data'] & {
    images: ProductImage[];
    tax: ProductTax;
    madeToOrderDays: number | null;
    personalisation: Question[];
    options: ProductOption[];
    variants: Variant[];
    stockByVariant: Record<string, number>;
  };
};

type StockEventType = 'StockAdjusted' | 'StockReserved' | 'StockReleased' | 'StockReturned';

/** A stock event as folded: it names its variant. */
export type StockEvent = {
  [T in StockEventType]: {
    type: T;
    data: Extract<ProductEvent, { type: T }>['data'] & { variantId: string };
  };
}[StockEventType];

export type UpcastProductEvent =
  | Exclude<ProductEvent, { type: 'ProductListed' | StockEventType }>
  | ListedEvent
  | StockEvent;

const galleryOf = (imageUrl: string | null): ProductImage[] => (imageUrl === null ? [] : [singleFileImage(imageUrl)]);

/** Fields of an edit (`before` or `after`): an old one that changed `imageUrl` changed the gallery. */
function withGallery<T extends Partial<Pick<ProductDetails, 'imageUrl' | 'images'>>>(fields: T): T {
  if (fields.images !== undefined || fields.imageUrl === undefined) return fields;
  return { ...fields, images: galleryOf(fields.imageUrl) };
}

export function upcastProductEvent(event: ProductEvent): UpcastProductEvent {
  switch (event.type) {
    case 'ProductListed': {
      const { data } = event;
      const current = data.images && data.tax && data.madeToOrderDays !== undefined && data.personalisation;
      if (current && data.variants && data.options && data.stockByVariant) return event as ListedEvent;
      const images = data.images ?? galleryOf(data.imageUrl);
      const tax = data.tax ?? initialCategoryTax(data.categoryId);
      const { madeToOrderDays = null, personalisation = [] } = data;
      const options = data.options ?? [];
      const variants = data.variants ?? [defaultVariant(data)];
      const stockByVariant = data.stockByVariant ?? { [DEFAULT_VARIANT_ID]: data.stockQuantity };
      return {
        type: event.type,
        data: { ...data, images, tax, madeToOrderDays, personalisation, options, variants, stockByVariant },
      };
    }
    case 'StockAdjusted':
    case 'StockReserved':
    case 'StockReleased':
    case 'StockReturned':
      return event.data.variantId === undefined
        ? ({ ...event, data: { ...event.data, variantId: DEFAULT_VARIANT_ID } } as StockEvent)
        : (event as StockEvent);
    case 'ProductUpdated':
    case 'ProductRevisionSubmitted':
    case 'ProductRevisionApproved': {
      const { before, after } = event.data;
      const [upBefore, upAfter] = [withGallery(before), withGallery(after)];
      return upBefore === before && upAfter === after
        ? event
        : ({ ...event, data: { ...event.data, before: upBefore, after: upAfter } } as typeof event);
    }
    default:
      return event as UpcastProductEvent;
  }
}
