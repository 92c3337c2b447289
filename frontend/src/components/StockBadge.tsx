import { Trans } from '@lingui/react/macro';
import { isLowStock } from '../../../domain/catalog/status.ts';

/** 'Out of stock' at zero, 'Only Few Left!' below LOW_STOCK_THRESHOLD, nothing otherwise. */
export function StockBadge({ stockQuantity }: { stockQuantity: number }) {
  if (stockQuantity <= 0)
    return (
      <span className="badge badge-neutral badge-sm">
        <Trans>Out of stock</Trans>
      </span>
    );
  if (isLowStock(stockQuantity))
    return (
      <span className="badge badge-warning badge-sm font-semibold">
        <Trans>Only Few Left!</Trans>
      </span>
    );
  return null;
}
