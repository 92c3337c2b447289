/**
 * What a buyer is told of a product on their wishlist. The product events say by themselves
 * whether they are such a change (a lower price, stock again after none), so a reactor needs
 * no state of the product to find them, and the same log always gives the same alerts.
 */
import { isPurchasable } from '../catalog/status.ts';
import { formatInr } from '../money.ts';
import { type Product, stockOf, variantName } from '../product/decider.ts';
import type { ProductEvent } from '../product/events.ts';
import { DEFAULT_VARIANT_ID, findVariant } from '../product/variants.ts';

export const WISHLIST_ALERT_KINDS = ['price_drop', 'back_in_stock'] as const;
export type WishlistAlertKind = (typeof WISHLIST_ALERT_KINDS)[number];

export interface WishlistAlert {
  kind: WishlistAlertKind;
  title: string;
  body: string;
}

/** The event types that can call for an alert. */
export const ALERTING_EVENTS = [
  'ProductUpdated',
  'StockAdjusted',
  'StockReleased',
  'StockReturned',
] as const satisfies ReadonlyArray<ProductEvent['type']>;

/** The alert a product event calls for, if any: its price went down, or its stock up from none. */
export function alertKindOf(event: ProductEvent): WishlistAlertKind | null {
  switch (event.type) {
    case 'ProductUpdated': {
      const { before, after } = event.data;
      const dropped =
        before.pricePaise !== undefined && after.pricePaise !== undefined && after.pricePaise < before.pricePaise;
      return dropped ? 'price_drop' : null;
    }
    case 'StockAdjusted':
      return event.data.from === 0 && event.data.to > 0 ? 'back_in_stock' : null;
    case 'StockReleased':
    case 'StockReturned':
      return event.data.remaining === event.data.quantity && event.data.quantity > 0 ? 'back_in_stock' : null;
    default:
      return null;
  }
}

/** The variant whose stock an event moved: the default one for events written before variants and for price edits. */
export const variantOfAlert = (event: ProductEvent): string =>
  ('variantId' in event.data ? event.data.variantId : undefined) ?? DEFAULT_VARIANT_ID;

/**
 * The alert `event` calls for, in words, from the product as the event left it; null when it
 * calls for none, or when the product is not for sale then (delisted, or waiting for review).
 * Back in stock names the variant that is ("Kolhapuri Chappal (Size 8 · Tan)"), with its stock
 * and price.
 */
export function wishlistAlert(event: ProductEvent, product: Product): WishlistAlert | null {
  const kind = alertKindOf(event);
  if (kind === null || !isPurchasable(product)) return null;
  const { name, pricePaise } = product.details;
  if (event.type === 'ProductUpdated') {
    return {
      kind,
      title: `Price drop: ${name}`,
      body: `Now ${formatInr(pricePaise)}, was ${formatInr(event.data.before.pricePaise!)}.`,
    };
  }
  const variantId = variantOfAlert(event);
  const variant = findVariant(product.details, variantId);
  if (!variant) return null;
  return {
    kind,
    title: `Back in stock: ${variantName(product.details, variant)}`,
    body: `${stockOf(product, variantId)} in stock now, at ${formatInr(variant.pricePaise)}.`,
  };
}

/** One notification per buyer and product event: the reactor passing the event again finds it recorded. */
export const wishlistAlertId = (buyerId: string, eventId: string): string => `wishlist-${buyerId}-${eventId}`;
