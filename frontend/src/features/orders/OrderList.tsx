import { Link } from 'wouter';
import type { Resource } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { upsertById } from '../../lists.ts';
import { OrderCard } from './OrderCard.tsx';
import type { Order } from './types.ts';

/** The Recent Orders tab: the buyer's orders, newest first. */
export function OrderList({ orders }: { orders: Resource<Order[]> }) {
  if (orders.loading) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading orders">
        <Skeleton className="h-52 rounded-box" />
        <Skeleton className="h-52 rounded-box" />
      </div>
    );
  }
  if (orders.failed) return <LoadFailed what="your orders" onRetry={() => void orders.reload()} />;
  if (orders.data!.length === 0) {
    return (
      <EmptyState title="No orders yet" text="Your orders will appear here once you place one.">
        <Link href="/products" className="btn btn-primary">
          Start Shopping
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4">
      {orders.data!.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} onChange={(changed) => orders.update((list) => upsertById(list, changed))} />
        </li>
      ))}
    </ul>
  );
}
