import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_STATUSES, type OrderStatus } from '../../../../../domain/order/status.ts';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { DayRangeFields } from '../../../components/DayRangeFields.tsx';
import { SelectField } from '../../../components/Field.tsx';

/** The orders filters, as kept in the URL: ids and days (YYYY-MM-DD), '' for any. */
export const ORDER_FILTERS = ['status', 'seller', 'buyer', 'from', 'to'] as const;
export type OrderFilterValues = Record<(typeof ORDER_FILTERS)[number], string>;

/** The sellers offered to filter by: the API's largest page. */
const SELLERS_QUERY = { limit: '100' };

/** A status as an option of the filter. */
const STATUS_OPTIONS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  processing: msg`Processing`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

interface OrderFiltersProps {
  filters: OrderFilterValues;
  /** The buyer of `filters.buyer`, when the orders shown name them. */
  buyerName: string | null;
  onChange: (changes: Partial<OrderFilterValues>) => void;
}

/** Status, seller and days placed; the buyer filter comes from a link (an order's buyer, a user) and can be removed here. */
export function OrderFilters({ filters, buyerName, onChange }: OrderFiltersProps) {
  const { t } = useLingui();
  const { data: sellers } = useApiGet(
    (options) => server.admin.sellers.$get({ query: SELLERS_QUERY }, options),
    [],
    t`Failed to load sellers`,
  );

  return (
    <div>
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t`Status`}
          name="status"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value })}
        >
          <option value="">{t`All statuses`}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_OPTIONS[status])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Seller`}
          name="seller"
          value={filters.seller}
          onChange={(event) => onChange({ seller: event.target.value })}
        >
          <option value="">{t`All sellers`}</option>
          {sellers?.items.map((seller) => (
            <option key={seller.id} value={seller.id}>
              {seller.fullName}
            </option>
          ))}
        </SelectField>
        <DayRangeFields labels={{ from: t`Placed from`, to: t`Placed to` }} value={filters} onChange={onChange} />
      </div>
      {filters.buyer && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>{buyerName ? t`Orders of ${buyerName}` : t`Orders of one buyer`}</span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => onChange({ buyer: '' })}>
            <Trans>Show every buyer</Trans>
          </button>
        </p>
      )}
    </div>
  );
}
