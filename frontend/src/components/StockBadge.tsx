import { isLowStock } from '../../../domain/catalog/status.ts';

/** 'Out of stock' at zero, 'Only Few Left!' below LOW_STOCK_THRESHOLD, nothing otherwise. */
export function StockBadge({ stockQuantity }: { stockQuantity: number }) {
  if (stockQuantity <= 0) return <span className="badge badge-neutral badge-sm">Out of stock</span>;
  if (isLowStock(stockQuantity))
    return <span className="badge badge-warning badge-sm font-semibold">Only Few Left!</span>;
  return null;
}
