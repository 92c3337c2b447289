import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, made and checked the same way by the adapter (which checks them) and
 * the test gateway (which makes them): HMAC-SHA256 in lowercase hex.
 */
export function hmacHex(secret: string, data: string | Uint8Array): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** The checkout's signature of a payment: `order_id|payment_id` under the key secret. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** The webhook's `X-Razorpay-Signature`: the raw body under the webhook secret. */
export function webhookSignature(webhookSecret: string, rawBody: string | Uint8Array): string {
  return hmacHex(webhookSecret, rawBody);
}

/** Whether `given` is `expected` (hex), in time independent of where they differ. */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (given === undefined || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
