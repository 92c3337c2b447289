/**
 * The webhooks the test gateway owes MIBI: written in the same transaction as the change they
 * tell of, then POSTed one at a time, in order, signed as Razorpay signs them, and retried with
 * a doubling backoff until a 2xx. On demand (the control API) they are held and released in
 * reverse order, dropped, or delivered twice, so tests can prove MIBI copes with all three.
 */
import { logger } from '../../log.ts';
import { webhookSignature } from '../signatures.ts';
import type { WireEvent } from '../wire.ts';
import { type Delivery, type GatewayStore, newId } from './store.ts';

const log = logger('test-gateway');

/** How deliveries leave: fetch by default; the API test harness hands them to the app in-process. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Attempts before a delivery is given up (Razorpay keeps trying for 24 hours). */
  attempts: number;
  /** Wait after the first failure; doubled after each next one, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 12, baseMs: 1000, maxMs: 60_000 };

/** What the control API can ask of the deliveries to come. */
export interface Chaos {
  /** Keep new webhooks back until released. */
  hold: boolean;
  /** The next this many webhooks are never sent. */
  dropNext: number;
  /** The next this many webhooks are sent twice (the same event id). */
  duplicateNext: number;
}

export type Payload = WireEvent['payload'];

export class WebhookOutbox {
  private timer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly store: GatewayStore,
    private readonly options: { secret: string; send: Send; retry: RetryPolicy; now: () => number },
  ) {}

  /** Where webhooks go; until one is set they wait. */
  get target(): string | undefined {
    return this.store.setting('webhook_url');
  }

  setTarget(url: string): void {
    this.store.setSetting('webhook_url', url);
    this.kick();
  }

  chaos(): Chaos {
    return {
      hold: this.store.setting('hold') === '1',
      dropNext: Number(this.store.setting('drop_next') ?? 0),
      duplicateNext: Number(this.store.setting('duplicate_next') ?? 0),
    };
  }

  setChaos(change: Partial<Chaos>): Chaos {
    if (change.hold !== undefined) this.store.setSetting('hold', change.hold ? '1' : '0');
    if (change.dropNext !== undefined) this.store.setSetting('drop_next', String(change.dropNext));
    if (change.duplicateNext !== undefined) this.store.setSetting('duplicate_next', String(change.duplicateNext));
    return this.chaos();
  }

  /** Owes MIBI the event; call inside the transaction of the change it tells of, then `kick`. */
  enqueue(event: string, payload: Payload): void {
    const now = this.options.now();
    const body: WireEvent & { account_id: string } = {
      entity: 'event',
      account_id: 'acc_TestGateway0001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(now / 1000),
    };
    const chaos = this.chaos();
    let state: Delivery['state'] = chaos.hold ? 'held' : 'pending';
    let copies = 1;
    if (chaos.dropNext > 0) {
      state = 'dropped';
      this.setChaos({ dropNext: chaos.dropNext - 1 });
    } else if (chaos.duplicateNext > 0) {
      copies = 2;
      this.setChaos({ duplicateNext: chaos.duplicateNext - 1 });
    }
    this.store.addDelivery({ id: newId('evt'), event, body: JSON.stringify(body), state, dueAt: now, copies });
  }

  /** Sends the held webhooks, in the order they were made or (`reverse`) newest first. */
  release(reverse = false): number {
    const held = this.store.deliveries('held');
    const now = this.options.now();
    this.store.atomically(() => {
      for (const delivery of held) {
        this.store.updateDelivery(delivery.seq, {
          state: 'pending',
          dueAt: now,
          rank: reverse ? -delivery.seq : delivery.seq,
        });
      }
      this.store.setSetting('hold', '0');
    });
    this.kick();
    return held.length;
  }

  /** Sends an event again (as Razorpay's dashboard's "resend"): same id, same body. */
  redeliver(eventId: string): boolean {
    const delivery = this.store.deliveries().find((d) => d.id === eventId);
    if (!delivery) return false;
    this.store.updateDelivery(delivery.seq, { state: 'pending', dueAt: this.options.now(), copies: 1, attempts: 0 });
    this.kick();
    return true;
  }

  list(): Delivery[] {
    return this.store.deliveries();
  }

  /** Whether a delivery is under way or still to be made or retried (held ones aside). */
  owing(): boolean {
    return this.pumping !== undefined || this.store.deliveries('pending').length > 0;
  }

  /** Resolves once nothing is due now (deliveries waiting for a retry or held may remain). */
  async idle(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  /** Starts delivering what is due, unless a delivery is already under way. */
  kick(): void {
    if (this.closed || this.pumping) return;
    clearTimeout(this.timer);
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      this.schedule();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.idle();
  }

  /** After a pump: on at once if a delivery became due meanwhile, else a timer for the next retry. Without a target, setTarget kicks. */
  private schedule(): void {
    if (this.closed || !this.target) return;
    const { due, nextAt } = this.store.nextDue(this.options.now());
    if (due) return this.kick();
    if (nextAt !== undefined) {
      this.timer = setTimeout(() => this.kick(), Math.max(0, nextAt - this.options.now())).unref();
    }
  }

  private async pump(): Promise<void> {
    for (;;) {
      const url = this.target;
      if (this.closed || !url) return;
      const { due } = this.store.nextDue(this.options.now());
      if (!due) return;
      const status = await this.post(url, due);
      const ok = /^2\d\d$/.test(status);
      const attempts = due.attempts + 1;
      if (ok) {
        const copies = due.copies - 1;
        this.store.updateDelivery(due.seq, {
          attempts,
          copies,
          lastStatus: status,
          ...(copies === 0 && { state: 'delivered' }),
        });
        continue;
      }
      const { retry } = this.options;
      if (attempts >= retry.attempts) {
        log.warn({ event: due.id, status }, 'webhook given up');
        this.store.updateDelivery(due.seq, { attempts, lastStatus: status, state: 'failed' });
        continue;
      }
      const wait = Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1));
      this.store.updateDelivery(due.seq, { attempts, lastStatus: status, dueAt: this.options.now() + wait });
    }
  }

  /** The answer's status code, or why there was none. */
  private async post(url: string, delivery: Delivery): Promise<string> {
    try {
      const response = await this.options.send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(this.options.secret, delivery.body),
          'x-razorpay-event-id': delivery.id,
          'user-agent': 'Razorpay-Webhook/v1 (MIBI test gateway)',
        },
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      return String(response.status);
    } catch (error) {
      return (error as Error).message;
    }
  }
}
