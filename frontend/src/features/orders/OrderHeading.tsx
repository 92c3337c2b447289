import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type OrderStatus, canMove } from '../../../../domain/order/status.ts';
import { OrderStatusBadge } from '../../components/OrderStatusBadge.tsx';
import { formatDate, formatDateTime } from '../../format.ts';
import { type ForwardStatus, FORWARD_STATUSES } from './orders.ts';
import { MARK_LABELS } from './statusWords.ts';

interface OrderHeadingProps {
  /** The heading's id: the card's buttons are described by it. */
  id: string;
  /** How the order is named: '#1a2b3c4d' (a purchase), '#1a2b3c4d-2' (a seller order). */
  label: string;
  placedAt: string;
  /** Whether the time of day is shown after the date. */
  withTime?: boolean;
  status: OrderStatus;
  /** After the date: who ordered (' · Priya Sharma'). */
  children?: ReactNode;
}

/** The top of an order card in a dashboard list: "Order #1a2b3c4d", when it was placed, and its status. */
export function OrderHeading({ id, label, placedAt, withTime = false, status, children }: OrderHeadingProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {/* Focusable from script: it takes the focus when the button that had it goes with a move. */}
      <h3 id={id} tabIndex={-1} className="font-semibold outline-none">
        <Trans>Order {label}</Trans>
        <span className="ml-2 text-sm font-normal text-base-content/80">
          <time dateTime={placedAt}>{withTime ? formatDateTime(placedAt) : formatDate(placedAt)}</time>
          {children}
        </span>
      </h3>
      <OrderStatusBadge status={status} />
    </div>
  );
}

interface OrderMovesProps {
  status: OrderStatus;
  /** The id of the heading that names the order: each button is described by it. */
  describedBy: string;
  /** A change of the order is under way (the seller's undo); the moves themselves are made in their dialog. */
  busy?: boolean;
  onMove: (status: ForwardStatus) => void;
  /** Cancelling asks for a reason first: this opens that dialog. */
  onCancel: () => void;
  cancelLabel: string;
  /** More buttons, after the moves. */
  children?: ReactNode;
}

/** The status moves an order allows, in the order of the status machine (domain/order/status.ts), and cancel while it may be. */
export function OrderMoves(props: OrderMovesProps) {
  const { t } = useLingui();
  const { status, describedBy, busy = false, onMove, onCancel, cancelLabel, children } = props;
  return (
    <div className="flex flex-wrap gap-2">
      {FORWARD_STATUSES.filter((to) => canMove(status, to)).map((to) => (
        <button
          key={to}
          type="button"
          className="btn btn-outline btn-sm"
          aria-describedby={describedBy}
          disabled={busy}
          onClick={() => onMove(to)}
        >
          {t(MARK_LABELS[to])}
        </button>
      ))}
      {canMove(status, 'cancelled') && (
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          aria-describedby={describedBy}
          disabled={busy}
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
      )}
      {children}
    </div>
  );
}
