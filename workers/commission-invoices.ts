/**
 * MIBI's commission documents to the seller (issue 25), derived from the log exactly once: when a
 * seller order of a seller registered for GST is delivered, the commission its settlement took
 * is invoiced under MIBI's GSTIN (domain/invoice/commission.ts), at the commission's SAC code and
 * rate in force on the delivery's day (the tax policy); when a return of it is accepted, the
 * commission the return gave back is credited against that invoice. Each is numbered in MIBI's
 * series (commission-series.ts), keyed by the calling event, so a job run twice issues one
 * document. A return is the only way commission goes back (a delivered seller order cannot be
 * cancelled or undone; a transfer's reversal moves the seller's earning, not the commission). A
 * marketplace without a GSTIN of its own (`WorkerOptions.operator` null) issues none.
 */
import {
  type Commissioned,
  commissionCreditBody,
  commissionInvoiceBody,
  type Operator,
  recipientFromProfile,
} from '../domain/invoice/commission.ts';
import {
  type CommissionInvoice,
  commissionSeriesDecider,
  commissionSeriesStream,
} from '../domain/invoice/commission-series.ts';
import { financialYear, type SeriesKind } from '../domain/invoice/series.ts';
import type { LineSettlement, OrderEvent } from '../domain/order/events.ts';
import { purchaseOf } from '../domain/order/upcast.ts';
import { serviceRateOn, TAX_POLICY_STREAM, taxPolicyDecider } from '../domain/tax/policy.ts';
import { indianDate } from '../domain/tax/rates.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { purchaseUpTo, registeredAt } from './tax-documents.ts';
import { type Cause, type Worker, causedBy, causeOf } from './worker.ts';

export const COMMISSION_INVOICES = 'commission-invoices';

type Calling = Extract<OrderEvent, { type: 'SellerOrderDelivered' | 'ReturnAccepted' }>;
type Delivered = Recorded<Extract<OrderEvent, { type: 'SellerOrderDelivered' }>>;

export interface CommissionInvoiceJob {
  kind: SeriesKind;
  orderId: string;
  sellerId: string;
  /** The calling event's revision in the purchase's stream: the purchase is read up to it. */
  revision: number;
  at: string;
  cause: Cause;
}

const seriesOf = (streams: Streams, kind: SeriesKind, at: string) =>
  streams.load(commissionSeriesStream(kind, financialYear(indianDate(at))), commissionSeriesDecider);

/** The seller order's delivery among `events` (a seller order is delivered once). */
const deliveryOf = (events: readonly Recorded<OrderEvent>[], sellerOrderId: string) =>
  events.find((e): e is Delivered => e.type === 'SellerOrderDelivered' && e.data.sellerOrderId === sellerOrderId);

/** Every delivery of a registered seller's order and every return accepted of one, from the effect's first start on, while MIBI has a GSTIN. */
export const commissionInvoicesEffect = (operator: Operator | null): Effect<CommissionInvoiceJob, Calling> => ({
  job: COMMISSION_INVOICES,
  reactor: 'reactor:commission-invoices',
  reconciler: 'reconcile:commission-invoices',
  eventTypes: new Set(['SellerOrderDelivered', 'ReturnAccepted'] as const),
  async jobsOf(recorded, streams) {
    const { type, data } = recorded;
    if (!operator) return [];
    const kind: SeriesKind = type === 'SellerOrderDelivered' ? 'invoice' : 'credit_note';
    const deliveredAt =
      kind === 'invoice'
        ? data.at
        : deliveryOf(await purchaseUpTo(streams, data.orderId, recorded.revision), data.sellerOrderId)?.data.at;
    if (deliveredAt === undefined || !(await registeredAt(streams, data.sellerId, deliveredAt))) return [];
    const { orderId, sellerId, at } = data;
    const job = { kind, orderId, sellerId, revision: recorded.revision, at, cause: causeOf(recorded) };
    return [{ job, options: { jobId: `${COMMISSION_INVOICES}:${recorded.id}` } }];
  },
  async done(streams, { kind, at, cause }) {
    return (await seriesOf(streams, kind, at)).state.issued[cause.eventId] !== undefined;
  },
  from: 'now',
});

