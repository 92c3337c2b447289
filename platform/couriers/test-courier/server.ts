/**
 * The local test courier: AfterShip's tracking API as MIBI uses it (trackings created with the API
 * key), and a control API (`/_test/...`, same key) through which a test or the CLI tells a
 * parcel's next step, which it sends to MIBI as AfterShip does: a signed tracking_update webhook.
 * Its trackings are kept in memory: a restart forgets them (MIBI registers again on a correction).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  API_KEY_HEADER,
  type Checkpoint,
  SIGNATURE_HEADER,
  TRACKINGS_PATH,
  type WebhookBody,
  type WireTracking,
  webhookSignature,
} from '../aftership-wire.ts';

export interface CourierKeys {
  apiKey: string;
  webhookSecret: string;
}

export const generateCourierKeys = (): CourierKeys => ({
  apiKey: `asat_test_${randomBytes(16).toString('hex')}`,
  webhookSecret: randomBytes(24).toString('base64url'),
});

/** How webhooks leave: fetch by default; the API test harness hands them to its app. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

export interface TestCourierOptions {
  /** 0: a free port. */
  port?: number;
  host?: string;
  keys?: CourierKeys;
  /** Where webhooks go (MIBI's /api/shipments/webhook); can be set later (control API). */
  webhookUrl?: string;
  send?: Send;
  now?: () => number;
}

export interface TestCourier {
  url: string;
  keys: CourierKeys;
  close(): Promise<void>;
}

/** What the control API tells of a parcel: AfterShip's tag and subtag, where, and when (now by default). */
const stepSchema = z.object({
  slug: z.string().min(1).max(50),
  tracking_number: z.string().min(1).max(60),
  tag: z.enum(['InfoReceived', 'InTransit', 'OutForDelivery', 'AttemptFail', 'Delivered', 'Exception']),
  subtag: z.string().max(30).optional(),
  location: z.string().max(200).default(''),
  checkpoint_time: z.string().datetime().optional(),
});

const createSchema = z.object({
  tracking_number: z.string().min(1).max(60),
  slug: z.string().min(1).max(50),
  order_id: z.string().max(200).default(''),
});

/** AfterShip's error envelope. */
const refuse = (c: Context, status: 400 | 401 | 404, code: number, message: string) =>
  c.json({ meta: { code, message, type: 'BadRequest' }, data: {} }, status);

export async function startTestCourier(options: TestCourierOptions = {}): Promise<TestCourier> {
  const keys = options.keys ?? generateCourierKeys();
  const now = options.now ?? Date.now;
  const send = options.send ?? fetch;
  let target = options.webhookUrl;
  const trackings = new Map<string, WireTracking>();
  const sent = new Map<string, string>();
  const keyOf = (slug: string, number: string) => `${slug}\n${number}`;

  async function deliver(raw: string): Promise<number> {
    if (!target) return 0;
    const response = await send(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: webhookSignature(keys.webhookSecret, raw),
        'user-agent': 'AfterShip (MIBI test courier)',
      },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  }

  const app = new Hono();
  app.get('/_test/health', (c) => c.json({ ok: true }));
  app.use('*', async (c, next) => {
    if (c.req.header(API_KEY_HEADER) !== keys.apiKey) return refuse(c, 401, 401, 'Invalid API key.');
    await next();
  });
  app.post(TRACKINGS_PATH, async (c) => {
    const parsed = createSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, 4001, 'Invalid JSON data.');
    const { tracking_number, slug, order_id } = parsed.data;
    const key = keyOf(slug, tracking_number);
    if (trackings.has(key)) return refuse(c, 400, 4003, 'Tracking already exists.');
    const tracking: WireTracking = {
      id: randomBytes(12).toString('hex'),
      tracking_number,
      slug,
      order_id: order_id || null,
      tag: 'Pending',
      subtag: 'Pending_001',
      checkpoints: [],
    };
    trackings.set(key, tracking);
    return c.json({ meta: { code: 201 }, data: tracking }, 201);
  });
  app.get('/_test/trackings', (c) => c.json({ trackings: [...trackings.values()] }));
  app.put('/_test/webhooks/target', async (c) => {
    const parsed = z.object({ url: z.string().url() }).safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, 4001, 'Give the url webhooks go to.');
    target = parsed.data.url;
    return c.json({ target });
  });
  /** The parcel's next step: recorded on its tracking and told to MIBI by a signed webhook; MIBI's answer's status comes back. */
  app.post('/_test/checkpoints', async (c) => {
    const parsed = stepSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return refuse(c, 400, 4001, 'Give slug, tracking_number and tag.');
    const { slug, tracking_number, tag, subtag, location, checkpoint_time } = parsed.data;
    const tracking = trackings.get(keyOf(slug, tracking_number));
    if (!tracking) return refuse(c, 404, 4004, 'Tracking does not exist.');
    const checkpoint: Checkpoint = {
      checkpoint_time: checkpoint_time ?? new Date(now()).toISOString(),
      location,
      message: tag,
      tag,
      subtag: subtag ?? `${tag}_001`,
    };
    const first = !tracking.checkpoints.some((seen) => seen.tag === tag);
    Object.assign(tracking, { tag, subtag: checkpoint.subtag, checkpoints: [...tracking.checkpoints, checkpoint] });
    const body: WebhookBody = {
      event: 'tracking_update',
      event_id: randomUUID(),
      ts: Math.floor(now() / 1000),
      is_tracking_first_tag: first,
      msg: tracking,
    };
    const raw = JSON.stringify(body);
    sent.set(body.event_id, raw);
    return c.json({ event_id: body.event_id, status: await deliver(raw) });
  });
  /** Sends a webhook again as it was (its event id and time): what a retry of AfterShip's looks like, or a replay. */
  app.post('/_test/webhooks/:id/redeliver', async (c) => {
    const raw = sent.get(c.req.param('id'));
    if (!raw) return refuse(c, 404, 4004, 'No such webhook.');
    return c.json({ event_id: c.req.param('id'), status: await deliver(raw) });
  });

  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    keys,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
