import { inventoryValue, isActive } from '../../../../domain/catalog/status.ts';
import { upsertById } from '../../lists.ts';
import type { SellerProduct, SellerProducts } from './types.ts';

/**
 * The seller's list with `product` as it is now (a live `seller-product.changed`): in place,
 * first when new, gone once delisted; the figures counted again as the server counts them.
 */
export function withProduct(list: SellerProducts, product: SellerProduct): SellerProducts {
  const items = product.delisted
    ? list.items.filter((item) => item.id !== product.id)
    : upsertById(list.items, product);
  return {
    items,
    stats: { total: items.length, active: items.filter(isActive).length, inventoryValuePaise: inventoryValue(items) },
  };
}
