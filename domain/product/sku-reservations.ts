/**
 * A seller's SKUs kept unique under concurrency (catalog imports match rows by them). The
 * stream `seller-skus-{sellerId}` records which product reserved each SKU: a product change that
 * gives a product a SKU it did not hold appends SkusReserved there in the same append as its
 * own events, at the revision it read (Streams.handleAlongside), so of two products taking one
 * SKU at once the second is decided again, finds it reserved, and is refused.
 *
 * A reservation stands while its product holds the SKU (a variant's, or proposed for review; not
 * delisted). A product that gave a SKU up leaves it to the next one that asks, checked against
 * that product's own stream: the one giving it back again would reserve it anew, in the same
 * stream, so the two cannot both have it.
 */
import type { Product } from './decider.ts';
import type { ProductEvent } from './events.ts';

export const skuReservationsStream = (sellerId: string): string => `seller-skus-${sellerId}`;

export type SkuReservationEvent = {
  type: 'SkusReserved';
  data: { sellerId: string; productId: string; skus: string[] };
};

/** The product that last reserved each SKU (as compared: lower case). */
export type SkuReservations = Map<string, string>;

/** SKUs as compared: case aside. */
export const skuKey = (sku: string): string => sku.toLowerCase();

/** The reservations; the fold updates its one map in place, like a product's stock reservations. */
export const skuReservationsFolder = {
  initialState: new Map() as SkuReservations,
  evolve(state: SkuReservations, { data }: SkuReservationEvent): SkuReservations {
    // The initial map is every stream's: a stream's first event starts a map of its own.
    const reservations = state === skuReservationsFolder.initialState ? new Map(state) : state;
    for (const sku of data.skus) reservations.set(skuKey(sku), data.productId);
    return reservations;
  },
};

const keysOf = (variants: ReadonlyArray<{ sku: string }> | undefined): string[] =>
  (variants ?? []).map((variant) => skuKey(variant.sku)).filter((sku) => sku !== '');

/** The SKUs a product holds: its variants', and those proposed for review; none once delisted. */
export function heldSkus(product: Product | null): Set<string> {
  if (!product || product.delisted) return new Set();
  return new Set([...keysOf(product.details.variants), ...keysOf(product.revision?.after.variants)]);
}

/** The SKUs `events` give a product that it did not hold before them. */
export function skusGiven(before: Product | null, events: readonly ProductEvent[]): string[] {
  const held = heldSkus(before);
  const given = events.flatMap((event) => {
    if (event.type === 'ProductListed') return keysOf(event.data.variants);
    if (event.type === 'ProductUpdated' || event.type === 'ProductRevisionSubmitted')
      return keysOf(event.data.after.variants);
    return [];
  });
  return [...new Set(given)].filter((sku) => !held.has(sku));
}
