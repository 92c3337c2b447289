/**
 * What a buyer is told of a product or variant on their wishlist. The product events say by
 * themselves whether they are such a change (a lower price, stock again after none), so a
 * reactor needs no state of the product to find them, and the same log always gives the same
 * alerts.
 */
import { isPurchasable } from '../catalog/status.ts';
import { type Paise, formatInr } from '../money.ts';
import { type Product, stockOf, variantName } from '../product/decider.ts';
import type { ProductDetails, ProductEvent } from '../product/events.ts';
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

/**
 * The variants whose price an edit lowered, with their price before: those a buyer saved hear
 * of it even when the product's own (lowest) price stays.
 */
export function variantPriceDrops(event: ProductEvent): Map<string, Paise> {
  const drops = new Map<string, Paise>();
  if (event.type !== 'ProductUpdated') return drops;
  const { before, after } = event.data;
  for (const variant of after.variants ?? []) {
    const was = before.variants?.find((one) => one.id === variant.id)?.pricePaise;
    if (was !== undefined && variant.pricePaise < was) drops.set(variant.id, was);
  }
  return drops;
}

/** Whether an edit lowered the product's own price: its lowest variant's, what its cards show. */
const productPriceDropped = ({ before, after }: { before: Partial<ProductDetails>; after: Partial<ProductDetails> }) =>
  before.pricePaise !== undefined && after.pricePaise !== undefined && after.pricePaise < before.pricePaise;

/** The alert a product event may call for: its price (or a variant's) went down, or a variant's stock up from none. */
export function alertKindOf(event: ProductEvent): WishlistAlertKind | null {
  switch (event.type) {
    case 'ProductUpdated':
      return productPriceDropped(event.data) || variantPriceDrops(event).size > 0 ? 'price_drop' : null;
    case 'StockAdjusted':
      return event.data.from === 0 && event.data.to > 0 ? 'back_in_stock' : null;
    case 'StockReleased':
    case 'StockReturned':
      return event.data.remaining === event.data.quantity && event.data.quantity > 0 ? 'back_in_stock' : null;
    default:
      return null;
  }
}

/** The variant whose stock an event moved: the default one for events written before variants. */
const variantOfStock = (event: ProductEvent): string =>
  ('variantId' in event.data ? event.data.variantId : undefined) ?? DEFAULT_VARIANT_ID;

/**
 * The alert `event` calls for, in words, to those who saved `saved`: a variant (its id), or the
 * product as a whole (null). From the product as the event left it; null when it calls for
 * none, or when the product is not for sale then (delisted, or waiting for review).
 * A price drop is the variant's own price for a variant saved, the product's (lowest) price for
 * the product. Back in stock names the variant that is ("Kolhapuri Chappal (Size 8 · Tan)"),
 * with its stock and price: to those who saved it, and to those who saved the product.
 */
export function wishlistAlert(event: ProductEvent, product: Product, saved: string | null): WishlistAlert | null {
  const kind = alertKindOf(event);
  if (kind === null || !isPurchasable(product)) return null;
  if (event.type === 'ProductUpdated') {
    if (saved === null) {
      const { before } = event.data;
      if (!productPriceDropped(event.data)) return null;
      return priceDrop(product.details.name, product.details.pricePaise, before.pricePaise!);
    }
    const was = variantPriceDrops(event).get(saved);
    const variant = findVariant(product.details, saved);
    return was === undefined || !variant
      ? null
      : priceDrop(variantName(product.details, variant), variant.pricePaise, was);
  }
  const variantId = variantOfStock(event);
  const variant = findVariant(product.details, variantId);
  if (!variant || (saved !== null && saved !== variantId)) return null;
  return {
    kind,
    title: `Back in stock: ${variantName(product.details, variant)}`,
    body: `${stockOf(product, variantId)} in stock now, at ${formatInr(variant.pricePaise)}.`,
  };
}

const priceDrop = (name: string, pricePaise: Paise, was: Paise): WishlistAlert => ({
  kind: 'price_drop',
  title: `Price drop: ${name}`,
  body: `Now ${formatInr(pricePaise)}, was ${formatInr(was)}.`,
});

/** One notification per buyer and product event: the reactor passing the event again finds it recorded. */
export const wishlistAlertId = (buyerId: string, eventId: string): string => `wishlist-${buyerId}-${eventId}`;
