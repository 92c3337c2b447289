/** The history routes of the API (api/routes/history.ts), for the product's seller and the admins. */
import { api } from '../../../api/client.ts';
import type { ProductAsOrdered, ProductHistory, ProductVersion, RestoreResult } from '../../../api/types.ts';

/**
 * A moment to look back to: a time, or an entry of the history (its position, exact even
 * when several events share a millisecond, and its time, to show).
 */
export interface Moment {
  at: string;
  position?: number;
}

const productPath = (productId: string): string => `/seller/products/${encodeURIComponent(productId)}`;

/** `after`: the log position of a command just sent, so the answer includes it. */
export function fetchHistory(productId: string, after?: number): Promise<ProductHistory> {
  const query = after === undefined ? '' : `?after=${after}`;
  return api.get<ProductHistory>(`${productPath(productId)}/history${query}`);
}

export function fetchVersionAsOf(productId: string, moment: Moment): Promise<ProductVersion> {
  const query = moment.position === undefined ? `at=${encodeURIComponent(moment.at)}` : `position=${moment.position}`;
  return api.get<ProductVersion>(`${productPath(productId)}/history/as-of?${query}`);
}

/** Brings back the editable fields of the version after the event at `position`, as a new edit. */
export function restoreVersion(productId: string, position: number): Promise<RestoreResult> {
  return api.post<RestoreResult>(`${productPath(productId)}/history/restore`, { position });
}

export function fetchAsOrdered(productId: string, orderId: string): Promise<ProductAsOrdered> {
  return api.get<ProductAsOrdered>(`${productPath(productId)}/as-ordered/${encodeURIComponent(orderId)}`);
}
