/**
 * What a listing or an edit must pass beyond its schema, where the stored product or the
 * network is needed: an original price above the price kept (an edit of one of the two is
 * compared with the other one stored), and an image of our own (an https URL is fetched once
 * and stored; see productImageUrl).
 */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { type ProductInput, productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import { PRODUCT_MESSAGES, originalPriceFits } from '../../domain/product/schemas.ts';
import { ApiError } from '../errors.ts';
import { type ImageImportContext, productImageUrl } from './uploads.ts';

const refused = (field: string, message: string) => new ApiError(400, 'validation_failed', message, { [field]: message });

/** A new listing with its image made ours. */
export async function checkedListing(cx: ImageImportContext, actor: Actor, product: ProductInput): Promise<ProductInput> {
  if (!originalPriceFits(product.pricePaise, product.originalPricePaise)) {
    throw refused('originalPricePaise', PRODUCT_MESSAGES.originalPriceNotAbove);
  }
  return { ...product, imageUrl: await productImageUrl(cx, actor, product.imageUrl) };
}

/**
 * The changes of an edit with a new image made ours, once the prices they leave fit. Someone
 * else's product or a missing one is left to the decider to refuse, with nothing fetched.
 */
export async function checkedChanges(
  cx: ImageImportContext,
  actor: Actor,
  productId: string,
  changes: Partial<ProductInput>,
): Promise<Partial<ProductInput>> {
  const { state } = await cx.streams.load(productStream(productId), productDecider);
  if (!state || (state.sellerId !== actor.userId && !isAdmin(actor))) return changes;
  if (changes.pricePaise !== undefined || changes.originalPricePaise !== undefined) assertPricesFit(state.details, changes);
  if (changes.imageUrl === undefined || changes.imageUrl === state.details.imageUrl) return changes;
  return { ...changes, imageUrl: await productImageUrl(cx, actor, changes.imageUrl) };
}

/** The prices an edit leaves, each given or kept; only an edit of a price asks, so older listings stay editable. */
function assertPricesFit(stored: Pick<ProductInput, 'pricePaise' | 'originalPricePaise'>, changes: Partial<ProductInput>): void {
  const { pricePaise = stored.pricePaise, originalPricePaise = stored.originalPricePaise } = changes;
  if (!originalPriceFits(pricePaise, originalPricePaise)) {
    // Named after the field sent: a new price alone meets the original price kept.
    throw changes.originalPricePaise === undefined
      ? refused('pricePaise', PRODUCT_MESSAGES.priceNotBelowOriginal)
      : refused('originalPricePaise', PRODUCT_MESSAGES.originalPriceNotAbove);
  }
}
