import { Trans, useLingui } from '@lingui/react/macro';
import { lineKey } from '../../../../domain/order/line-key.ts';
import { LineAnswers } from '../../components/LineAnswers.tsx';
import { LineVariant } from '../../components/LineVariant.tsx';
import { ApproxAmount, Money } from '../../components/Money.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { OrderStatusBadge } from '../../components/OrderStatusBadge.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { formatDate, formatDateTime, formatPrice } from '../../format.ts';
import { CancelPartDialog } from './CancelPartDialog.tsx';
import { InvoiceLinks } from './InvoiceLinks.tsx';
import { canAskReturn, linesOf, notReturnable, partLabel } from './orders.ts';
import { RefundList } from './RefundList.tsx';
import { ReturnDialog } from './ReturnDialog.tsx';
import { ThreadLink } from '../messages/index.ts';
import { GetHelp } from '../help/index.ts';
import { OrderPromise } from '../delivery/index.ts';
import { ShipmentTimeline } from '../shipments/index.ts';
import { ReturnList } from './ReturnList.tsx';
import type { ReturnRules } from './returnPolicy.ts';
import type { Order, OrderPart, SellerOrderChange } from './types.ts';

interface OrderPartSectionProps {
  order: Order;
  part: OrderPart;
  rules: ReturnRules;
  /** "View Details" is open: the part's status history shows. */
  detailsShown: boolean;
  /** After a cancel or a return request, with the seller order it left. */
  onChange: (result: SellerOrderChange) => void;
}

/**
 * One seller's part of the buyer's purchase: its seller, short id, lines, subtotal and its own
 * status; Message seller, Cancel while it is pending, Return items once delivered and within the window; its
 * returns with the seller's answers, and its status history with the details.
 */
export function OrderPartSection({ order, part, rules, detailsShown, onChange }: OrderPartSectionProps) {
  const { t } = useLingui();
  const headingId = useId();
  const sellerName = part.sellerName;
  const label = partLabel(part);
  const cancelReason = part.cancelReason;
  const [dialog, setDialog] = useState<'cancel' | 'return' | null>(null);
  // After a change the button that opened its dialog may be gone (Cancel order, once cancelled): the heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const [changedHere, setChangedHere] = useState(false);
  useEffect(() => {
    if (!changedHere || dialog) return;
    heading.current?.focus();
    setChangedHere(false);
  }, [changedHere, dialog]);
  const lines = linesOf(order, part);
  const returnable = canAskReturn(part, lines, rules);

  function changed(result: SellerOrderChange) {
    setDialog(null);
    setChangedHere(true);
    onChange(result);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
          <Trans>
            Sold by <span dir="auto">{sellerName}</span>
          </Trans>{' '}
          <span className="ml-2 text-sm font-normal text-base-content/80">
            <Trans>Order {label}</Trans>
          </span>
        </h3>
        <OrderStatusBadge status={part.status} />
      </div>

      <ul className="mt-2 divide-y divide-base-300">
        {lines.map((line) => (
          <li key={lineKey(line)} className="flex items-center gap-3 py-2">
            <ProductImage src={line.imageUrl} alt="" className="w-12 shrink-0 rounded-box" />
            <span className="min-w-0 flex-1 break-words">
              <span dir="auto">{line.name}</span>
              <LineVariant label={line.variantLabel} />
              <LineAnswers answers={line.personalisation} />
              {notReturnable(part, line, rules) && (
                <span className="block text-sm text-base-content/80">{notReturnable(part, line, rules)}</span>
              )}
            </span>
            <span className="text-sm whitespace-nowrap text-base-content/80">
              {line.quantity} x <Money paise={line.pricePaise} />
            </span>
          </li>
        ))}
      </ul>
      <Subtotal paise={part.subtotalPaise} />
      <OrderPromise promise={part.promise} status={part.status} />
      <ShipmentTimeline shipment={part.shipment} />
      {(part.status === 'shipped' || part.status === 'delivered') && <InvoiceLinks part={part} />}
      {cancelReason && (
        <p className="mt-1 text-sm text-error" dir="auto">
          <Trans>Cancelled: {cancelReason}</Trans>
        </p>
      )}
      {returnable && part.deliveredAt && <ReturnsOpenUntil closes={rules.closesAt(part.deliveredAt).toISOString()} />}

      <div className="mt-2">
        <ReturnList returns={part.returns} answeredBy={t`The seller`} />
        <RefundList refunds={order.refunds.filter((refund) => refund.sellerOrderId === part.id)} />
      </div>
      <GetHelp sellerOrderId={part.id} status={part.status} />

      <div className="mt-3 flex flex-wrap gap-2">
        <ThreadLink sellerOrderId={part.id} label={t`Message seller`} describedBy={headingId} />
        {part.status === 'pending' && (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-describedby={headingId}
            onClick={() => setDialog('cancel')}
          >
            <Trans>Cancel order</Trans>
          </button>
        )}
        {returnable && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-describedby={headingId}
            onClick={() => setDialog('return')}
          >
            <Trans>Return items</Trans>
          </button>
        )}
      </div>

      <div hidden={!detailsShown} className="mt-3 text-sm">
        <h4 className="mb-2 font-semibold">
          <Trans>Status history</Trans>
        </h4>
        <ol className="space-y-2">
          {part.history.map((step) => (
            <li key={`${step.status}-${step.at}`} className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={step.status} />
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </li>
          ))}
        </ol>
      </div>

      {dialog === 'cancel' && (
        <CancelPartDialog part={part} onCancelled={changed} onClose={() => setDialog(null)}>
          <p>
            <Trans>
              {sellerName} will not send these items, and they go back into stock. The rest of your order is not
              affected. This cannot be undone.
            </Trans>
          </p>
        </CancelPartDialog>
      )}
      {dialog === 'return' && (
        <ReturnDialog part={part} lines={lines} rules={rules} onReturned={changed} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function Subtotal({ paise }: { paise: number }) {
  const subtotal = formatPrice(paise);
  return (
    <p className="text-sm">
      <Trans>Subtotal: {subtotal}</Trans>
      <ApproxAmount paise={paise} />
    </p>
  );
}

function ReturnsOpenUntil({ closes }: { closes: string }) {
  const day = formatDate(closes);
  return (
    <p className="mt-1 text-sm text-base-content/80">
      <Trans>
        Returns open until <time dateTime={closes}>{day}</time>
      </Trans>
    </p>
  );
}