/** The settled lines with their products' names, as the documents describe them. */
function commissioned(events: readonly Recorded<OrderEvent>[], settlement: readonly LineSettlement[]): Commissioned[] {
  const [placed] = events;
  if (placed?.type !== 'OrderPlaced') throw new Error('No purchase');
  const names = new Map(purchaseOf(placed).lines.map((line) => [line.productId, line.name]));
  return settlement.map(({ productId, quantity, commissionPaise }) => ({
    productId,
    name: names.get(productId) ?? productId,
    quantity,
    commissionPaise,
  }));
}

/** The commission invoice of `delivery`, issued now unless it was; null when the seller was not registered then. */
async function invoiceFor(
  streams: Streams,
  operator: Operator,
  events: readonly Recorded<OrderEvent>[],
  delivery: Delivered,
): Promise<CommissionInvoice | null> {
  const { orderId, sellerOrderId, sellerId, at, settlement } = delivery.data;
  const profile = await registeredAt(streams, sellerId, at);
  if (!profile) return null;
  const date = indianDate(at);
  const fy = financialYear(date);
  const stream = commissionSeriesStream('invoice', fy);
  const policy = (await streams.load(TAX_POLICY_STREAM, taxPolicyDecider)).state;
  const service = serviceRateOn(policy, 'commission', date);
  if (!service) throw new Error(`No commission rate in force on ${date}`);
  const recipient = recipientFromProfile(profile);
  const facts = { orderId, sellerOrderId, sellerId, operator, recipient, service, date, at };
  const body = commissionInvoiceBody(facts, commissioned(events, settlement));
  const issue = { type: 'IssueCommissionInvoice', fy, deliveryId: delivery.id, body } as const;
  await streams.handle(stream, commissionSeriesDecider, issue, causedBy(causeOf(delivery)));
  return (await streams.load(stream, commissionSeriesDecider)).state.issued[delivery.id] as CommissionInvoice;
}

/** Commission paise of each product the seller order's returns gave back among `events`. */
function returnedCommission(events: readonly Recorded<OrderEvent>[], sellerOrderId: string): Map<string, number> {
  const paise = new Map<string, number>();
  for (const event of events)
    if (event.type === 'ReturnAccepted' && event.data.sellerOrderId === sellerOrderId)
      for (const { productId, commissionPaise } of event.data.settlement)
        paise.set(productId, (paise.get(productId) ?? 0) + commissionPaise);
  return paise;
}

export const issueCommissionInvoice: Worker<CommissionInvoiceJob> = {
  name: COMMISSION_INVOICES,
  async handle({ data: { orderId, revision, at, cause } }, { streams, operator }) {
    if (!operator) return;
    const events = await purchaseUpTo(streams, orderId, revision);
    const calling = events[events.length - 1];
    if (calling?.type === 'SellerOrderDelivered') {
      await invoiceFor(streams, operator, events, calling as Delivered);
      return;
    }
    if (calling?.type !== 'ReturnAccepted') throw new Error(`No delivery or return at ${orderId}@${revision}`);
    const { sellerOrderId, settlement } = calling.data;
    const delivery = deliveryOf(events, sellerOrderId);
    const invoice = delivery && (await invoiceFor(streams, operator, events, delivery));
    if (!invoice) return;
    const before = returnedCommission(events.slice(0, -1), sellerOrderId);
    const date = indianDate(at);
    const fy = financialYear(date);
    const issue = {
      type: 'IssueCommissionCreditNote',
      fy,
      causeId: cause.eventId,
      invoice: { id: invoice.id, number: invoice.number },
      body: commissionCreditBody(invoice, commissioned(events, settlement), before, { date, at }),
    } as const;
    await streams.handle(commissionSeriesStream('credit_note', fy), commissionSeriesDecider, issue, causedBy(cause));
  },
};
