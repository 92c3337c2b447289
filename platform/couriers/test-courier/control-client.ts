/**
 * The test courier's control API (server.ts) from a test or the CLI: a parcel's next step, sent
 * to MIBI as a signed webhook, and a webhook sent again. Throws on any answer but a 2xx.
 */
import { API_KEY_HEADER } from '../aftership-wire.ts';

export interface Step {
  slug: string;
  tracking_number: string;
  tag: 'InfoReceived' | 'InTransit' | 'OutForDelivery' | 'AttemptFail' | 'Delivered' | 'Exception';
  subtag?: string;
  location?: string;
  checkpoint_time?: string;
}

/** A webhook sent: its event id, and the status MIBI answered it with. */
export interface Sent {
  event_id: string;
  status: number;
}

export class TestCourierControl {
  constructor(
    readonly url: string,
    private readonly apiKey: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { [API_KEY_HEADER]: this.apiKey, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** The trackings MIBI registered. */
  async trackings(): Promise<Array<{ tracking_number: string; slug: string; order_id: string | null }>> {
    return (await this.call<{ trackings: [] }>('GET', '/_test/trackings')).trackings;
  }

  /** The parcel's next step, sent to MIBI. */
  step(step: Step): Promise<Sent> {
    return this.call('POST', '/_test/checkpoints', step);
  }

  redeliver(eventId: string): Promise<Sent> {
    return this.call('POST', `/_test/webhooks/${encodeURIComponent(eventId)}/redeliver`);
  }
}
