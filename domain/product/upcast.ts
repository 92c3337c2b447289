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
 */
import type { ProductDetails, ProductEvent } from './events.ts';
import { initialCategoryTax, type ProductTax } from '../tax/product-tax.ts';
import { type ProductImage, singleFileImage } from './image.ts';
import type { Question } from './personalisation.ts';

/** ProductListed as folded: every listing has its images and its tax data. */
export type ListedEvent = {
  type: 'ProductListed';
  data: Extract<ProductEvent, { type: 'ProductListed' }>['data'] & {
    images: ProductImage[];
    tax: ProductTax;
    madeToOrderDays: number | null;
    personalisation: Question[];
  };
};

export type UpcastProductEvent = Exclude<ProductEvent, { type: 'ProductListed' }> | ListedEvent;

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
      if (data.images && data.tax && data.madeToOrderDays !== undefined && data.personalisation)
        return event as ListedEvent;
      const images = data.images ?? galleryOf(data.imageUrl);
      const tax = data.tax ?? initialCategoryTax(data.categoryId);
      const { madeToOrderDays = null, personalisation = [] } = data;
      return { type: event.type, data: { ...data, images, tax, madeToOrderDays, personalisation } };
    }
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
      return event;
  }
}
