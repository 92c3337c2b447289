/** The history routes of the API (api/routes/history.ts), for the product's seller and the admins. */
import { call, readAfter, server } from '../../../api/client.ts';
import type { ProductAsOrdered, ProductHistory, ProductVersion, RestoreResult } from '../types.ts';

/**
 * A moment to look back to: a time, or an entry of the history (its position, exact even
 * when several events share a millisecond, and its time, to show).
 */
export interface Moment {
  at: string;
  position?: number;
}

/** A product's routes, given its id as `param`. */
const product = server.seller.products[':id'];
const param = (productId: string) => ({ id: encodeURIComponent(productId) });

/** `after`: the log position of a command just sent, so the answer includes it. */
export function fetchHistory(productId: string, after?: number): Promise<ProductHistory> {
  return call(product.history.$get({ param: param(productId) }, readAfter(after)));
}

export function fetchVersionAsOf(productId: string, moment: Moment): Promise<ProductVersion> {
  const query = moment.position === undefined ? { at: moment.at } : { position: String(moment.position) };
  return call(product.history['as-of'].$get({ param: param(productId), query }));
}

/** Brings back the editable fields of the version after the event at `position`, as a new edit. */
export function restoreVersion(productId: string, position: number): Promise<RestoreResult> {
  return call(product.history.restore.$post({ param: param(productId), json: { position } }));
}

export function fetchAsOrdered(productId: string, orderId: string): Promise<ProductAsOrdered> {
  return call(
    product['as-ordered'][':orderId'].$get({ param: { ...param(productId), orderId: encodeURIComponent(orderId) } }),
  );
}
