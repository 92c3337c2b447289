/** A product as it stood at one moment, folded from its events with the product decider. */
import type { Actor } from '../../domain/actor.ts';
import { displayStatus } from '../../domain/catalog/status.ts';
import { fold } from '../../domain/decider.ts';
import { type OrderEvent, orderStream } from '../../domain/order/events.ts';
import { type LegacyOrderEvent, type VariantLine, purchaseOf } from '../../domain/order/upcast.ts';
import { type Product, productDecider } from '../../domain/product/decider.ts';
import { type ProductVersion, occurredAt } from '../../domain/product/history.ts';
import { ApiError } from '../http/errors.ts';
import {
  type HistorySource,
  type RecordedProductEvent,
  productNotFound,
  sellerProductEvents,
} from './product-events.ts';

/** Up to and including a log position, or a time (ISO-8601). */
export type Moment = { position: number } | { at: string };

function reached(moment: Moment): (event: RecordedProductEvent) => boolean {
  if ('position' in moment) return (event) => event.position <= moment.position;
  const time = Date.parse(moment.at);
  return (event) => Date.parse(occurredAt(event)) <= time;
}

/** The product folded from its events up to `moment`, with the last of them; null when it was not listed yet. */
export function productAsOf(
  events: readonly RecordedProductEvent[],
  moment: Moment,
): { product: Product; last: RecordedProductEvent } | null {
  const inTime = reached(moment);
  const end = events.findIndex((event) => !inTime(event));
  const folded = end === -1 ? events : events.slice(0, end);
  const product = fold(productDecider, folded);
  const last = folded[folded.length - 1];
  return product && last ? { product, last } : null;
}

export function versionAsOf(events: readonly RecordedProductEvent[], moment: Moment): ProductVersion | null {
  const then = productAsOf(events, moment);
  if (!then) return null;
  const { product, last } = then;
  const { productId, sellerId, details, stockQuantity, verification, featured, delisted } = product;
  return {
    id: productId,
    sellerId,
    ...details,
    stockQuantity,
    verification,
    featured,
    delisted,
    displayStatus: displayStatus(product),
    position: last.position,
    revision: last.revision,
    at: occurredAt(last),
  };
}

/** The product as it stood at `moment`, for its seller or an admin; a 404 when it was not listed yet. */
export async function sellerProductAsOf(
  source: Pick<HistorySource, 'streams'>,
  viewer: Actor,
  productId: string,
  moment: Moment,
): Promise<ProductVersion> {
  const version = versionAsOf(await sellerProductEvents(source, viewer, productId), moment);
  if (!version) throw new ApiError(404, 'not_found', /*i18n*/ 'The product was not listed yet at that moment');
  return version;
}

/** An order line of a product as the buyer saw it, with the whole product as it stood when the order was placed. */
export interface ProductAsOrdered {
  orderId: string;
  placedAt: string;
  /** The first line of the product in the order (an order may hold several of its variants). */
  line: VariantLine;
  product: ProductVersion;
}

/** A product's line in an order and the product then, for the product's seller or an admin; a 404 when the order has no such line. */
export async function sellerProductAsOrdered(
  source: Pick<HistorySource, 'streams'>,
  viewer: Actor,
  productId: string,
  orderId: string,
): Promise<ProductAsOrdered> {
  const events = await sellerProductEvents(source, viewer, productId);
  const [first] = await source.streams.read<OrderEvent | LegacyOrderEvent>(orderStream(orderId));
  const placed = first?.type === 'OrderPlaced' ? first : undefined;
  const line = placed && purchaseOf(placed).lines.find((orderLine) => orderLine.productId === productId);
  if (!placed || !line) throw new ApiError(404, 'not_found', /*i18n*/ 'This order has no line of this product');
  // Stock was reserved before OrderPlaced was appended, so the version includes the order's reservation.
  const product = versionAsOf(events, { position: placed.position });
  if (!product) throw productNotFound();
  return { orderId, placedAt: placed.data.placedAt, line, product };
}
