/**
 * The local test gateway: Razorpay's REST subset, hosted checkout, signed webhooks and the
 * control API on one HTTP server, its state in SQLite under `dataDir` (in memory without one).
 * `startTestGateway` runs it in this process (tests); main.ts runs it as a process of its own.
 */
import { mkdirSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { checkoutRoutes } from './checkout.ts';
import { controlRoutes } from './control.ts';
import { Operations, Refused } from './operations.ts';
import { answerErrors, basicAuth, restRoutes } from './rest.ts';
import { type GatewayKeys, generateKeys } from './keys.ts';
import { GatewayStore } from './store.ts';
import { DEFAULT_RETRY, type RetryPolicy, type Send, WebhookOutbox } from './webhooks.ts';

export interface TestGatewayOptions {
  /** 0: a free port. */
  port?: number;
  host?: string;
  /** Where its state is kept (gateway.db); unset: in memory. */
  dataDir?: string;
  keys?: GatewayKeys;
  /** Where webhooks go (MIBI's /api/payments/webhook); can be set later (control API). */
  webhookUrl?: string;
  /** How webhooks are sent: fetch unless given (the API harness hands them to its app). */
  send?: Send;
  retry?: Partial<RetryPolicy>;
  /** auto: a refund is processed `refundDelayMs` after it is made; manual: the control API ends it. */
  refunds?: 'auto' | 'manual';
  refundDelayMs?: number;
  now?: () => number;
}

export interface TestGateway {
  /** http://host:port, the base URL of its REST API and checkout. */
  url: string;
  keys: GatewayKeys;
  webhooks: WebhookOutbox;
  /**
   * Whether it still has something to do by itself: a refund to process, a webhook to send or
   * retry (held ones wait for the control API and do not count).
   */
  busy(): boolean;
  /** Resolves once not busy (within `timeoutMs`, else rejects). */
  quiet(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const GATEWAY_DB = 'gateway.db';

export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const keys = options.keys ?? generateKeys();
  const now = options.now ?? Date.now;
  let path = ':memory:';
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    path = join(options.dataDir, GATEWAY_DB);
  }
  const store = new GatewayStore(path);
  const webhooks = new WebhookOutbox(store, {
    secret: keys.webhookSecret,
    send: options.send ?? fetch,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    now,
  });
  if (options.webhookUrl) webhooks.setTarget(options.webhookUrl);
  const ops = new Operations(store, webhooks, keys.keySecret, now);

  const timers = new Set<NodeJS.Timeout>();
  const processLater = (refundId: string) => {
    if (options.refunds === 'manual') return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      try {
        ops.settleRefund(refundId, 'processed');
      } catch (error) {
        if (!(error instanceof Refused)) throw error; // ended by the control API meanwhile
      }
    }, options.refundDelayMs ?? 100).unref();
    timers.add(timer);
  };
  // Refunds left pending by a stop are processed now.
  for (const refund of ops.pendingRefunds()) processLater(refund.id);

  const app = new Hono();
  answerErrors(app);
  app.get('/_test/health', (c) => c.json({ ok: true }));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.route('/', checkoutRoutes(ops, keys.keyId));
  app.use('/v1/*', basicAuth(keys));
  app.use('/v2/*', basicAuth(keys));
  app.use('/_test/*', basicAuth(keys));
  app.route('/', restRoutes(ops, { onRefund: processLater }));
  app.route('/', controlRoutes(ops, webhooks));

  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const busy = () => timers.size > 0 || webhooks.owing();
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  webhooks.kick(); // what a stop left undelivered
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    keys,
    webhooks,
    busy,
    async quiet(timeoutMs = 5000) {
      for (let waited = 0; busy(); waited += 5) {
        if (waited > timeoutMs) throw new Error('the test gateway is still busy');
        await webhooks.idle();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await webhooks.close();
      store.close();
    },
  };
}
