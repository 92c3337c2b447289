import type { z } from 'zod';
import type { checkoutSchema } from '../../../../domain/order/schemas.ts';
import { call, server } from '../../api/client.ts';

export type CheckoutRequest = z.input<typeof checkoutSchema>;

/** POST /orders with an Idempotency-Key: a retry with the same key returns the order the first attempt placed. */
export const placeOrder = (checkout: CheckoutRequest, idempotencyKey: string) =>
  call(server.orders.$post({ json: checkout, header: { 'idempotency-key': idempotencyKey } }));

/** A random UUID (version 4) for one checkout attempt; getRandomValues works outside secure contexts too. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
