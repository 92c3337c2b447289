import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lineKey } from '../../../../domain/order/line-key.ts';
import { LineAnswers } from '../../components/LineAnswers.tsx';
import { LineVariant } from '../../components/LineVariant.tsx';
import { useEffect, useId, useState } from 'react';
import { multiply, sum } from '../../../../domain/money.ts';
import type { Resource } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDay, formatPrice } from '../../format.ts';
import { deliveryLabel } from '../../i18n/domain-labels.ts';
import {
  CancelPartDialog,
  DecideReturnDialog,
  type ForwardStatus,
  MoveDialog,
  OrderHeading,
  OrderMoves,
  type OrderReturn,
  ReturnList,
  type SellerOrder,
  type SellerOrderChange,
  UndoMove,
  partLabel,
  undoPartStatus,
} from '../orders/index.ts';
import { AsOrderedDialog } from './history/AsOrderedDialog.tsx';
import { byShipBy, withSellerOrder } from './sellerOrderList.ts';
import { ThreadLink } from '../messages/index.ts';
import { SellerHelp } from '../help/index.ts';
import { ShipmentControls } from '../shipments/index.ts';
import { ShipDialog } from './ShipDialog.tsx';

type Dialog =
  | { kind: 'move'; order: SellerOrder; to: ForwardStatus }
  | { kind: 'cancel'; order: SellerOrder }
  | { kind: 'decide'; order: SellerOrder; request: OrderReturn; accept: boolean }
  | null;

interface IncomingOrdersProps {
  /** The seller's orders (GET /seller-orders), kept live by the dashboard. */
  orders: Resource<SellerOrder[]>;
  /** Only the orders with returns to decide. */
  onlyReturns: boolean;
  setOnlyReturns: (only: boolean) => void;
  className?: string;
  /** A change of the seller's that moved their ledger (a delivery, an accepted return), with the log position it reached. */
  onLedgerMoved?: (position: number) => void;
}

/**
 * The seller's orders: their part of each purchase (their lines only), newest first or those to
 * dispatch by their ship-by day (the late ones flagged), kept live; the buyer and where to ship, the status moves allowed (each confirmed, the last one
 * undone for a few minutes), and the returns to decide.
 */
