import { Trans } from '@lingui/react/macro';
import type { Paise } from '../../../domain/money.ts';
import { formatPrice } from '../format.ts';
import { ApproxAmount } from './Money.tsx';

interface PriceProps {
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  /** From the API; null when there is no discount to show. */
  percentOff: number | null;
  size?: 'md' | 'lg';
  /** The lowest of prices that differ (a product's variants): "from ₹X", without a discount. */
  from?: boolean;
}

/** The price (with its approximation in the buyer's currency), and when discounted the original price struck through with the percent off. */
export function Price({ pricePaise, originalPricePaise, percentOff, size = 'md', from = false }: PriceProps) {
  const discounted = !from && percentOff !== null && originalPricePaise !== null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {from && (
        <span className={size === 'lg' ? 'text-lg' : 'text-sm'}>
          <Trans>from</Trans>
        </span>
      )}
      <span className={`font-bold text-primary ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
        {formatPrice(pricePaise)}
      </span>
      <ApproxAmount paise={pricePaise} />
      {discounted && (
        <>
          <del className={`text-base-content/70 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
            <span className="sr-only">
              <Trans>Original price</Trans>{' '}
            </span>
            {formatPrice(originalPricePaise)}
          </del>
          <span className="badge badge-secondary badge-sm self-center font-semibold">
            <Trans>{percentOff}% OFF</Trans>
          </span>
        </>
      )}
    </p>
  );
}
