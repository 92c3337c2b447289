/**
 * MIBI's invoice to the buyer for the delivery charge (domain/invoice/delivery.ts), derived from
 * the purchase's log exactly once: issued when the purchase's first seller order ships (the
 * courier takes the first parcel: the delivery service is supplied), and credited whole when the
 * whole purchase ends cancelled (the charge goes back with the last cancelled part, refunds.ts,
 * or is never collected on cash on delivery). Each is numbered in its series stream
 * (delivery-series.ts) keyed by the purchase, so a job run twice issues one document. A
 * marketplace without a GSTIN of its own (`WorkerOptions.operator` null) issues none, nor does a
 * purchase with no delivery charge.
 */
import { fold } from '../domain/decider.ts';
import type { Operator } from '../domain/invoice/commission.ts';
import { deliveryCreditBody, deliveryInvoiceBody, handoverPlace } from '../domain/invoice/delivery.ts';
import {
  type DeliveryInvoice,
  deliverySeriesDecider,
  deliverySeriesStream,
} from '../domain/invoice/delivery-series.ts';
import { financialYear, type SeriesKind } from '../domain/invoice/series.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { DELIVERY_OPTIONS } from '../domain/order/options.ts';
import { purchaseOf } from '../domain/order/upcast.ts';
import { serviceRateOn, TAX_POLICY_STREAM, type TaxPolicyEvent, taxPolicyDecider } from '../domain/tax/policy.ts';
import { indianDate } from '../domain/tax/rates.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { profileAt, purchaseUpTo } from './tax-documents.ts';
import { type Cause, type Worker, causedBy, causeOf } from './worker.ts';

export const DELIVERY_INVOICES = 'delivery-invoices';

type Shipped = Extract<OrderEvent, { type: 'SellerOrderShipped' }>;
type Calling = Extract<OrderEvent, { type: 'SellerOrderShipped' | 'SellerOrderCancelled' }>;

export interface DeliveryInvoiceJob {
  kind: SeriesKind;
  orderId: string;
  /** The revision of the calling event in the purchase's stream: the purchase is read up to it. */
  revision: number;
  at: string;
  cause: Cause;
}

const firstShipment = (events: readonly Recorded<OrderEvent>[]) =>
  events.find((e): e is Recorded<Shipped> => e.type === 'SellerOrderShipped');

/** Whether every seller order of the purchase is cancelled by the end of `events` (a cancel is final). */
function cancelledWhole(events: readonly Recorded<OrderEvent>[]): boolean {
  const [placed] = events;
  if (placed?.type !== 'OrderPlaced') return false;
  const cancelled = new Set(events.flatMap((e) => (e.type === 'SellerOrderCancelled' ? [e.data.sellerOrderId] : [])));
  return purchaseOf(placed).sellerOrders.every((part) => cancelled.has(part.sellerOrderId));
}

const seriesOf = (streams: Streams, kind: SeriesKind, at: string) =>
  streams.load(deliverySeriesStream(kind, financialYear(indianDate(at))), deliverySeriesDecider);

/** A purchase's first shipment, and its whole cancellation after one, from the effect's first start on, while MIBI has a GSTIN. */
export const deliveryInvoicesEffect = (operator: Operator | null): Effect<DeliveryInvoiceJob, Calling> => ({
  job: DELIVERY_INVOICES,
  reactor: 'reactor:delivery-invoices',
  reconciler: 'reconcile:delivery-invoices',
  eventTypes: new Set(['SellerOrderShipped', 'SellerOrderCancelled'] as const),
  async jobsOf(recorded, streams) {
    if (!operator) return [];
    const events = await purchaseUpTo(streams, recorded.data.orderId, recorded.revision);
    const [placed] = events;
    if (placed?.type !== 'OrderPlaced' || purchaseOf(placed).deliveryChargePaise === 0) return [];
    const kind: SeriesKind = recorded.type === 'SellerOrderShipped' ? 'invoice' : 'credit_note';
    const calls =
      kind === 'invoice'
        ? firstShipment(events)?.id === recorded.id
        : !!firstShipment(events) && cancelledWhole(events);
    if (!calls) return [];
    const { orderId, at } = recorded.data;
    const job = { kind, orderId, revision: recorded.revision, at, cause: causeOf(recorded) };
    return [{ job, options: { jobId: `${DELIVERY_INVOICES}:${recorded.id}` } }];
  },
  async done(streams, { kind, orderId, at }) {
    return (await seriesOf(streams, kind, at)).state.issued[orderId] !== undefined;
  },
  from: 'now',
});

/**
 * The delivery service's SAC and rate in force on the invoice's date, from the tax policy as it
 * stood at the shipment (its stream read up to the shipment's place in the log), as the seller's
 * invoice takes its products' tax.
 */
async function deliveryRateAt(streams: Streams, shipment: Recorded<Shipped>, date: string) {
  const events = await streams.read<TaxPolicyEvent>(TAX_POLICY_STREAM);
  const policy = fold(
    taxPolicyDecider,
    events.filter((e) => e.position < shipment.position),
  );
  const service = serviceRateOn(policy, 'delivery', date);
  if (!service) throw new Error(`No delivery rate in force on ${date}`);
  return service;
}

/** The purchase's delivery invoice, issued now unless it was. */
async function invoiceFor(
  streams: Streams,
  operator: Operator,
  events: readonly Recorded<OrderEvent>[],
): Promise<DeliveryInvoice> {
  const [placed] = events;
  const shipment = firstShipment(events);
  if (placed?.type !== 'OrderPlaced' || !shipment) throw new Error('No shipment of the purchase');
  const purchase = purchaseOf(placed);
  const { at, sellerId } = shipment.data;
  const date = indianDate(at);
  const fy = financialYear(date);
  const body = deliveryInvoiceBody({
    orderId: purchase.orderId,
    buyerId: purchase.buyerId,
    operator,
    shippingAddress: purchase.shippingAddress,
    placeOfSupply: handoverPlace(await profileAt(streams, sellerId, at), purchase.shippingAddress),
    label: DELIVERY_OPTIONS[purchase.delivery].label,
    chargePaise: purchase.deliveryChargePaise,
    service: await deliveryRateAt(streams, shipment, date),
    date,
    at,
  });
  const stream = deliverySeriesStream('invoice', fy);
  const issue = { type: 'IssueDeliveryInvoice', fy, body, shipmentId: shipment.id } as const;
  await streams.handle(stream, deliverySeriesDecider, issue, causedBy(causeOf(shipment)));
  return (await streams.load(stream, deliverySeriesDecider)).state.issued[purchase.orderId] as DeliveryInvoice;
}

export const issueDeliveryInvoice: Worker<DeliveryInvoiceJob> = {
  name: DELIVERY_INVOICES,
  async handle({ data: { kind, orderId, revision, at, cause } }, { streams, operator }) {
    if (!operator) return;
    const events = await purchaseUpTo(streams, orderId, revision);
    // A credit note's invoice is issued first if its job has not run yet (both keyed by the purchase).
    const invoice = await invoiceFor(streams, operator, events);
    if (kind === 'invoice') return;
    const date = indianDate(at);
    const fy = financialYear(date);
    const issue = {
      type: 'IssueDeliveryCreditNote',
      fy,
      body: deliveryCreditBody(invoice, { date, at }),
      causeId: cause.eventId,
      invoice: { id: invoice.id, number: invoice.number },
    } as const;
    await streams.handle(deliverySeriesStream('credit_note', fy), deliverySeriesDecider, issue, causedBy(cause));
  },
};
