import { useId } from 'react';
import { multiply, sum } from '../../../../domain/money.ts';
import { shortReturnId } from '../../../../domain/order/status.ts';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { formatDate, formatPrice } from '../../format.ts';
import type { OrderReturn } from './types.ts';

const RETURN_STYLES: Record<OrderReturn['status'], { label: string; className: string }> = {
  requested: { label: 'Return requested', className: 'badge-warning' },
  accepted: { label: 'Return accepted', className: 'badge-success' },
  rejected: { label: 'Return rejected', className: 'badge-error' },
};

/** A return's state with its own colour. */
export function ReturnStatusBadge({ status }: { status: OrderReturn['status'] }) {
  const { label, className } = RETURN_STYLES[status];
  return <span className={`badge whitespace-nowrap ${className}`}>{label}</span>;
}

/** "#3f2b9c1e-2-R1": how a return is named on screen. */
export const returnLabel = (request: Pick<OrderReturn, 'returnId'>): string => `#${shortReturnId(request.returnId)}`;

/** What the items of a return cost the buyer. */
export const returnValue = (request: Pick<OrderReturn, 'lines'>) =>
  sum(request.lines.map((line) => multiply(line.pricePaise, line.quantity)));

interface ReturnListProps {
  returns: readonly OrderReturn[];
  /** Who answers, as the reader calls them: "The seller", "You". */
  answeredBy: string;
  /** Offers Accept return and Reject return on the returns asked (to the seller and the admins). */
  onDecide?: (request: OrderReturn, accept: boolean) => void;
  /** Inside a part of a purchase (the admins' list): headings a level lower, smaller buttons. */
  nested?: boolean;
}

/** The returns asked on a seller order, oldest first: the items, the buyer's reason, and the answer with its reason. */
export function ReturnList({ returns, ...item }: ReturnListProps) {
  if (returns.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Returns">
      {returns.map((request) => (
        <ReturnItem key={request.returnId} request={request} {...item} />
      ))}
    </ul>
  );
}

function ReturnItem({
  request,
  answeredBy,
  onDecide,
  nested = false,
}: Omit<ReturnListProps, 'returns'> & { request: OrderReturn }) {
  const headingId = useId();
  const Heading = nested ? 'h5' : 'h4';
  return (
    <li className="rounded-box bg-base-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="font-semibold">
          Return {returnLabel(request)}
        </Heading>
        <ReturnStatusBadge status={request.status} />
      </div>
      <p className="mt-1">
        {request.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')} ·{' '}
        {formatPrice(returnValue(request))}
      </p>
      <p className="mt-1 text-base-content/80">
        Asked on <time dateTime={request.requestedAt}>{formatDate(request.requestedAt)}</time>: {request.reason}
      </p>
      {request.status !== 'requested' && request.decidedAt && (
        <p className="mt-1">
          {answeredBy} {request.status} it on <time dateTime={request.decidedAt}>{formatDate(request.decidedAt)}</time>
          {request.decisionReason && `: ${request.decisionReason}`}
        </p>
      )}
      {onDecide && request.status === 'requested' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <DecisionButtons
            describedBy={headingId}
            acceptLabel="Accept return"
            rejectLabel="Reject return"
            size={nested ? 'xs' : 'sm'}
            onAccept={() => onDecide(request, true)}
            onReject={() => onDecide(request, false)}
          />
        </div>
      )}
    </li>
  );
}
