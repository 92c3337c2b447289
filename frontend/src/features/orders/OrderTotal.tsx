import { Trans } from '@lingui/react/macro';
import { ApproxAmount } from '../../components/Money.tsx';
import { formatPrice } from '../../format.ts';

/** What a purchase cost, with its delivery charge (counted once, however many sellers send parts). */
export function OrderTotal({ order }: { order: { totalPaise: number; deliveryChargePaise: number } }) {
  const total = formatPrice(order.totalPaise);
  const delivery = formatPrice(order.deliveryChargePaise);
  return (
    <p>
      <span className="font-semibold">
        <Trans>Total: {total}</Trans>
        <ApproxAmount paise={order.totalPaise} />
      </span>
      <span className="ml-2 text-sm text-base-content/80">
        <Trans>including {delivery} delivery</Trans>
      </span>
    </p>
  );
}
