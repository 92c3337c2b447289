/**
 * The control API (control.ts) from a test: what a buyer, the bank or the network would do,
 * asked of a test gateway in this process or another. Throws on any answer but a 2xx.
 */
import type { Delivery } from './store.ts';
import type { Chaos } from './webhooks.ts';

export type PaidFields = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
export type FailedFields = Record<
  `error[${'code' | 'description' | 'source' | 'step' | 'reason' | 'metadata'}]`,
  string
>;
export type DeliveryView = Omit<Delivery, 'body' | 'rank'>;

export class TestGatewayControl {
  private readonly auth: string;

  constructor(
    readonly url: string,
    keys: { keyId: string; keySecret: string },
  ) {
    this.auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: this.auth, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** The buyer pays the order (authorized, not yet captured): the fields checkout posts to the callback. */
  pay(orderId: string, method: 'upi' | 'card' | 'netbanking' = 'upi'): Promise<PaidFields> {
    return this.call('POST', `/_test/orders/${encodeURIComponent(orderId)}/pay`, { method });
  }

  /** An attempt on the order fails: the `error[...]` fields checkout posts to the callback. */
  fail(orderId: string, error: { code?: string; description?: string } = {}): Promise<FailedFields> {
    return this.call('POST', `/_test/orders/${encodeURIComponent(orderId)}/fail`, error);
  }

  /** Ends a pending refund (with the gateway started `refunds: 'manual'`). */
  settleRefund(refundId: string, outcome: 'processed' | 'failed'): Promise<unknown> {
    return this.call('POST', `/_test/refunds/${encodeURIComponent(refundId)}/${outcome}`);
  }

  webhooks(): Promise<{ target: string | null; chaos: Chaos; deliveries: DeliveryView[] }> {
    return this.call('GET', '/_test/webhooks');
  }

  setWebhookTarget(url: string): Promise<unknown> {
    return this.call('PUT', '/_test/webhooks/target', { url });
  }

  /** Holds the webhooks to come, drops or duplicates the next ones. */
  chaos(change: Partial<Chaos>): Promise<Chaos> {
    return this.call('POST', '/_test/webhooks/chaos', change);
  }

  /** Sends the held webhooks, newest first with `reverse`. */
  async release(reverse = false): Promise<number> {
    return (await this.call<{ released: number }>('POST', '/_test/webhooks/release', { reverse })).released;
  }

  redeliver(eventId: string): Promise<unknown> {
    return this.call('POST', `/_test/webhooks/${encodeURIComponent(eventId)}/redeliver`);
  }
}
