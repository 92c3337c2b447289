import { Trans, useLingui } from '@lingui/react/macro';
import { LineVariant } from '../../components/LineVariant.tsx';
import { ProductName } from '../../components/ProductName.tsx';
import { multiply } from '../../../../domain/money.ts';
import type { DeliveryMethod } from '../../../../domain/order/options.ts';
import { priceOrder } from '../../../../domain/order/pricing.ts';
import { madeToOrderText } from '../../../../domain/product/made-to-order.ts';
import { LineAnswers } from '../../components/LineAnswers.tsx';
import { formatDay } from '../../format.ts';
import { deliveryLabel as labelOf } from '../../i18n/domain-labels.ts';
import { type Cart, StockFlag } from '../cart/index.ts';
import { Money } from '../../components/Money.tsx';

/**
 * The lines, subtotal, delivery charge and total of the order about to be placed, and the day it
 * is expected to be dispatched by (made-to-order lines take longer); a line the stock no longer
 * covers is flagged with its fix, applied here (`onCart` takes the cart after it).
 */
export function OrderSummary({
  cart,
  delivery,
  onCart,
}: {
  cart: Cart;
  delivery: DeliveryMethod;
  onCart: (cart: Cart) => void;
}) {
  const { t } = useLingui();
  const totals = priceOrder(
    cart.lines.map(({ quantity, product }) => ({ pricePaise: product.pricePaise, quantity })),
    delivery,
  );
  const deliveryLabel = labelOf(delivery);
  return (
    <>
      <h2 id="checkout-summary-title" className="text-xl font-semibold">
        <Trans>Order Summary</Trans>
      </h2>
      <ul className="flex flex-col gap-2 text-sm" aria-label={t`Items`}>
        {cart.lines.map((line) => (
          <li key={line.lineKey} className="flex flex-col gap-1">
            <span className="flex justify-between gap-4">
              <span>
                <ProductName product={line.product} /> <span className="text-base-content/80">× {line.quantity}</span>
                <LineVariant label={line.variantLabel} />
              </span>
              <span className="shrink-0">
                <Money paise={multiply(line.product.pricePaise, line.quantity)} />
              </span>
            </span>
            <LineAnswers answers={line.personalisation} />
            {line.product.madeToOrderDays !== null && (
              <span className="text-base-content/80">{madeToOrderText(line.product.madeToOrderDays)}</span>
            )}
            <StockFlag line={line} onCart={onCart} />
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-base-300 pt-4">
        <div className="flex justify-between">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>
            <Money paise={totals.subtotalPaise} />
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>
            <Trans>Delivery ({deliveryLabel})</Trans>
          </dt>
          <dd>
            <Money paise={totals.deliveryChargePaise} />
          </dd>
        </div>
        <div className="flex justify-between border-t border-base-300 pt-2 text-lg font-bold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>
            <Money paise={totals.totalPaise} />
          </dd>
        </div>
      </dl>
      {cart.dispatchBy && <DispatchBy day={cart.dispatchBy} />}
    </>
  );
}

function DispatchBy({ day }: { day: string }) {
  const dayText = formatDay(day);
  return (
    <p className="text-sm">
      <Trans>
        Expected dispatch by <time dateTime={day}>{dayText}</time>
      </Trans>
    </p>
  );
}
