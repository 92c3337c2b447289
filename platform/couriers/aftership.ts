/**
 * The courier tracker on AfterShip's tracking API: trackings registered with the API key, webhooks
 * checked by their signature on the raw body and refused when sent more than a few minutes before
 * they arrive (a replay), their event id kept by MIBI so a webhook delivered again is recorded once.
 */
import {
  API_KEY_HEADER,
  type CreateTracking,
  type WebhookBody,
  TRACKINGS_PATH,
  sameSignature,
  stepOf,
  webhookSignature,
} from './aftership-wire.ts';
import {
  type CourierTracker,
  type CourierWebhook,
  CourierUnavailable,
  type TrackingRegistration,
  type WebhookRefusal,
} from './port.ts';

/** How far a webhook's `ts` may be from MIBI's clock: AfterShip sends at once and retries within minutes. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000;

/** AfterShip's code for "tracking already exists": registering again is not a failure. */
const ALREADY_EXISTS = 4003;

export interface AfterShipOptions {
  kind: CourierTracker['kind'];
  /** AfterShip's API, or the test courier's address (found at each call for the embedded one). */
  baseUrl: string | (() => string);
  apiKey: string;
  webhookSecret: string;
}

export class AfterShipTracker implements CourierTracker {
  readonly kind: CourierTracker['kind'];

  constructor(private readonly options: AfterShipOptions) {
    this.kind = options.kind;
  }

  async register({ slug, trackingNumber, orderId }: TrackingRegistration): Promise<void> {
    const { baseUrl, apiKey } = this.options;
    const body: CreateTracking = { tracking_number: trackingNumber, slug, order_id: orderId };
    let response: Response;
    try {
      const base = typeof baseUrl === 'string' ? baseUrl : baseUrl();
      response = await fetch(`${base}${TRACKINGS_PATH}`, {
        method: 'POST',
        headers: { [API_KEY_HEADER]: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new CourierUnavailable(`the tracking service did not answer: ${(error as Error).message}`);
    }
    if (response.ok) return void (await response.body?.cancel());
    const answer = (await response.json().catch(() => null)) as { meta?: { code?: number; message?: string } } | null;
    if (answer?.meta?.code === ALREADY_EXISTS) return;
    throw new CourierUnavailable(`the tracking service answered ${response.status}: ${answer?.meta?.message ?? ''}`);
  }

  readWebhook(raw: Uint8Array, signature: string | undefined, now: number): CourierWebhook | WebhookRefusal {
    if (!sameSignature(webhookSignature(this.options.webhookSecret, raw), signature)) return 'signature';
    let body: WebhookBody;
    try {
      body = JSON.parse(Buffer.from(raw).toString('utf8')) as WebhookBody;
    } catch {
      return 'malformed';
    }
    const { event_id, ts, msg } = body ?? {};
    if (typeof event_id !== 'string' || typeof ts !== 'number' || typeof msg?.tracking_number !== 'string')
      return 'malformed';
    if (Math.abs(now - ts * 1000) > WEBHOOK_TOLERANCE_MS) return 'stale';
    const checkpoints = Array.isArray(msg.checkpoints) ? msg.checkpoints : [];
    const latest = checkpoints.at(-1);
    const happenedAt = Date.parse(latest?.checkpoint_time ?? '');
    return {
      eventId: event_id,
      orderId: typeof msg.order_id === 'string' ? msg.order_id : null,
      trackingNumber: msg.tracking_number,
      step: latest ? stepOf(latest.tag, latest.subtag) : null,
      location: typeof latest?.location === 'string' ? latest.location.slice(0, 200) : '',
      happenedAt: new Date(Number.isNaN(happenedAt) ? ts * 1000 : happenedAt).toISOString(),
    };
  }
}
