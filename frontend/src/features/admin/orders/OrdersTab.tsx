import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { OrderStatus } from '../../../../../domain/order/status.ts';
import { server } from '../../../api/client.ts';
import {
  CancelPartDialog,
  DecideReturnDialog,
  type ForwardStatus,
  type OrderPart,
  type OrderReturn,
  MoveDialog,
  type SellerOrderChange,
} from '../../orders/index.ts';
import { AdminList } from '../AdminList.tsx';
import { always, useLiveReload } from '../live.ts';
import { usePagedGet } from '../paging.tsx';
import { adminHref, useFilters } from '../url.ts';
import { AdminOrderRow } from './AdminOrderRow.tsx';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters.tsx';

type Dialog =
  | { kind: 'move'; part: OrderPart; to: ForwardStatus }
  | { kind: 'cancel'; part: OrderPart }
  | { kind: 'decide'; part: OrderPart; request: OrderReturn; accept: boolean }
  | null;

/** The Orders tab: every order, newest first, filtered (in the URL), moved or cancelled. */
export function OrdersTab() {
  const { t } = useLingui();
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
  const [orders, paging] = usePagedGet(
    (page, options) => server.admin.orders.$get({ query: { ...query, ...page } }, options),
    [status, seller, buyer, from, to],
    t`Failed to load orders`,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // A new purchase, a move, a cancel or a return may change what the filters show.
  useLiveReload(orders.reload, { 'admin.order.changed': always });
  const [dialog, setDialog] = useState<Dialog>(null);
  const buyerName = (buyer && orders.data?.items.find((order) => order.buyerId === buyer)?.buyerName) || null;

  /** A move, a cancel or a decision made in its dialog (which said how it went): the list as the server has it now. */
  function decided({ position }: SellerOrderChange) {
    setDialog(null);
    void orders.reload(position);
  }

  return (
    <>
      <AdminList
        title={t`Orders`}
        description={t`Every purchase, newest first, with each seller's part. Move any part along, cancel it with a reason while it is pending or processing, or decide a return.`}
        headingRef={heading}
        toolbar={<OrderFilters filters={filters} buyerName={buyerName} onChange={setFilters} />}
        resource={orders}
        paging={paging}
        what={t`the orders`}
        empty={{ title: t`No orders match these filters`, text: t`Orders appear here as buyers place them.` }}
        rowSkeleton="h-44"
      >
        {(order) => (
          <AdminOrderRow
            key={order.id}
            order={order}
            buyerHref={adminHref('orders', { ...filters, buyer: order.buyerId })}
            onMove={(part, to) => setDialog({ kind: 'move', part, to })}
            onCancel={(part) => setDialog({ kind: 'cancel', part })}
            onDecide={(part, request, accept) => setDialog({ kind: 'decide', part, request, accept })}
          />
        )}
      </AdminList>
      {dialog?.kind === 'move' && (
        <MoveDialog
          part={dialog.part}
          to={dialog.to}
          earning={t`The seller's earning`}
          onMoved={decided}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelPartDialog part={dialog.part} onCancelled={decided} onClose={() => setDialog(null)}>
          <CancelNote sellerName={dialog.part.sellerName} />
        </CancelPartDialog>
      )}
      {dialog?.kind === 'decide' && (
        <DecideReturnDialog
          part={dialog.part}
          request={dialog.request}
          accept={dialog.accept}
          onDecided={decided}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** What cancelling a seller's part does, in its dialog. */
function CancelNote({ sellerName }: { sellerName: string }) {
  return (
    <p>
      <Trans>
        {sellerName} will not send these items, and they go back into stock. The buyer's other parts are not affected.
        This cannot be undone.
      </Trans>
    </p>
  );
}
