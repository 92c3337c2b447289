/** A product as it stood at one moment, folded from its events with the product decider. */
import { displayStatus } from '../../domain/catalog/status.ts';
import { fold } from '../../domain/decider.ts';
import { type Product, productDecider } from '../../domain/product/decider.ts';
import { type ProductVersion, occurredAt } from '../../domain/product/history.ts';
import type { RecordedProductEvent } from './product-events.ts';


/** Up to and including a log position, or a time (ISO-8601). */
export type Moment = { position: number } | { at: string };

function reached(moment: Moment): (event: RecordedProductEvent) => boolean {
  if ('position' in moment) return (event) => event.position <= moment.position;
  const time = Date.parse(moment.at);
  return (event) => Date.parse(occurredAt(event)) <= time;
}

/** The product folded from its events up to `moment`, with the last of them; null when it was not listed yet. */
export function productAsOf(events: readonly RecordedProductEvent[], moment: Moment): { product: Product; last: RecordedProductEvent } | null {
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