export function IncomingOrders({
  orders,
  onlyReturns,
  setOnlyReturns,
  className = '',
  onLedgerMoved,
}: IncomingOrdersProps) {
  const { t } = useLingui();
  const [moving, setMoving] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The order a change was made to: the buttons that had the focus may have gone with it, so its heading takes it. */
  const [changedId, setChangedId] = useState<string | null>(null);
  const [shipByFirst, setShipByFirst] = useState(false);

  function applied({ sellerOrder, position }: SellerOrderChange, movesLedger: boolean) {
    orders.update((list) => withSellerOrder(list, sellerOrder));
    setChangedId(sellerOrder.id);
    if (movesLedger) onLedgerMoved?.(position);
  }

  async function undo(order: SellerOrder, status: NonNullable<SellerOrder['undo']>['status']) {
    setMoving(order.id);
    const result = await undoPartStatus(order, status);
    setMoving(null);
    if (result) applied(result, false);
  }

  const openReturns = sum(orders.data?.map((order) => order.openReturns) ?? []);
  const listed = onlyReturns ? (orders.data ?? []).filter((order) => order.openReturns > 0) : (orders.data ?? []);
  const shown = shipByFirst ? byShipBy(listed) : listed;

  return (
    <section id="orders" aria-labelledby="incoming-title" className={className}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">
          <span id="incoming-title">
            <Trans>Incoming Orders</Trans>
          </span>
        </h2>
        <div className="flex flex-wrap gap-2">
          {(orders.data?.length ?? 0) > 1 && (
            <button
              type="button"
              className="btn btn-sm"
              aria-pressed={shipByFirst}
              onClick={() => setShipByFirst(!shipByFirst)}
            >
              <Trans>Sort by ship-by date</Trans>
            </button>
          )}
          {(openReturns > 0 || onlyReturns) && (
            <button
              type="button"
              className="btn btn-sm"
              aria-pressed={onlyReturns}
              onClick={() => setOnlyReturns(!onlyReturns)}
            >
              <Trans>Returns to decide</Trans>
              <span className="badge badge-warning badge-sm">{openReturns}</span>
            </button>
          )}
        </div>
      </div>
      {orders.loading ? (
        <Skeleton className="h-48 rounded-box" />
      ) : orders.failed ? (
        <LoadFailed what={t`your incoming orders`} onRetry={() => void orders.reload()} />
      ) : orders.data!.length === 0 ? (
        <EmptyState
          title={t`No incoming orders yet`}
          text={t`Orders for your products will appear here as they are placed.`}
        />
      ) : shown.length === 0 ? (
        <EmptyState title={t`No returns to decide`} text={t`Returns buyers ask for will appear here.`} />
      ) : (
        <ul className="space-y-3">
          {shown.map((order) => (
            <SellerOrderCard
              key={order.id}
              order={order}
              busy={moving === order.id}
              takeFocus={changedId === order.id}
              onFocusTaken={() => setChangedId(null)}
              onMove={(to) => setDialog({ kind: 'move', order, to })}
              onUndo={(status) => void undo(order, status)}
              onCancel={() => setDialog({ kind: 'cancel', order })}
              onDecide={(request, accept) => setDialog({ kind: 'decide', order, request, accept })}
              onTracked={applied}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'move' && dialog.to === 'shipped' && (
        <ShipDialog
          part={dialog.order}
          onMoved={(result) => {
            setDialog(null);
            applied(result, false);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && dialog.to !== 'shipped' && (
        <MoveDialog
          part={dialog.order}
          to={dialog.to}
          earning={t`Your earning`}
          onMoved={(result) => {
            setDialog(null);
            applied(result, dialog.to === 'delivered');
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelPartDialog
          part={dialog.order}
          onCancelled={(result) => {
            setDialog(null);
            applied(result, false);
          }}
          onClose={() => setDialog(null)}
        >
          <p>
            <Trans>
              The order will not be delivered, its items go back into your stock, and the buyer sees your reason. This
              cannot be undone.
            </Trans>
          </p>
        </CancelPartDialog>
      )}
      {dialog?.kind === 'decide' && (
        <DecideReturnDialog
          part={dialog.order}
          request={dialog.request}
          accept={dialog.accept}
          onDecided={(result) => {
            setDialog(null);
            applied(result, dialog.accept);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

interface SellerOrderCardProps {
  order: SellerOrder;
  /** A move of it is under way. */
  busy: boolean;
  /** It has just changed: its heading takes the focus (once any dialog has closed), then says so. */
  takeFocus: boolean;
  onFocusTaken: () => void;
  onMove: (status: ForwardStatus) => void;
  onUndo: (status: NonNullable<SellerOrder['undo']>['status']) => void;
  onCancel: () => void;
  onDecide: (request: OrderReturn, accept: boolean) => void;
  onTracked: (result: SellerOrderChange, movesLedger: boolean) => void;
}

function SellerOrderCard(props: SellerOrderCardProps) {
  const { order, busy, takeFocus, onFocusTaken, onMove, onUndo, onCancel, onDecide, onTracked } = props;
  const { t } = useLingui();
  const titleId = useId();
  useEffect(() => {
    if (!takeFocus || document.querySelector('dialog[open]')) return;
    document.getElementById(titleId)?.focus();
    onFocusTaken();
  });
  const [asOrdered, setAsOrdered] = useState<SellerOrder['lines'][number] | null>(null);
  const to = order.shippingAddress;
  const phone = to.phone;
  const shipBy = formatDay(order.shipBy);
  const subtotal = formatPrice(order.subtotalPaise);
  const cancelReason = order.cancelReason;

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <OrderHeading id={titleId} label={partLabel(order)} placedAt={order.placedAt} status={order.status}>
        {' '}
        · <span dir="auto">{order.buyerName}</span>
      </OrderHeading>
      <p className="text-sm">
        <Trans>
          Ship by <time dateTime={order.shipBy}>{shipBy}</time>
        </Trans>
        {order.late && (
          <span className="badge badge-error badge-sm ml-2">
            <Trans>Late</Trans>
          </span>
        )}
      </p>
      <p className="text-sm text-base-content/80">
        <Trans>Ship to</Trans>{' '}
        <span dir="auto">
          {to.firstName} {to.lastName}, {to.address}, {to.city}, {to.state} {to.pincode}
        </span>{' '}
        · <Trans>Phone {phone}</Trans> · {deliveryLabel(order.delivery)}
      </p>
      <ul className="divide-y divide-base-300">
        {order.lines.map((line) => (
          <li key={lineKey(line)} className="flex flex-wrap items-center justify-between gap-2 py-1">
            <span>
              <span dir="auto">{line.name}</span> <span className="text-base-content/80">x {line.quantity}</span>
              <LineVariant label={line.variantLabel} />
              <LineAnswers answers={line.personalisation} />
            </span>
            <span className="flex items-center gap-2">
              <span className="font-semibold">{formatPrice(multiply(line.pricePaise, line.quantity))}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={t`${ph({ lineName: line.name })} as ordered`}
                onClick={() => setAsOrdered(line)}
              >
                <Trans>As ordered</Trans>
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Trans>Subtotal: {subtotal}</Trans>
      </p>
      {cancelReason && (
        <p className="text-sm text-error">
          <Trans>Cancelled: {cancelReason}</Trans>
        </p>
      )}
      <ReturnList returns={order.returns} answeredBy={t`You`} onDecide={onDecide} />
      <SellerHelp sellerOrderId={order.id} />
      <ShipmentControls order={order} describedBy={titleId} onChange={onTracked} />
      <OrderMoves
        status={order.status}
        describedBy={titleId}
        busy={busy}
        onMove={onMove}
        onCancel={onCancel}
        cancelLabel={t`Cancel`}
      >
        <UndoMove undo={order.undo} describedBy={titleId} busy={busy} onUndo={onUndo} />
        <ThreadLink sellerOrderId={order.id} label={t`Message buyer`} describedBy={titleId} />
      </OrderMoves>
      {asOrdered && (
        <AsOrderedDialog
          productId={asOrdered.productId}
          orderId={order.orderId}
          name={asOrdered.name}
          onClose={() => setAsOrdered(null)}
        />
      )}
    </li>
  );
}
