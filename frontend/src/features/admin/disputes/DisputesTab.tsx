import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { TRACKING_UPDATE_NAMES } from '../../shipments/index.ts';
import { REFUND_LABELS, REFUND_REASONS, STATUS_LABELS } from '../payments/paymentWords.ts';

type Dispute = Data<typeof server.admin.disputes.$get>['items'][number];
type DisputeView = Data<(typeof server.admin.disputes)[':id']['$get']>;

const OUTCOME_LABELS: Readonly<Record<DisputeOutcome, MessageDescriptor>> = {
  refund: msg`Refund the buyer (in full or in part)`,
  seller: msg`Close in the seller's favour`,
};

/** The Disputes tab: help requests taken to MIBI, the longest waiting first; one opened shows everything to decide it. */
export function DisputesTab() {
  const { t } = useLingui();
  const list = useApiGet((options) => server.admin.disputes.$get({}, options), [], t`Failed to load disputes`, {
    live: true,
  });
  useLiveEvent('dispute.changed', () => void list.reload());
  const [openId, setOpenId] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="disputes-title" className="space-y-4">
      <div>
        <h2 id="disputes-title" className="text-xl font-semibold">
          <Trans>Disputes</Trans>
        </h2>
        <p className="text-sm text-base-content/80">
          <Trans>
            Help requests buyers took to MIBI, the longest waiting first. The seller's earning on each order is held
            until you decide.
          </Trans>
        </p>
      </div>
      {list.data && items.length === 0 && <EmptyState title={t`No disputes to decide`} />}
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
  const number = dispute.shortId;
  const reason = reasonLabel(dispute.reason);
  const since = dispute.escalatedAt ?? dispute.updatedAt;
  const shownSince = formatDateTime(since);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span>
        <Trans>
          <span className="font-semibold">Order #{number}</span> · {reason} · with MIBI since{' '}
          <time dateTime={since}>{shownSince}</time>
        </Trans>
      </span>
      <button type="button" className="btn btn-outline btn-sm" onClick={onOpen}>
        <Trans>Open dispute #{number}</Trans>
      </button>
    </div>
  );
}

