import type { DeliveryMethod } from '../../../../domain/order/options.ts';
import type { EstimatesState } from './useDeliveryEstimates.ts';
import { arrivesText } from './windowText.ts';

/**
 * When an option's parcels arrive: "Arrives 3-5 Dec", one line per seller when several ship
 * parts of the order; `fallback` (the option's usual time) until the PIN is known.
 */
export function OptionWindows({
  state,
  delivery,
  fallback,
}: {
  state: EstimatesState;
  delivery: DeliveryMethod;
  fallback: string;
}) {
  if (state.status !== 'ready') return <>{fallback}</>;
  const { parcels } = state.estimates;
  const windowOf = (parcel: (typeof parcels)[number]) => {
    const option = parcel.options.find((o) => o.delivery === delivery)!;
    return arrivesText(option.from, option.to);
  };
  if (parcels.length === 1) return <span>{windowOf(parcels[0]!)}</span>;
  return (
    <span className="flex flex-col">
      {parcels.map((parcel) => (
        <span key={parcel.sellerId}>
          <span dir="auto">{parcel.sellerName}</span>: {windowOf(parcel)}
        </span>
      ))}
    </span>
  );
}
