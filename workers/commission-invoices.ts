/**
 * MIBI's commission documents to the seller (issue 25), derived from the log exactly once: when a
 * seller order of a seller registered for GST is delivered, the commission its settlement took
 * is invoiced under MIBI's GSTIN (domain/invoice/commission.ts), at the commission's SAC code and
 * rate in force on the delivery's day (the tax policy); when a return of it is accepted, the
 * commission the return gave back is credited against that invoice, and so is the commission a
 * help request's refund after delivery gave back (the refund shared over the delivery's lines as
 * the ledger shares it, refund-split.ts). Each is numbered in MIBI's series (commission-series.ts),
 * keyed by the calling event, so a job run twice issues one document. Returns and help refunds
 * are the only ways commission goes back (a delivered seller order cannot be cancelled or undone;
 * a transfer's reversal moves the seller's earning, not the commission). A marketplace without a
 * GSTIN of its own (`WorkerOptions.operator` null) issues none.
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
import { refundLines } from '../domain/dispute/refund-split.ts';
import { purchaseOf } from '../domain/order/upcast.ts';
import { serviceRateOn, TAX_POLICY_STREAM, taxPolicyDecider } from '../domain/tax/policy.ts';
import { indianDate } from '../domain/tax/rates.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { purchaseUpTo, registeredAt } from './tax-documents.ts';
import { type Cause, type Worker, causedBy, causeOf } from './worker.ts';

export const COMMISSION_INVOICES = 'commission-invoices';

type Calling = Extract<OrderEvent, { type: 'SellerOrderDelivered' | 'ReturnAccepted' | Refunding['type'] }>;
type Delivered = Recorded<Extract<OrderEvent, { type: 'SellerOrderDelivered' }>>;
type Refunding = Extract<OrderEvent, { type: 'HelpResolved' | 'DisputeDecided' }>;

const refunding = (event: Recorded<OrderEvent>): event is Recorded<Refunding> =>
  (event.type === 'HelpResolved' || event.type === 'DisputeDecided') && event.data.refund !== null;

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

/** Every delivery of a registered seller's order and every return or help refund after it, from the effect's first start on, while MIBI has a GSTIN. */
export const commissionInvoicesEffect = (operator: Operator | null): Effect<CommissionInvoiceJob, Calling> => ({
  job: COMMISSION_INVOICES,
  reactor: 'reactor:commission-invoices',
  reconciler: 'reconcile:commission-invoices',
  eventTypes: new Set(['SellerOrderDelivered', 'ReturnAccepted', 'HelpResolved', 'DisputeDecided'] as const),
  async jobsOf(recorded, streams) {
    const { type, data } = recorded;
    if (!operator) return [];
    if ((type === 'HelpResolved' || type === 'DisputeDecided') && data.refund === null) return [];
    const kind: SeriesKind = type === 'SellerOrderDelivered' ? 'invoice' : 'credit_note';
    const delivery =
      kind === 'invoice'
        ? null
        : deliveryOf(await purchaseUpTo(streams, data.orderId, recorded.revision), data.sellerOrderId);
    const deliveredAt = kind === 'invoice' ? data.at : delivery?.data.at;
    if (deliveredAt === undefined || !(await registeredAt(streams, data.sellerId, deliveredAt))) return [];
    // A refund too small to carry commission (or in a category without any) has nothing to credit.
    if (delivery && !creditedBy(recorded, delivery).some((line) => line.commissionPaise > 0)) return [];
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

/** The commission `event` gives back of the delivered seller order, by line: a return's settlement, a refund's shares. */
function creditedBy(event: Recorded<OrderEvent>, delivery: Delivered): LineSettlement[] {
  const { sellerOrderId, settlement } = delivery.data;
  if (event.type === 'ReturnAccepted' && event.data.sellerOrderId === sellerOrderId) return event.data.settlement;
  if (!refunding(event) || event.data.sellerOrderId !== sellerOrderId || event.position < delivery.position) return [];
  const shares = refundLines(event.data.refund!.amountPaise, settlement);
  return settlement.map((line, i) => ({ ...line, ...shares[i]!, quantity: 0 }));
}

/** Commission paise of each product the seller order's returns and refunds gave back among `events`. */
function creditedCommission(events: readonly Recorded<OrderEvent>[], delivery: Delivered): Map<string, number> {
  const paise = new Map<string, number>();
  for (const event of events)
    for (const { productId, commissionPaise } of creditedBy(event, delivery))
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
    if (calling?.type !== 'ReturnAccepted' && !(calling && refunding(calling)))
      throw new Error(`No delivery, return or refund at ${orderId}@${revision}`);
    const delivery = deliveryOf(events, calling.data.sellerOrderId);
    const invoice = delivery && (await invoiceFor(streams, operator, events, delivery));
    if (!invoice) return;
    const credited = creditedBy(calling, delivery).filter((line) => line.commissionPaise > 0);
    if (credited.length === 0) return;
    const before = creditedCommission(events.slice(0, -1), delivery);
    const date = indianDate(at);
    const fy = financialYear(date);
    const issue = {
      type: 'IssueCommissionCreditNote',
      fy,
      causeId: cause.eventId,
      invoice: { id: invoice.id, number: invoice.number },
      body: commissionCreditBody(invoice, commissioned(events, credited), before, { date, at }),
      refunded: calling.type !== 'ReturnAccepted',
    } as const;
    await streams.handle(commissionSeriesStream('credit_note', fy), commissionSeriesDecider, issue, causedBy(cause));
  },
};
