/**
 * The seller's tax documents, derived from the purchase's log exactly once: a tax invoice when a
 * seller order ships, a credit note when its shipment is undone or a return of it is accepted.
 * A help request's or a dispute's refund after shipping is credited by value (the goods stay).
 * Each is numbered in its series stream (domain/invoice/series.ts), keyed by the event that
 * called for it, so a job run twice (or racing with another) issues one document.
 *
 * Only a seller registered for GST (a GSTIN in its tax profile when the order shipped) is
 * issued tax invoices: one without a GSTIN cannot issue one (README, Taxes).
 */
import { fold } from '../domain/decider.ts';
import {
  type CreditReason,
  creditBody,
  type Invoice,
  invoiceBody,
  type LineTax,
  refundCreditBody,
  supplierOf,
  type TaxDocumentBody,
} from '../domain/invoice/document.ts';
import { financialYear, prefixOf, type SeriesKind, seriesDecider, seriesStream } from '../domain/invoice/series.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { purchaseOf } from '../domain/order/upcast.ts';
import { lineKey } from '../domain/order/line-key.ts';
import { type SellerStreamEvent, sellerStream, type TaxProfile } from '../domain/seller/events.ts';
import { productDecider } from '../domain/product/decider.ts';
import { type ProductEvent, productStream } from '../domain/product/events.ts';
import { indianDate } from '../domain/tax/rates.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { type Cause, type Worker, causedBy, causeOf } from './worker.ts';

export const TAX_DOCUMENTS = 'tax-documents';

type Calling = Extract<
  OrderEvent,
  { type: 'SellerOrderShipped' | 'SellerOrderStatusReverted' | 'ReturnAccepted' | 'HelpResolved' | 'DisputeDecided' }
>;

export interface TaxDocumentJob {
  kind: SeriesKind;
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  /** The revision of the calling event in the purchase's stream: the purchase is read up to it. */
  revision: number;
  at: string;
  cause: Cause;
}

type Registered = Extract<TaxProfile, { registered: true }>;

/** The seller's tax profile as it was at `at`; null before it set one. */
export async function profileAt(streams: Streams, sellerId: string, at: string): Promise<TaxProfile | null> {
  let profile: TaxProfile | null = null;
  for (const event of await streams.read<SellerStreamEvent>(sellerStream(sellerId)))
    if (event.type === 'SellerTaxProfileSet' && event.data.at <= at) profile = event.data.profile;
  return profile;
}

/** The seller's tax profile as it was at `at`, if registered for GST then. */
export async function registeredAt(streams: Streams, sellerId: string, at: string): Promise<Registered | null> {
  const profile = await profileAt(streams, sellerId, at);
  return profile?.registered ? profile : null;
}

export const purchaseUpTo = (streams: Streams, orderId: string, revision: number) =>
  streams.read<OrderEvent>(orderStream(orderId), { limit: revision + 1 });

/** The shipment a credit note reverses: the seller order's last before `events` end. */
function lastShipment(events: readonly Recorded<OrderEvent>[], sellerOrderId: string) {
  return events.findLast(
    (e): e is Recorded<Extract<OrderEvent, { type: 'SellerOrderShipped' }>> =>
      e.type === 'SellerOrderShipped' && e.data.sellerOrderId === sellerOrderId,
  );
}

const seriesOf = (streams: Streams, kind: SeriesKind, sellerId: string, at: string) =>
  streams.load(seriesStream(kind, sellerId, financialYear(indianDate(at))), seriesDecider);

/** Every SellerOrderShipped, undone shipment, accepted return and help refund of a registered seller, from the effect's first start on. */
export const taxDocumentsEffect: Effect<TaxDocumentJob, Calling> = {
  job: TAX_DOCUMENTS,
  reactor: 'reactor:tax-documents',
  reconciler: 'reconcile:tax-documents',
  eventTypes: new Set([
    'SellerOrderShipped',
    'SellerOrderStatusReverted',
    'ReturnAccepted',
    'HelpResolved',
    'DisputeDecided',
  ] as const),
  async jobsOf(recorded, streams) {
    const { type, data } = recorded;
    if (type === 'SellerOrderStatusReverted' && data.from !== 'shipped') return [];
    if ((type === 'HelpResolved' || type === 'DisputeDecided') && data.refund === null) return [];
    const kind: SeriesKind = type === 'SellerOrderShipped' ? 'invoice' : 'credit_note';
    const shippedAt =
      kind === 'invoice'
        ? data.at
        : lastShipment(await purchaseUpTo(streams, data.orderId, recorded.revision), data.sellerOrderId)?.data.at;
    if (shippedAt === undefined || !(await registeredAt(streams, data.sellerId, shippedAt))) return [];
    const { orderId, sellerOrderId, sellerId, at } = data;
    const job = { kind, orderId, sellerOrderId, sellerId, revision: recorded.revision, at, cause: causeOf(recorded) };
    return [{ job, options: { jobId: `${TAX_DOCUMENTS}:${recorded.id}` } }];
  },
  async done(streams, { kind, sellerId, at, cause }) {
    return (await seriesOf(streams, kind, sellerId, at)).state.issued[cause.eventId] !== undefined;
  },
  from: 'now',
};

/**
 * A line's HSN code and GST rate: its product's tax data as it stood when the order shipped (the
 * product stream read up to the shipment's place in the log). The seller set it from the rates
 * in force (a slab of the tax policy, its category's defaults at first); a change applies to
 * shipments after it, never to invoices issued before.
 */
