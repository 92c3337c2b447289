import type { z } from 'zod';
import type { checkoutSchema } from '../../../domain/order/schemas.ts';
import { ApiError } from './client.ts';
import type { OrderChange } from './types.ts';

export type CheckoutRequest = z.input<typeof checkoutSchema>;

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/**
 * POST /orders with an Idempotency-Key: a retry with the same key returns the order the
 * first attempt placed instead of placing another. (The shared client sends no custom
 * headers, so this call makes its own request and fails with the same ApiError.)
 */
export async function placeOrder(checkout: CheckoutRequest, idempotencyKey: string): Promise<OrderChange> {
  let response: Response;
  try {
    response = await fetch('/api/orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(checkout),
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach MIBI. Check your connection and try again.');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as ErrorBody | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? `Request failed (${response.status})`, error?.fields);
  }
  return payload as OrderChange;
}

/** A random UUID (version 4) for one checkout attempt; getRandomValues works outside secure contexts too. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
