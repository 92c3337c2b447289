import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { multiply, sum } from '../../../../domain/money.ts';
import { shortReturnId } from '../../../../domain/order/status.ts';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { formatDate, formatPrice } from '../../format.ts';
import type { OrderReturn } from './types.ts';

const RETURN_STYLES: Record<OrderReturn['status'], { label: MessageDescriptor; className: string }> = {
  requested: { label: msg`Return requested`, className: 'badge-warning' },
  accepted: { label: msg`Return accepted`, className: 'badge-success' },
  rejected: { label: msg`Return rejected`, className: 'badge-error' },
};

/** A return's state with its own colour. */
export function ReturnStatusBadge({ status }: { status: OrderReturn['status'] }) {
  const { t } = useLingui();
  const { label, className } = RETURN_STYLES[status];
  return <span className={`badge whitespace-nowrap ${className}`}>{t(label)}</span>;
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
  const { t } = useLingui();
  if (returns.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t`Returns`}>
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
  const { t } = useLingui();
  const headingId = useId();
  const Heading = nested ? 'h5' : 'h4';
  const label = returnLabel(request);
  const askedOn = formatDate(request.requestedAt);
  const reason = request.reason;
  return (
    <li className="rounded-box bg-base-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="font-semibold">
          <Trans>Return {label}</Trans>
        </Heading>
        <ReturnStatusBadge status={request.status} />
      </div>
      <p className="mt-1" dir="auto">
        {request.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')} ·{' '}
        {formatPrice(returnValue(request))}
      </p>
      <p className="mt-1 text-base-content/80">
        <Trans>
          Asked on <time dateTime={request.requestedAt}>{askedOn}</time>: <span dir="auto">{reason}</span>
        </Trans>
      </p>
      {request.status !== 'requested' && request.decidedAt && (
        <Answer
          answeredBy={answeredBy}
          accepted={request.status === 'accepted'}
          at={request.decidedAt}
          reason={request.decisionReason}
        />
      )}
      {onDecide && request.status === 'requested' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <DecisionButtons
            describedBy={headingId}
            acceptLabel={t`Accept return`}
            rejectLabel={t`Reject return`}
            size={nested ? 'xs' : 'sm'}
            onAccept={() => onDecide(request, true)}
            onReject={() => onDecide(request, false)}
          />
        </div>
      )}
    </li>
  );
}

/** "The seller accepted it on 5 Mar 2025: reason". */
function Answer({
  answeredBy,
  accepted,
  at,
  reason,
}: {
  answeredBy: string;
  accepted: boolean;
  at: string;
  reason: string | null | undefined;
}) {
  const day = formatDate(at);
  return (
    <p className="mt-1">
      {accepted ? (
        <Trans>
          {answeredBy} accepted it on <time dateTime={at}>{day}</time>
        </Trans>
      ) : (
        <Trans>
          {answeredBy} rejected it on <time dateTime={at}>{day}</time>
        </Trans>
      )}
      {reason && <span dir="auto">{`: ${reason}`}</span>}
    </p>
  );
}
