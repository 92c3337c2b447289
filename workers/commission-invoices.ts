/**
 * MIBI's commission invoice to the seller (issue 25), derived from the log exactly once: when a
 * seller order of a seller registered for GST is delivered, the commission its settlement took
 * is invoiced under MIBI's GSTIN (domain/invoice/commission.ts), at the commission's SAC code and
 * rate in force on the delivery's day (the tax policy), in MIBI's series
 * (commission-series.ts), keyed by the delivery, so a job run twice issues one invoice. A
 * marketplace without a GSTIN of its own (`WorkerOptions.operator` null) issues none.
 */
import { commissionInvoiceBody, type Operator, recipientFromProfile } from '../domain/invoice/commission.ts';
import { commissionSeriesDecider, commissionSeriesStream } from '../domain/invoice/commission-series.ts';
import { financialYear } from '../domain/invoice/series.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { purchaseOf } from '../domain/order/upcast.ts';
import { serviceRateOn, TAX_POLICY_STREAM, taxPolicyDecider } from '../domain/tax/policy.ts';
import { indianDate } from '../domain/tax/rates.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { purchaseUpTo, registeredAt } from './tax-documents.ts';
import { type Cause, type Worker, causedBy, causeOf } from './worker.ts';

export const COMMISSION_INVOICES = 'commission-invoices';

type Delivered = Extract<OrderEvent, { type: 'SellerOrderDelivered' }>;

export interface CommissionInvoiceJob {
  orderId: string;
  sellerId: string;
  /** The delivery's revision in the purchase's stream. */
  revision: number;
  at: string;
  cause: Cause;
}

const seriesOf = (streams: Streams, at: string) =>
  streams.load(commissionSeriesStream(financialYear(indianDate(at))), commissionSeriesDecider);

/** Every delivery of a registered seller's order, from the effect's first start on, while MIBI has a GSTIN. */
export const commissionInvoicesEffect = (operator: Operator | null): Effect<CommissionInvoiceJob, Delivered> => ({
  job: COMMISSION_INVOICES,
  reactor: 'reactor:commission-invoices',
  reconciler: 'reconcile:commission-invoices',
  eventTypes: new Set(['SellerOrderDelivered'] as const),
  async jobsOf(recorded, streams) {
    const { orderId, sellerId, at } = recorded.data;
    if (!operator || !(await registeredAt(streams, sellerId, at))) return [];
    const job = { orderId, sellerId, revision: recorded.revision, at, cause: causeOf(recorded) };
    return [{ job, options: { jobId: `${COMMISSION_INVOICES}:${recorded.id}` } }];
  },
  async done(streams, { at, cause }) {
    return (await seriesOf(streams, at)).state.issued[cause.eventId] !== undefined;
  },
  from: 'now',
});

export const issueCommissionInvoice: Worker<CommissionInvoiceJob> = {
  name: COMMISSION_INVOICES,
  async handle({ data: { orderId, sellerId, revision, at, cause } }, { streams, operator }) {
    const profile = await registeredAt(streams, sellerId, at);
    if (!operator || !profile) return;
    const events = await purchaseUpTo(streams, orderId, revision);
    const [placed] = events;
    const delivery = events[events.length - 1];
    if (placed?.type !== 'OrderPlaced' || delivery?.type !== 'SellerOrderDelivered')
      throw new Error(`No delivery at ${orderId}@${revision}`);
    const names = new Map(purchaseOf(placed).lines.map((line) => [line.productId, line.name]));
    const date = indianDate(at);
    const fy = financialYear(date);
    const policy = (await streams.load(TAX_POLICY_STREAM, taxPolicyDecider)).state;
    const service = serviceRateOn(policy, 'commission', date);
    if (!service) throw new Error(`No commission rate in force on ${date}`);
    const facts = {
      orderId,
      sellerOrderId: delivery.data.sellerOrderId,
      sellerId,
      operator,
      recipient: recipientFromProfile(profile),
      service,
      date,
      at,
    };
    const settled = delivery.data.settlement.map(({ productId, quantity, commissionPaise }) => ({
      productId,
      name: names.get(productId) ?? productId,
      quantity,
      commissionPaise,
    }));
    const issue = {
      type: 'IssueCommissionInvoice',
      fy,
      deliveryId: cause.eventId,
      body: commissionInvoiceBody(facts, settled),
    } as const;
    await streams.handle(commissionSeriesStream(fy), commissionSeriesDecider, issue, causedBy(cause));
  },
};
