import { useState } from 'react';
import { orderStatusChangeSchema } from '../../../../../domain/order/schemas.ts';
import type { OrderStatus } from '../../../../../domain/order/status.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { type StatusChange, orderLabel } from '../../orders/index.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { PAGE_SIZE, usePaging } from '../paging.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import type { AdminOrder } from '../types.ts';
import { adminHref, useFilters } from '../url.ts';
import { AdminOrderRow } from './AdminOrderRow.tsx';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters.tsx';

/** The reason rule of cancelling, from the API's body schema. */
const cancelReasonSchema = orderStatusChangeSchema.options[1].pick({ reason: true });

/** The Orders tab: every order, newest first, filtered (in the URL), moved or cancelled. */
export function OrdersTab() {
  const [filters, setFilters] = useFilters(ORDER_FILTERS);
  const { status, seller, buyer, from, to } = filters;
  // Filters left empty are not sent; the server checks the others (a status it does not know is a load failure).
  const query = {
    status: (status || undefined) as OrderStatus | undefined,
    sellerId: seller || undefined,
    buyerId: buyer || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const paging = usePaging(JSON.stringify(query));
  const orders = useApiGet(
    (options) => server.admin.orders.$get({ query: { ...query, limit: String(PAGE_SIZE), offset: String(paging.offset) } }, options),
    [status, seller, buyer, from, to, paging.offset],
    'Failed to load orders',
    { live: true },
  );
  const commands = useListCommands(orders.reload, orders.data?.items.map((order) => order.id) ?? []);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const buyerName = (buyer && orders.data?.items.find((order) => order.buyerId === buyer)?.buyerName) || null;

  function change(order: AdminOrder, statusChange: StatusChange) {
    return commands.run(order.id, {
      send: () => call(server.admin.orders[':id'].status.$post({ param: { id: encodeURIComponent(order.id) }, json: statusChange })),
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
