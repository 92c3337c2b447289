/** Reads of the catalog's products (the `products` collection). */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { inventoryValue, isActive } from '../../domain/catalog/status.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import type { ProductDoc, SellerProducts } from './documents.ts';
import { PRODUCTS } from './projection.ts';

const products = (read: ReadStore) => read.collection<ProductDoc>(PRODUCTS);

/** How many products, still listed, await an admin's review. */
export const productsAwaitingReviewCount = (read: ReadStore): Promise<number> =>
  products(read).count({ verification: 'pending', delisted: false });

/** Every product the public catalog shows. */
export const visibleProducts = (read: ReadStore): Promise<ProductDoc[]> =>
  products(read).find({ where: { visible: true } });

/** A product, delisted or not on sale ones included, for its seller or an admin; null for anyone else, as for a missing one. */
export async function ownedProduct(read: ReadStore, productId: string, viewer: Actor): Promise<ProductDoc | null> {
  const product = await products(read).get(productId);
  return product && (product.sellerId === viewer.userId || isAdmin(viewer)) ? product : null;
}

/** A seller's products not deleted, newest first, with the figures of the seller's dashboard. */
export async function sellerProducts(read: ReadStore, sellerId: string): Promise<SellerProducts> {
  const items = await products(read).find({ where: { sellerId, delisted: false }, sort: [['listedAt', 'desc']] });
  return {
    items,
    stats: { total: items.length, active: items.filter(isActive).length, inventoryValuePaise: inventoryValue(items) },
  };
}

/** The SKUs of a seller's products still listed, but `exceptProductId`'s (the one being edited). */
export async function sellerSkus(
  read: ReadStore,
  sellerId: string,
  exceptProductId: string | null,
): Promise<Set<string>> {
  const items = await products(read).find({ where: { sellerId, delisted: false } });
  return new Set(
    items
      .filter((product) => product.id !== exceptProductId)
      .flatMap((product) => product.variants.map((variant) => variant.sku))
      .filter((sku) => sku !== ''),
  );
}

/** Whether a product is in one of the admins' queues: still listed, and new or changed, waiting for review. */
export const isQueued = (product: Pick<ProductDoc, 'verification' | 'hasPendingRevision' | 'delisted'>): boolean =>
  !product.delisted && (product.verification === 'pending' || product.hasPendingRevision);

/** How many products, still listed, have their seller's changes waiting for an admin's review. */
export const changesAwaitingReviewCount = (read: ReadStore): Promise<number> =>
  products(read).count({ hasPendingRevision: true, delisted: false });

/** A page of the products, still listed, that await an admin's review, oldest listing first. */
export const reviewQueue = (read: ReadStore, paging: Paging): Promise<Page<ProductDoc>> =>
  findPage(
    products(read),
    { where: { verification: 'pending', delisted: false }, sort: [['listedAt', 'asc']] },
    paging,
  );

/** A page of the products, still listed, whose seller's content changes await an admin's review, oldest listing first. */
export const revisionQueue = (read: ReadStore, paging: Paging): Promise<Page<ProductDoc>> =>
  findPage(
    products(read),
    { where: { hasPendingRevision: true, delisted: false }, sort: [['listedAt', 'asc']] },
    paging,
  );

/** How many products of a seller are listed (not deleted), on sale, and awaiting review. */
export interface SellerProductCounts {
  listed: number;
  onSale: number;
  pendingReview: number;
}

export async function sellerProductCounts(read: ReadStore, sellerId: string): Promise<SellerProductCounts> {
  const [listed, onSale, pendingReview] = await Promise.all([
    products(read).count({ sellerId, delisted: false }),
    products(read).count({ sellerId, visible: true }),
    products(read).count({ sellerId, delisted: false, verification: 'pending' }),
  ]);
  return { listed, onSale, pendingReview };
}
