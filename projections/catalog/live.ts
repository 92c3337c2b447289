import { ADMINS, type LiveChange, liveEvent, liveSlice } from '../live.ts';
import { type ProductDoc, type PublicProduct, publicProduct } from './documents.ts';
import { PRODUCTS } from './projection.ts';
import { isQueued } from './queries.ts';

/**
 * Products for everyone, and each product whole (on sale or not) for its seller. A change
 * carries only the document after it, so whether a product was visible before is remembered:
 * `product.added` when it becomes visible, `product.changed` while it stays so,
 * `product.removed` when it stops (delisted, or deleted). The admins are told which product
 * changed and whether it waits for them, so their queues fetch again when it concerns them.
 */
export const catalogLive = liveSlice({
  collection: PRODUCTS,
  events: {
    'product.added': liveEvent<PublicProduct>(null, 'the public product'),
    'product.changed': liveEvent<PublicProduct>(null, 'the public product'),
    'product.removed': liveEvent<{ id: string }>(null, '`{ id }`'),
    /** To its seller: any change of one of their products (a decision, a revision, stock), on sale or not. */
    'seller-product.changed': liveEvent<ProductDoc>('seller', 'the whole product, on sale or not'),
    'admin.product.changed': liveEvent<{ id: string; queued: boolean }>(
      'admin',
      '`{ id, queued }`: `queued` while it waits for review, or its changes do',
    ),
  },
  messages: ({ id, doc }: LiveChange<ProductDoc>, visible) => {
    const wasVisible = visible.has(id);
    // The seller's and the admins' after what everyone gets.
    const own = [
      ...(doc ? [{ event: 'seller-product.changed' as const, data: doc, audience: doc.sellerId }] : []),
      {
        event: 'admin.product.changed' as const,
        data: { id, queued: doc !== null && isQueued(doc) },
        audience: ADMINS,
      },
    ];
    if (doc?.visible) {
      visible.add(id);
      return [
        { event: wasVisible ? 'product.changed' : 'product.added', data: publicProduct(doc), audience: null },
        ...own,
      ];
    }
    visible.delete(id);
    return wasVisible ? [{ event: 'product.removed', data: { id }, audience: null }, ...own] : own;
  },
});
