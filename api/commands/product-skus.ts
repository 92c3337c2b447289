/**
 * Product commands that may give a product SKUs (listing, edits, restores) run here: with their
 * events, in the same append, the seller's SKU reservations (domain/product/sku-reservations.ts),
 * so two products of one seller never take one SKU, even at the same moment.
 */
import { type ProductCommand, productDecider } from '../../domain/product/decider.ts';
import { type ProductEvent, productStream } from '../../domain/product/events.ts';
import {
  type SkuReservationEvent,
  heldSkus,
  skuReservationsFolder,
  skuReservationsStream,
  skusGiven,
} from '../../domain/product/sku-reservations.ts';
import { VARIANT_MESSAGES } from '../../domain/product/variants.ts';
import type { CommandMetadata, Decided } from '../../platform/eventstore/streams.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

/** Another of the seller's products has one of the SKUs given: refused as the product form refuses it. */
export const skuTaken = (): ApiError =>
  new ApiError(400, 'validation_failed', VARIANT_MESSAGES.skuTaken, { sku: VARIANT_MESSAGES.skuTaken });

/** Runs `command` on the product, reserving the SKUs it gives the product in the same append. */
export function decideWithSkus(
  cx: CommandContext,
  productId: string,
  command: ProductCommand,
  metadata: CommandMetadata,
): Promise<Decided<ProductEvent>> {
  return cx.streams.handleAlongside(
    productStream(productId),
    productDecider,
    command,
    metadata,
    async (state, events) => {
      const skus = skusGiven(state, events);
      if (skus.length === 0) return null;
      const listed = events.find((event) => event.type === 'ProductListed');
      const sellerId = state?.sellerId ?? listed?.data.sellerId;
      if (sellerId === undefined) return null;
      const stream = skuReservationsStream(sellerId);
      const { state: reservations, revision } = await cx.streams.load(stream, skuReservationsFolder);
      for (const sku of skus) {
        const holder = reservations.get(sku);
        if (holder === undefined || holder === productId) continue;
        // Reserved by a product that may have given it up since: free unless that product holds it still.
        const { state: other } = await cx.streams.load(productStream(holder), productDecider);
        if (heldSkus(other).has(sku)) throw skuTaken();
      }
      const reserved: SkuReservationEvent = { type: 'SkusReserved', data: { sellerId, productId, skus } };
      return { stream, events: [reserved], expectedRevision: revision === -1 ? 'no_stream' : revision };
    },
  );
}
