import { useState } from 'react';
import { orderStatusChangeSchema } from '../../../../../domain/order/schemas.ts';
import { api, queryOf } from '../../../api/client.ts';
import type { Order, OrderChange, Page } from '../../../api/types.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { type StatusChange, orderLabel } from '../../orders/index.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { PAGE_SIZE, usePaging } from '../paging.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { adminHref, useFilters } from '../url.ts';
import { AdminOrderRow } from './AdminOrderRow.tsx';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters.tsx';

/** The reason rule of cancelling, from the API's body schema. */
const cancelReasonSchema = orderStatusChangeSchema.options[1].pick({ reason: true });

/** The Orders tab: every order, newest first, filtered (in the URL), moved or cancelled. */
export function OrdersTab() {
  const [filters, setFilters] = useFilters(ORDER_FILTERS);
  const { status, seller, buyer, from, to } = filters;
  const query = { status, sellerId: seller, buyerId: buyer, from, to };
  const paging = usePaging(queryOf(query));
  const orders = useApiGet<Page<Order>>(`/admin/orders${queryOf({ ...query, limit: PAGE_SIZE, offset: paging.offset })}`, 'Failed to load orders', { live: true });
  const commands = useListCommands(orders.reload, orders.data?.items.map((order) => order.id) ?? []);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const buyerName = (buyer && orders.data?.items.find((order) => order.buyerId === buyer)?.buyerName) || null;

  function change(order: Order, statusChange: StatusChange) {
    return commands.run(order.id, {
      send: () => api.post<OrderChange>(`/admin/orders/${encodeURIComponent(order.id)}/status`, statusChange),
      done: { title: 'Order updated', description: `Order ${orderLabel(order.id)} is now ${statusChange.status}.` },
      failed: 'Error updating order',
    });
  }

  async function cancel(reason: string) {
    if (await change(cancelling!, { status: 'cancelled', reason })) setCancelling(null);
  }

  return (
    <>
      <AdminList
        title="Orders"
        description="Every order, newest first. Move any order along, or cancel it with a reason while it is pending or processing."
        headingRef={commands.heading}
        toolbar={<OrderFilters filters={filters} buyerName={buyerName} onChange={setFilters} />}
        resource={orders}
        paging={paging}
        what="the orders"
        empty={{ title: 'No orders match these filters', text: 'Orders appear here as buyers place them.' }}
        rowSkeleton="h-44"
      >
        {(order) => (
          <AdminOrderRow
            key={order.id}
            order={order}
            buyerHref={adminHref('orders', { ...filters, buyer: order.buyerId })}
            busy={commands.busyId === order.id}
            onMove={(to) => void change(order, { status: to })}
            onCancel={() => setCancelling(order)}
          />
        )}
      </AdminList>
      {cancelling && (
        <ReasonDialog
          title={`Cancel order ${orderLabel(cancelling.id)}?`}
          label="Reason for cancelling"
          schema={cancelReasonSchema}
          confirmLabel="Cancel order"
          busyLabel="Cancelling..."
          destructive
          onConfirm={cancel}
          onClose={() => setCancelling(null)}
        >
          <p>The order will not be delivered, and its items go back into stock. This cannot be undone.</p>
        </ReasonDialog>
      )}
    </>
  );
}
