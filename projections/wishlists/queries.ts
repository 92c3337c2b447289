/** Reads of the wishlists read model, each item with its product as the catalog has it now. */
import { MAX_WISHLIST_ITEMS } from '../../domain/wishlist/decider.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { savedProduct } from '../../domain/wishlist/saved-product.ts';
import type { ProductDoc } from '../catalog/documents.ts';
import type { Wishlist, WishlistItemDoc } from './documents.ts';
import { WISHLIST_ITEMS } from './projection.ts';
import { PRODUCTS } from '../catalog/projection.ts';

/** The buyer's saved products, newest first, at their current price and stock. */
export async function wishlistOf(read: ReadStore, userId: string): Promise<Wishlist> {
  const saved = await read
    .collection<WishlistItemDoc>(WISHLIST_ITEMS)
    .find({ where: { userId }, sort: [['savedAt', 'desc']], limit: MAX_WISHLIST_ITEMS });
  const products = new Map(
    (await read.collection<ProductDoc>(PRODUCTS).getMany(saved.map((item) => item.productId))).map((doc) => [
      doc.id,
      doc,
    ]),
  );
  // Every saved product was listed; one the catalog has not taken in yet is left out until it has.
  const items = saved.flatMap(({ productId, variantId, savedAt }) => {
    const doc = products.get(productId);
    // Saved before variants: the product as a whole.
    const variant = variantId ?? null;
    return doc ? [{ productId, variantId: variant, savedAt, product: savedProduct(doc, variant) }] : [];
  });
  return { items, count: items.length };
}
