import { type FormEvent, useState } from 'react';
import { DISPUTE_OUTCOMES, type DisputeOutcome } from '../../../../../domain/dispute/events.ts';
import { disputeDecisionSchema } from '../../../../../domain/dispute/schemas.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../../domain/conversation/schemas.ts';
import { shortSellerOrderId } from '../../../../../domain/order/status.ts';
import { call, type Data, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ChoiceField, Field, TextAreaField } from '../../../components/Field.tsx';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge.tsx';
import { formatDateTime, formatPrice } from '../../../format.ts';
import { useForm } from '../../../forms.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { toast } from '../../../state/toasts.ts';
import { HelpSteps, paiseOf, reasonLabel } from '../../help/index.ts';

type Dispute = Data<typeof server.admin.disputes.$get>['items'][number];
type DisputeView = Data<(typeof server.admin.disputes)[':id']['$get']>;

const OUTCOME_LABELS: Readonly<Record<DisputeOutcome, string>> = {
  refund: 'Refund the buyer (in full or in part)',
  seller: "Close in the seller's favour",
};

/** The Disputes tab: help requests taken to MIBI, the longest waiting first; one opened shows everything to decide it. */
export function DisputesTab() {
  const list = useApiGet((options) => server.admin.disputes.$get({}, options), [], 'Failed to load disputes', {
    live: true,
  });
  useLiveEvent('dispute.changed', () => void list.reload());
  const [openId, setOpenId] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="disputes-title" className="space-y-4">
      <div>
        <h2 id="disputes-title" className="text-xl font-semibold">
          Disputes
        </h2>
        <p className="text-sm text-base-content/80">
          Help requests buyers took to MIBI, the longest waiting first. The seller's earning on each order is held until
          you decide.
        </p>
      </div>
      {list.data && items.length === 0 && <EmptyState title="No disputes to decide" />}
      <ul className="space-y-2">
        {items.map((dispute) => (
          <li key={dispute.id} className="rounded-box border border-base-300 p-3">
            <DisputeRow dispute={dispute} onOpen={() => setOpenId(openId === dispute.id ? null : dispute.id)} />
            {openId === dispute.id && (
              <DisputeScreen
                helpId={dispute.id}
                onDecided={(position) => {
                  setOpenId(null);
                  list.reload(position);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DisputeRow({ dispute, onOpen }: { dispute: Dispute; onOpen: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span>
        <span className="font-semibold">Order #{dispute.shortId}</span> · {reasonLabel(dispute.reason)} · with MIBI
        since{' '}
        <time dateTime={dispute.escalatedAt ?? dispute.updatedAt}>
          {formatDateTime(dispute.escalatedAt ?? dispute.updatedAt)}
        </time>
      </span>
      <button type="button" className="btn btn-outline btn-sm" onClick={onOpen}>
        Open dispute #{dispute.shortId}
      </button>
    </div>
  );
}

/** One screen: the request and its steps, the thread, the order's status history and shipment timeline, its payment and refunds, the decision. */
function DisputeScreen({ helpId, onDecided }: { helpId: string; onDecided: (position: number) => void }) {
  const view = useApiGet(
    (options) => server.admin.disputes[':id'].$get({ param: { id: encodeURIComponent(helpId) } }, options),
    [helpId],
    'Failed to load the dispute',
  );
  if (!view.data) return <p className="mt-2 text-sm">Loading…</p>;
  const { help, order, thread } = view.data;
  const part = order.sellerOrders.find((p) => p.id === help.sellerOrderId);
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-2">
      <section aria-label="The help request">
        <h3 className="font-semibold">The request</h3>
        <HelpSteps help={help} />
        {help.images.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="The buyer's photos">
            {help.images.map((image) => (
              <li key={image.id}>
                <img
                  src={image.sizes[0]?.url ?? image.url}
                  alt="The buyer's photo"
                  width={96}
                  height={96}
                  className="size-24 rounded object-cover"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="The conversation">
        <h3 className="font-semibold">The conversation</h3>
        <ol className="mt-2 max-h-80 space-y-2 overflow-y-auto text-sm">
          {(thread?.messages ?? []).map((message) => (
            <li key={message.id} className="rounded-box bg-base-200 p-2">
              <p className="font-medium">
                {message.from === 'buyer' ? 'Buyer' : 'Seller'} ·{' '}
                <time dateTime={message.at} className="font-normal">
                  {formatDateTime(message.at)}
                </time>
              </p>
              <p className="whitespace-pre-wrap break-words">{message.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <OrderFacts order={order} part={part} />
      <DecisionForm helpId={helpId} onDecided={onDecided} />
    </div>
  );
}

function OrderFacts({
  order,
  part,
}: {
  order: DisputeView['order'];
  part: DisputeView['order']['sellerOrders'][number] | undefined;
}) {
  const refunds = order.refunds.filter((refund) => refund.sellerOrderId === part?.id);
  return (
    <section aria-label="The order and its payment" className="text-sm">
      <h3 className="font-semibold">The order</h3>
      {part && (
        <>
          <p>
            Order #{shortSellerOrderId(part.id)} from {part.sellerName} to {order.buyerName}:{' '}
            {formatPrice(part.subtotalPaise)}
          </p>
          <h4 className="mt-2 font-medium">Status history</h4>
          <ol className="space-y-1">
            {part.history.map((step) => (
              <li key={`${step.status}-${step.at}`} className="flex items-center gap-2">
                <OrderStatusBadge status={step.status} />
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </li>
            ))}
          </ol>
          <h4 className="mt-2 font-medium">Shipment timeline</h4>
          {part.shipment ? (
            <>
              <p>
                {part.shipment.carrierName}, AWB {part.shipment.awb} ·{' '}
                <a href={part.shipment.trackingUrl} target="_blank" rel="noreferrer" className="link">
                  Tracking page
                </a>
              </p>
              <ol className="space-y-1" aria-label="Tracking updates">
                {part.shipment.updates.map((update) => (
                  <li key={`${update.update}-${update.happenedAt}`}>
                    {update.label}
                    {update.location && `, ${update.location}`} ·{' '}
                    <time dateTime={update.happenedAt}>{formatDateTime(update.happenedAt)}</time> ({update.source})
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p>No tracking was given.</p>
          )}
        </>
      )}
      <h4 className="mt-2 font-medium">Payment</h4>
      <p>
        {order.payment === 'cod' ? 'Cash on delivery' : 'Paid online'} ({order.paymentStatus}), total{' '}
        {formatPrice(order.totalPaise)}
      </p>
      {refunds.length > 0 && (
        <ul>
          {refunds.map((refund) => (
            <li key={refund.refundId}>
              Refund {formatPrice(refund.amountPaise)} ({refund.reason}): {refund.status}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DecisionForm({ helpId, onDecided }: { helpId: string; onDecided: (position: number) => void }) {
  const [amount, setAmount] = useState('');
  const { errors, busy, onSubmit } = useForm(
    disputeDecisionSchema,
    async (values) => {
      const param = { id: encodeURIComponent(helpId) };
      const { position } = await call(server.admin.disputes[':id'].decision.$post({ param, json: values }));
      toast({ title: 'Dispute decided', tone: 'success' });
      onDecided(position);
    },
    'Could not decide the dispute',
    () => ({ amountPaise: paiseOf(amount) }),
  );
  return (
    <form
      noValidate
      aria-label="Decide the dispute"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
      className="space-y-2"
    >
      <h3 className="font-semibold">Decision</h3>
      <ChoiceField
        label="Decision"
        name="outcome"
        choices={DISPUTE_OUTCOMES}
        labelOf={(outcome) => OUTCOME_LABELS[outcome]}
        error={errors.outcome}
      />
      <Field
        label="Refund amount (₹), for a refund"
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amountPaise}
      />
      <TextAreaField
        label="Reason (both sides see it)"
        name="reason"
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        error={errors.reason}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        Decide
      </button>
    </form>
  );
}
