/**
 * What the cart and checkout know about products, read from the write side (the product
 * and account streams) so prices, stock and availability are current, never a read model
 * that may lag behind.
 */
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { type LineItem, cartDecider } from '../../domain/cart/decider.ts';
import { cartStream } from '../../domain/cart/events.ts';
import type { PurchaseFacts } from '../../domain/catalog/availability.ts';
import { isPurchasable } from '../../domain/catalog/status.ts';
import { type Product, productDecider, reservedFor, stockOf, variantName } from '../../domain/product/decider.ts';
import { type Variant, findVariant, variantLabel } from '../../domain/product/variants.ts';
import { productStream } from '../../domain/product/events.ts';
import { sellerDecider } from '../../domain/seller/decider.ts';
import { sellerStream } from '../../domain/seller/events.ts';
import { storefrontDecider } from '../../domain/seller/profile.ts';
import type { CommandContext } from './context.ts';
import { ApiError } from '../http/errors.ts';

/** A product with what else decides whether it can be bought: its seller's standing. */
export interface ProductOnSale extends Product {
  sellerSuspended: boolean;
}

/** A product ever listed, delisted ones included; a 404 for an id never listed. */
export async function loadProduct(ctx: CommandContext, productId: string): Promise<ProductOnSale> {
  const { state } = await ctx.streams.load(productStream(productId), productDecider);
  if (!state) throw new ApiError(404, 'not_found', /*i18n*/ 'Product not found');
  const { state: standing } = await ctx.streams.load(sellerStream(state.sellerId), sellerDecider);
  return { ...state, sellerSuspended: standing.suspended };
}

/** Verified, still listed, and its seller not suspended. */
export const isForSale = (product: ProductOnSale): boolean => isPurchasable(product) && !product.sellerSuspended;

/**
 * What a buyer may take of a variant of `product` (one it no longer has is not available).
 * Stock already reserved for `orderId` counts as available to that order, so a retried
 * checkout is judged as the first attempt was.
 */
export function purchaseFacts(product: ProductOnSale, variantId: string, orderId?: string): PurchaseFacts {
  const variant = findVariant(product.details, variantId);
  const reservedForOrder = orderId === undefined ? 0 : reservedFor(product, orderId, variantId);
  return {
    name: variant ? variantName(product.details, variant) : product.details.name,
    sellerId: product.sellerId,
    stockQuantity: stockOf(product, variantId) + reservedForOrder,
    available: isForSale(product) && variant !== undefined,
  };
}

/** A variant as a line shows and keeps it: its label, SKU, price and picture (its own, else the product's). */
export function variantOnLine(product: ProductOnSale, variantId: string) {
  const variant: Variant | undefined = findVariant(product.details, variantId);
  const { details } = product;
  return {
    variantLabel: variant ? variantLabel(details.options, variant.optionValues) : '',
    sku: variant?.sku ?? '',
    pricePaise: variant?.pricePaise ?? details.pricePaise,
    imageUrl: variant?.imageUrls[0] ?? details.imageUrl,
    stockQuantity: stockOf(product, variantId),
  };
}

/**
 * The name the seller sells under, as the product page shows it ("Sold by"): their storefront's
 * display name once they give one, else their account's, with the spec's fallback.
 */
export async function sellerName(ctx: CommandContext, sellerId: string): Promise<string> {
  const { state: storefront } = await ctx.streams.load(sellerStream(sellerId), storefrontDecider);
  if (storefront.profile) return storefront.profile.displayName;
  const { state } = await ctx.streams.load(accountStream(sellerId), accountDecider);
  return state?.fullName ?? 'Seller';
}

export interface CartLine extends LineItem {
  /** The line's key (lineKey): the product id for a product sold as one thing. */
  key: string;
  quantity: number;
  product: ProductOnSale;
}

/** A user's cart lines in the order they were added, each with its product, and the cart stream's position. */
export async function loadCart(ctx: CommandContext, userId: string): Promise<{ lines: CartLine[]; position: number }> {
  const { state, position } = await ctx.streams.load(cartStream(userId), cartDecider);
  const lines = await Promise.all(
    Object.entries(state).map(async ([key, line]) => ({
      key,
      ...line,
      product: await loadProduct(ctx, line.productId),
    })),
  );
  return { lines, position };
}
