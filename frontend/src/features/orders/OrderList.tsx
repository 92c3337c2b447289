import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { withSellerOrder } from '../../../../domain/order/status.ts';
import type { Resource } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { OrderCard } from './OrderCard.tsx';
import { useReturnRules } from './returnPolicy.ts';
import type { Order, SellerOrderChange } from './types.ts';

/** The Recent Orders tab: the buyer's purchases, newest first, each with its sellers' parts. */
export function OrderList({ orders }: { orders: Resource<Order[]> }) {
  const { t } = useLingui();
  const rules = useReturnRules();

  /** A part the buyer cancelled or asked to return: shown at once, then the purchase as the server has it. */
  function partChanged({ sellerOrder, position }: SellerOrderChange) {
    orders.update((list) =>
      list.map((order) => (order.id === sellerOrder.orderId ? withSellerOrder(order, sellerOrder) : order)),
    );
    void orders.reload(position);
  }

  if (orders.loading) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={t`Loading orders`}>
        <Skeleton className="h-52 rounded-box" />
        <Skeleton className="h-52 rounded-box" />
      </div>
    );
  }
  if (orders.failed) return <LoadFailed what={t`your orders`} onRetry={() => void orders.reload()} />;
  if (orders.data!.length === 0) {
    return (
      <EmptyState title={t`No orders yet`} text={t`Your orders will appear here once you place one.`}>
        <Link href="/products" className="btn btn-primary">
          <Trans>Start Shopping</Trans>
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4">
      {orders.data!.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} rules={rules} onPartChange={partChanged} />
        </li>
      ))}
    </ul>
  );
}