async function taxAtShipment(streams: Streams, { productId }: OrderLine, shipmentPosition: number): Promise<LineTax> {
  const events = await streams.read<ProductEvent>(productStream(productId));
  const product = fold(
    productDecider,
    events.filter((e) => e.position < shipmentPosition),
  );
  if (!product) throw new Error(`No product ${productId}`);
  const { hsn, gstRateBps } = product.details.tax;
  return { hsn, rateBps: gstRateBps };
}

/** The invoice of the shipment `shipment` (its event id), issued now unless it was. */
async function invoiceFor(
  streams: Streams,
  events: readonly Recorded<OrderEvent>[],
  shipment: Recorded<Extract<OrderEvent, { type: 'SellerOrderShipped' }>>,
): Promise<Invoice | null> {
  const { orderId, sellerOrderId, sellerId, at } = shipment.data;
  const profile = await registeredAt(streams, sellerId, at);
  if (!profile) return null;
  const date = indianDate(at);
  const fy = financialYear(date);
  const stream = seriesStream('invoice', sellerId, fy);
  const [placed] = events;
  if (placed?.type !== 'OrderPlaced') throw new Error(`No purchase ${orderId}`);
  const purchase = purchaseOf(placed);
  const lines = purchase.lines.filter((line) => line.sellerId === sellerId);
  const taxes = new Map<string, LineTax>();
  for (const line of lines) taxes.set(line.productId, await taxAtShipment(streams, line, shipment.position));
  const body = invoiceBody({
    orderId,
    sellerOrderId,
    sellerId,
    buyerId: purchase.buyerId,
    lines,
    shippingAddress: purchase.shippingAddress,
    supplier: supplierOf(profile),
    taxOf: (line) => taxes.get(line.productId)!,
    date,
    at,
  });
  const issue = {
    type: 'IssueInvoice',
    sellerId,
    fy,
    prefix: prefixOf(profile.tradeName ?? profile.legalName),
    body,
    shipmentId: shipment.id,
  } as const;
  await streams.handle(stream, seriesDecider, issue, causedBy(causeOf(shipment)));
  return (await streams.load(stream, seriesDecider)).state.issued[shipment.id] as Invoice;
}

/** Units of each line (by its lineKey) the seller order's returns accepted after the shipment (up to `events`' end). */
function returnedUnits(events: readonly Recorded<OrderEvent>[], sellerOrderId: string): Map<string, number> {
  const units = new Map<string, number>();
  for (const event of events)
    if (event.type === 'ReturnAccepted' && event.data.sellerOrderId === sellerOrderId)
      for (const settled of event.data.settlement)
        units.set(lineKey(settled), (units.get(lineKey(settled)) ?? 0) + settled.quantity);
  return units;
}

/** What the calling event credits: the units returned, every unit of an undone shipment, or a refund's value. */
function creditOf(
  calling: Recorded<OrderEvent>,
  invoice: Invoice,
  before: ReadonlyMap<string, number>,
  when: { date: string; at: string },
): { reason: CreditReason; body: TaxDocumentBody } {
  if ((calling.type === 'HelpResolved' || calling.type === 'DisputeDecided') && calling.data.refund)
    return { reason: 'refunded', body: refundCreditBody(invoice, calling.data.refund.amountPaise, when) };
  if (calling.type === 'ReturnAccepted')
    return {
      reason: 'returned',
      body: creditBody(invoice, returnedUnits([calling], invoice.sellerOrderId), before, when),
    };
  const every = new Map(invoice.lines.map((line) => [lineKey(line), line.quantity]));
  return { reason: 'shipment_undone', body: creditBody(invoice, every, before, when) };
}

/** The credit note the calling event (the last of `events`) asks for. */
async function issueCreditNote(streams: Streams, events: readonly Recorded<OrderEvent>[], job: TaxDocumentJob) {
  const { sellerOrderId, sellerId, at, cause } = job;
  const shipment = lastShipment(events, sellerOrderId);
  if (!shipment) return;
  const invoice = await invoiceFor(streams, events, shipment);
  if (!invoice) return;
  const calling = events[events.length - 1]!;
  const since = events.slice(events.indexOf(shipment), -1);
  const before = returnedUnits(since, sellerOrderId);
  const date = indianDate(at);
  const fy = financialYear(date);
  const { reason, body } = creditOf(calling, invoice, before, { date, at });
  const issue = {
    type: 'IssueCreditNote',
    sellerId,
    fy,
    prefix: invoice.number.split('/')[0]!,
    body,
    causeId: cause.eventId,
    invoice: { id: invoice.id, number: invoice.number },
    reason,
  } as const;
  await streams.handle(seriesStream('credit_note', sellerId, fy), seriesDecider, issue, causedBy(cause));
}

export const issueTaxDocument: Worker<TaxDocumentJob> = {
  name: TAX_DOCUMENTS,
  async handle({ data: job }, { streams }) {
    const events = await purchaseUpTo(streams, job.orderId, job.revision);
    if (job.kind === 'credit_note') return issueCreditNote(streams, events, job);
    const shipment = events[events.length - 1];
    if (shipment?.type !== 'SellerOrderShipped') throw new Error(`No shipment at ${job.orderId}@${job.revision}`);
    await invoiceFor(streams, events, shipment);
  },
};
