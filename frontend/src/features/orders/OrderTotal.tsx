import { formatPrice } from '../../format.ts';

/** What a purchase cost, with its delivery charge (counted once, however many sellers send parts). */
export function OrderTotal({ order }: { order: { totalPaise: number; deliveryChargePaise: number } }) {
  return (
    <p>
      <span className="font-semibold">Total: {formatPrice(order.totalPaise)}</span>
      <span className="ml-2 text-sm text-base-content/80">
        including {formatPrice(order.deliveryChargePaise)} delivery
      </span>
    </p>
  );
}
