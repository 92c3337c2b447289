/**
 * What a listing or an edit must pass beyond its schema, where the stored product, the uploads,
 * the tax policy or the network is needed: an original price above the price kept (an edit of
 * one of the two is compared with the other one stored), a GST rate in force, and images of our own: uploads of the product's
 * seller named by id, or one image by its address (an https URL is fetched once and stored;
 * see imageAtUrl).
 */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { type ProductInput, productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import type { ProductImage } from '../../domain/product/image.ts';
import { withQuestionIds } from '../../domain/product/personalisation.ts';
import {
  PRODUCT_MESSAGES,
  type ProductBody,
  type ProductChangesBody,
  originalPriceFits,
} from '../../domain/product/schemas.ts';
import { type VariantInput, VARIANT_MESSAGES } from '../../domain/product/variants.ts';
import { ApiError } from '../http/errors.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { sellerSkus } from '../../projections/catalog/queries.ts';
import { skuTaken } from './product-skus.ts';
import { productTaxOf } from './tax-policy.ts';
import { type ImageImportContext, imageAtUrl, uploadOf } from './uploads.ts';

/** Images may be fetched; SKUs are looked up among the seller's other products. */
export interface ProductInputContext extends ImageImportContext {
  platform: ImageImportContext['platform'] & { read: ReadStore };
}

const refused = (field: string, message: string) =>
  new ApiError(400, 'validation_failed', message, { [field]: message });

/** The images `ids` name, in order: images the product has already (`own`), or uploads of `sellerId`; a 400 on `images` for any other. */
async function imagesNamed(
  cx: ImageImportContext,
  sellerId: string,
  own: readonly ProductImage[],
  ids: readonly string[],
): Promise<ProductImage[]> {
  return Promise.all(
    ids.map(async (id) => {
      const image = own.find((kept) => kept.id === id) ?? (await uploadOf(cx, sellerId, id));
      if (!image) throw refused('images', PRODUCT_MESSAGES.imageUnknown);
      return image;
    }),
  );
}

/** The images a body gives (`images` or `imageUrl`), or undefined when it leaves them as they are. */
async function imagesOf(
  cx: ImageImportContext,
  sellerId: string,
  own: readonly ProductImage[],
  { images, imageUrl }: Pick<ProductChangesBody, 'images' | 'imageUrl'>,
): Promise<ProductImage[] | undefined> {
  if (images !== undefined) return imagesNamed(cx, sellerId, own, images);
  if (imageUrl === undefined) return undefined;
  return imageUrl === null ? [] : [await imageAtUrl(cx, sellerId, imageUrl, own)];
}

type VariantBody = NonNullable<ProductChangesBody['variants']>[number];

/** Variants with their pictures: the ids they name must be of the product's images. */
function variantsWithImages(variants: readonly VariantBody[], gallery: readonly ProductImage[]): VariantInput[] {
  return variants.map(({ images, ...variant }, i) => {
    const imageUrls = images.map((id) => {
      const image = gallery.find((own) => own.id === id);
      if (!image) throw refused(`variants.${i}.images`, VARIANT_MESSAGES.variantImageUnknown);
      return image.url;
    });
    return { ...variant, imageUrls };
  });
}

/** A new listing with its tax data (its category's defaults unless given) and its images found (or made ours). */
export async function checkedListing(cx: ProductInputContext, actor: Actor, body: ProductBody): Promise<ProductInput> {
  if (!originalPriceFits(body.pricePaise, body.originalPricePaise)) {
    throw refused('originalPricePaise', PRODUCT_MESSAGES.originalPriceNotAbove);
  }
  const { images: _, imageUrl: __, personalisation, variants, ...product } = body;
  const tax = await productTaxOf(cx, body.categoryId, body.tax);
  const images = (await imagesOf(cx, actor.userId, [], body)) ?? [];
  await assertSkusFree(cx, actor.userId, null, skusOf(body));
  return {
    ...product,
    tax,
    images,
    personalisation: withQuestionIds([], personalisation),
    variants: variants && variantsWithImages(variants, images),
  };
}

/**
 * The changes of an edit with its images found (or made ours), once the prices they leave fit.
 * Someone else's product or a missing one is left to the decider to refuse, with nothing fetched.
 */
export async function checkedChanges(
  cx: ProductInputContext,
  actor: Actor,
  productId: string,
  body: ProductChangesBody,
): Promise<Partial<ProductInput>> {
  const { images: _, imageUrl, personalisation: questions, variants, ...edits } = body;
  const { state } = await cx.streams.load(productStream(productId), productDecider);
  // New questions get ids the product's do not have; a question kept keeps its id.
  const personalisation = questions && withQuestionIds(state?.details.personalisation ?? [], questions);
  const changes: Partial<ProductInput> = { ...edits, ...(personalisation && { personalisation }) };
  if (!state || (state.sellerId !== actor.userId && !isAdmin(actor))) return changes;
  await assertSkusFree(cx, state.sellerId, productId, skusOf(body));
  if (changes.pricePaise !== undefined || changes.originalPricePaise !== undefined)
    assertPricesFit(state.details, changes);
  if (changes.tax !== undefined) await productTaxOf(cx, changes.categoryId ?? state.details.categoryId, changes.tax);
  // The address of the main image, as clients before galleries send back with every edit: the images stay.
  const keepsImages = body.images === undefined && imageUrl === state.details.imageUrl;
  // The images proposed for review are the product's too: an edit may keep them.
  const own = [...state.details.images, ...(state.revision?.after.images ?? [])];
  const images = keepsImages ? undefined : await imagesOf(cx, state.sellerId, own, body);
  if (images !== undefined) changes.images = images;
  // A variant's pictures are among the images the product has or is given.
  if (variants !== undefined) changes.variants = variantsWithImages(variants, [...own, ...(images ?? [])]);
  return changes;
}

/** The SKUs a body gives: the variants', or the one of a product sold as one thing. */
const skusOf = ({ sku, variants }: Pick<ProductChangesBody, 'sku' | 'variants'>): string[] =>
  variants ? variants.map((variant) => variant.sku) : sku === undefined ? [] : [sku];

/**
 * SKUs are unique within the seller (catalog import matches rows by them): none of `skus` may be
 * a SKU of another of the seller's products, as the catalog read model has them. This answers
 * before images are fetched, and covers SKUs given before reservations were kept; two products
 * taking one SKU at the same moment are told apart by the reservations (product-skus.ts).
 */
async function assertSkusFree(
  cx: ProductInputContext,
  sellerId: string,
  productId: string | null,
  skus: readonly string[],
): Promise<void> {
  const wanted = new Set(skus.filter((sku) => sku !== '').map((sku) => sku.toLowerCase()));
  if (wanted.size === 0) return;
  const taken = await sellerSkus(cx.platform.read, sellerId, productId);
  const clash = [...taken].find((sku) => wanted.has(sku.toLowerCase()));
  if (clash !== undefined) throw skuTaken();
}

/** The prices an edit leaves, each given or kept; only an edit of a price asks, so older listings stay editable. */
function assertPricesFit(
  stored: Pick<ProductInput, 'pricePaise' | 'originalPricePaise'>,
  changes: Partial<ProductInput>,
): void {
  const { pricePaise = stored.pricePaise, originalPricePaise = stored.originalPricePaise } = changes;
  if (!originalPriceFits(pricePaise, originalPricePaise)) {
    // Named after the field sent: a new price alone meets the original price kept.
    throw changes.originalPricePaise === undefined
      ? refused('pricePaise', PRODUCT_MESSAGES.priceNotBelowOriginal)
      : refused('originalPricePaise', PRODUCT_MESSAGES.originalPriceNotAbove);
  }
}