/** One screen: the request and its steps, the thread, the order's status history and shipment timeline, its payment and refunds, the decision. */
function DisputeScreen({ helpId, onDecided }: { helpId: string; onDecided: (position: number) => void }) {
  const { t } = useLingui();
  const view = useApiGet(
    (options) => server.admin.disputes[':id'].$get({ param: { id: encodeURIComponent(helpId) } }, options),
    [helpId],
    t`Failed to load the dispute`,
  );
  if (!view.data)
    return (
      <p className="mt-2 text-sm">
        <Trans>Loading…</Trans>
      </p>
    );
  const { help, order, thread } = view.data;
  const part = order.sellerOrders.find((p) => p.id === help.sellerOrderId);
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-2">
      <section aria-label={t`The help request`}>
        <h3 className="font-semibold">
          <Trans>The request</Trans>
        </h3>
        <HelpSteps help={help} />
        {help.images.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t`The buyer's photos`}>
            {help.images.map((image) => (
              <li key={image.id}>
                <img
                  src={image.sizes[0]?.url ?? image.url}
                  alt={t`The buyer's photo`}
                  width={96}
                  height={96}
                  className="size-24 rounded object-cover"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={t`The conversation`}>
        <h3 className="font-semibold">
          <Trans>The conversation</Trans>
        </h3>
        <ol className="mt-2 max-h-80 space-y-2 overflow-y-auto text-sm">
          {(thread?.messages ?? []).map((message) => (
            <li key={message.id} className="rounded-box bg-base-200 p-2">
              <p className="font-medium">
                {message.from === 'buyer' ? t`Buyer` : t`Seller`} ·{' '}
                <time dateTime={message.at} className="font-normal">
                  {formatDateTime(message.at)}
                </time>
              </p>
              <p className="whitespace-pre-wrap break-words" dir="auto">
                {message.text}
              </p>
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
  const { t } = useLingui();
  const refunds = order.refunds.filter((refund) => refund.sellerOrderId === part?.id);
  const total = formatPrice(order.totalPaise);
  // Cash on delivery has no online payment to name: its status says only that.
  const paymentStatus = order.paymentStatus === 'cod' ? null : t(STATUS_LABELS[order.paymentStatus].label);
  return (
    <section aria-label={t`The order and its payment`} className="text-sm">
      <h3 className="font-semibold">
        <Trans>The order</Trans>
      </h3>
      {part && (
        <>
          <PartLine part={part} buyerName={order.buyerName} />
          <h4 className="mt-2 font-medium">
            <Trans>Status history</Trans>
          </h4>
          <ol className="space-y-1">
            {part.history.map((step) => (
              <li key={`${step.status}-${step.at}`} className="flex items-center gap-2">
                <OrderStatusBadge status={step.status} />
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </li>
            ))}
          </ol>
          <h4 className="mt-2 font-medium">
            <Trans>Shipment timeline</Trans>
          </h4>
          {part.shipment ? (
            <>
              <p>
                <span translate="no">
                  {part.shipment.carrierName}, AWB {part.shipment.awb}
                </span>{' '}
                ·{' '}
                <a href={part.shipment.trackingUrl} target="_blank" rel="noreferrer" className="link">
                  <Trans>Tracking page</Trans>
                </a>
              </p>
              <ol className="space-y-1" aria-label={t`Tracking updates`}>
                {part.shipment.updates.map((update) => (
                  <li key={`${update.update}-${update.happenedAt}`}>
                    {t(TRACKING_UPDATE_NAMES[update.update])}
                    {update.location && <span dir="auto">, {update.location}</span>} ·{' '}
                    <time dateTime={update.happenedAt}>{formatDateTime(update.happenedAt)}</time>{' '}
                    <span translate="no">({update.source})</span>
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p>
              <Trans>No tracking was given.</Trans>
            </p>
          )}
        </>
      )}
      <h4 className="mt-2 font-medium">
        <Trans>Payment</Trans>
      </h4>
      <p>
        {paymentStatus === null ? (
          <Trans>Cash on delivery, total {total}</Trans>
        ) : (
          <Trans>
            Paid online ({paymentStatus}), total {total}
          </Trans>
        )}
      </p>
      {refunds.length > 0 && (
        <ul>
          {refunds.map((refund) => (
            <li key={refund.refundId}>
              <RefundLine refund={refund} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DecisionForm({ helpId, onDecided }: { helpId: string; onDecided: (position: number) => void }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState('');
  const { errors, busy, onSubmit } = useForm(
    disputeDecisionSchema,
    async (values) => {
      const param = { id: encodeURIComponent(helpId) };
      const { position } = await call(server.admin.disputes[':id'].decision.$post({ param, json: values }));
      toast({ title: t`Dispute decided`, tone: 'success' });
      onDecided(position);
    },
    t`Could not decide the dispute`,
    () => ({ amountPaise: paiseOf(amount) }),
  );
  return (
    <form
      noValidate
      aria-label={t`Decide the dispute`}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
      className="space-y-2"
    >
      <h3 className="font-semibold">
        <Trans>Decision</Trans>
      </h3>
      <ChoiceField
        label={t`Decision`}
        name="outcome"
        choices={DISPUTE_OUTCOMES}
        labelOf={(outcome) => t(OUTCOME_LABELS[outcome])}
        error={errors.outcome}
      />
      <Field
        label={t`Refund amount (₹), for a refund`}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amountPaise}
      />
      <TextAreaField
        label={t`Reason (both sides see it)`}
        name="reason"
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        error={errors.reason}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        <Trans>Decide</Trans>
      </button>
    </form>
  );
}

type Part = DisputeView['order']['sellerOrders'][number];
type Refund = DisputeView['order']['refunds'][number];

/** The seller order disputed: its number, seller, buyer and amount. */
function PartLine({ part, buyerName }: { part: Part; buyerName: string }) {
  const number = shortSellerOrderId(part.id);
  const seller = part.sellerName;
  const amount = formatPrice(part.subtotalPaise);
  return (
    <p>
      <Trans>
        Order #{number} from <span dir="auto">{seller}</span> to <span dir="auto">{buyerName}</span>: {amount}
      </Trans>
    </p>
  );
}

/** A refund of the order: its amount, why and where it stands. */
function RefundLine({ refund }: { refund: Refund }) {
  const { t } = useLingui();
  const amount = formatPrice(refund.amountPaise);
  const reason = t(REFUND_REASONS[refund.reason]);
  const status = t(REFUND_LABELS[refund.status].label);
  return (
    <Trans>
      Refund {amount} ({reason}): {status}
    </Trans>
  );
}
