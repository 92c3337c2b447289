/**
 * What a buyer is told of a product on their wishlist. The product events say by themselves
 * whether they are such a change (a lower price, stock again after none), so a reactor needs
 * no state of the product to find them, and the same log always gives the same alerts.
 */
import { isPurchasable } from '../catalog/status.ts';
import { formatInr } from '../money.ts';
import type { Product } from '../product/decider.ts';
import type { ProductEvent } from '../product/events.ts';

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

/**
 * The alert `event` calls for, in words, from the product as the event left it; null when it
 * calls for none, or when the product is not for sale then (delisted, or waiting for review).
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
  return {
    kind,
    title: `Back in stock: ${name}`,
    body: `${product.stockQuantity} in stock now, at ${formatInr(pricePaise)}.`,
  };
}

/** One notification per buyer and product event: the reactor passing the event again finds it recorded. */
export const wishlistAlertId = (buyerId: string, eventId: string): string => `wishlist-${buyerId}-${eventId}`;
