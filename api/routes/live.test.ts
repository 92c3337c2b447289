import { type IncomingMessage, type Server, get } from 'node:http';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../domain/actor.ts';
import { type ProductCommand, productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import { type CertificateCommand, certificateDecider } from '../../domain/provenance/certificate.ts';
import { certificateStream } from '../../domain/provenance/events.ts';
import { HANDLOOM_MARK } from '../../domain/provenance/provenance.fixtures.ts';
import type { DocChange } from '../../platform/readstore/port.ts';
import { productDoc } from '../../projections/catalog/documents.fixtures.ts';
import { NOTIFY_SELLER } from '../../workers/notify-seller.ts';
import { ORDER_REACTOR } from '../../workers/order-reactor.ts';
import type { AppContext } from '../roles/context.ts';
import { LiveFeed, type LiveFeedOptions } from '../live/feed.ts';
import { sessionMiddleware } from '../auth/middleware.ts';
import { sessionId } from '../auth/sessions.ts';
import { addRole, findAccount } from '../commands/accounts.ts';
import type { AppEnv } from '../http/router.ts';
import { Client, expectStatus, ORIGIN, ok, type TestApi, startTestApi } from '../testing/harness.ts';
import { MAX_BACKLOG_BYTES, liveRoutes } from './live.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { movedOrder, placedOrder } from './purchases.fixtures.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import { signInAdmin } from './catalog.fixtures.ts';

interface Frame {
  event?: string;
  data?: any;
  id?: string;
  comment?: string;
}

const TIMEOUT = Symbol('timeout');

/** An open event stream, read frame by frame, over a socket or through `app.request`. */
class LiveStream {
  private readonly reader: ReadableStreamDefaultReader<string>;
  private text = '';
  private readonly frames: Frame[] = [];
  private reading: Promise<ReadableStreamReadResult<string>> | null = null;
  ended = false;

  constructor(readonly response: Response) {
    this.reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** The next frame that `match` accepts, with the frames skipped on the way. */
  async until(match: (frame: Frame) => boolean, timeoutMs = 3000): Promise<{ frame: Frame; skipped: Frame[] }> {
    const deadline = Date.now() + timeoutMs;
    const skipped: Frame[] = [];
    for (;;) {
      while (this.frames.length > 0) {
        const frame = this.frames.shift()!;
        if (match(frame)) return { frame, skipped };
        skipped.push(frame);
      }
      if (!(await this.pull(deadline))) throw new Error(`no matching frame; got ${JSON.stringify(skipped)}`);
    }
  }

  /** The next event, comments skipped. */
  async next(timeoutMs?: number): Promise<Frame> {
    return (await this.until((frame) => frame.event !== undefined, timeoutMs)).frame;
  }

  /** Events up to and including the first of type `event` whose data has `id`. */
  async upTo(event: string, id?: string): Promise<Frame[]> {
    const { frame, skipped } = await this.until((f) => f.event === event && (id === undefined || f.data?.id === id));
    return [...skipped.filter((f) => f.event !== undefined), frame];
  }

  /** Whatever arrives within `ms`. */
  async idle(ms: number): Promise<Frame[]> {
    const deadline = Date.now() + ms;
    while (await this.pull(deadline));
    return this.frames.splice(0);
  }

  /** Whether the stream ends within `timeoutMs`, answered as soon as it does. */
  async ends(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (await this.pull(deadline)) this.frames.length = 0;
    return this.ended;
  }

  close(): Promise<void> {
    return this.reader.cancel();
  }

  private async pull(deadline: number): Promise<boolean> {
    if (this.ended) return false;
    this.reading ??= this.reader.read();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMEOUT>(
      (resolve) => (timer = setTimeout(() => resolve(TIMEOUT), Math.max(0, deadline - Date.now()))),
    );
    const result = await Promise.race([this.reading, timeout]);
    clearTimeout(timer);
    if (result === TIMEOUT) return false;
    this.reading = null;
    if (result.done) {
      this.ended = true;
      return false;
    }
    this.text += result.value;
    const { frames, rest } = parseFrames(this.text);
    this.frames.push(...frames);
    this.text = rest;
    return true;
  }
}

/** The whole frames in `text`, and what is left of a frame not yet whole. */
function parseFrames(text: string): { frames: Frame[]; rest: string } {
  const blocks = text.split('\n\n');
  return { frames: blocks.slice(0, -1).map(parseFrame), rest: blocks.at(-1)! };
}

function parseFrame(block: string): Frame {
  const frame: Frame = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const [field, value] = [line.slice(0, colon), line.slice(colon + 1).trimStart()];
    if (field === '') frame.comment = value;
    else if (field === 'data') frame.data = JSON.parse(value);
    else if (field === 'event' || field === 'id') frame[field] = value;
  }
  return frame;
}

interface Served {
  origin: string;
  close(): Promise<void>;
}

/** Serves `app` as `npm start` does (@hono/node-server), on a free port. */
function served(app: { fetch: (request: Request, env: any) => Response | Promise<Response> }): Promise<Served> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, ({ port }) =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((closed) => {
            (server as Server).closeAllConnections();
            server.close(() => closed());
          }),
      }),
    );
  });
}

let api: TestApi;
let server: Served;
let seller: Client;
const open: LiveStream[] = [];

beforeAll(async () => {
  api = await startTestApi();
  server = await served(api.app);
  seller = await signedIn(api, 'seller', 'Meera Weaves');
});
afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()));
  await server.close();
  await api.close();
});

type Requester = { request(input: string, init: RequestInit): Response | Promise<Response> };

/** Connects as `client` (a visitor without one) over a socket to the served app, or through `app.request` to `app`. */
async function connect(client?: Client, headers: Record<string, string> = {}, app?: Requester) {
  const init = { headers: { ...(client?.cookie && { cookie: client.cookie }), ...headers } };
  const response = app ? await app.request(`${ORIGIN}/api/live`, init) : await fetch(`${server.origin}/api/live`, init);
  const stream = new LiveStream(response);
  open.push(stream);
  return stream;
}

async function connected(client?: Client, headers?: Record<string, string>, app?: Requester) {
  const stream = await connect(client, headers, app);
  const ready = await stream.next();
  expect(ready.event).toBe('ready');
  return stream;
}

/**
 * Verifies as the server itself does (AUTO_VERIFY): an admin's decisions are told to their
 * seller (notify-decision), which would add notifications these tests do not look for.
 */
const ADMIN: Actor = { userId: 'system', roles: ['admin'] };
const now = () => new Date().toISOString();
const onProduct = (productId: string, command: ProductCommand) =>
  api.ctx.streams.handle(productStream(productId), productDecider, command, { actor: ADMIN.userId });

/** A product listed and then verified, so it becomes visible; answers its id and the position of the verification. */
async function visibleProduct(name = 'Brass Diya', owner = seller) {
  const productId = await listedProduct(api, owner, { name }, { verified: false });
  const { position } = await onProduct(productId, { type: 'VerifyProduct', actor: ADMIN, at: now() });
  return { productId, position };
}

const events = (frames: Frame[]) => frames.map((frame) => frame.event);

/** Waits until the notify-seller jobs of everything up to `position` have run. */
async function notified(position: number): Promise<void> {
  await vi.waitFor(async () =>
    expect(await api.platform.read.checkpoint(ORDER_REACTOR)).toBeGreaterThanOrEqual(position),
  );
  await api.platform.queue.drained(NOTIFY_SELLER);
}

describe('GET /api/live', () => {
  it('answers an event stream that starts with ready, whose id is where to resume from', async () => {
    const stream = await connect();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    const ready = await stream.next();
    expect(ready).toEqual({ event: 'ready', data: { position: Number(ready.id) }, id: ready.id });
  });

  it('keeps the headers the middleware set, such as the clearing of an unknown session cookie', async () => {
    const stream = await connect(undefined, { cookie: 'mibi_session=not-a-session' });
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('set-cookie')).toMatch(/^mibi_session=;/);
    expect((await stream.next()).event).toBe('ready');
  });

  it('announces to everyone a product added, changed while visible, and removed', async () => {
    const streams = [await connected(), await connected(await signedIn(api))];
    const productId = await listedProduct(api, seller, { name: 'Pashmina Shawl' }, { verified: false });
    /** Runs a command on the product and answers the frame each stream gets of it (waited for, so batches do not merge them). */
    const after = async (command: ProductCommand) => {
      const { position } = await onProduct(productId, command);
      const frames = [];
      for (const stream of streams) frames.push((await stream.until((f) => f.data?.id === productId)).frame);
      return { position, frames };
    };

    const verified = await after({ type: 'VerifyProduct', actor: ADMIN, at: now() });
    for (const added of verified.frames) {
      expect(added).toMatchObject({
        event: 'product.added',
        id: String(verified.position),
        data: { name: 'Pashmina Shawl', visible: true },
      });
      expect(added.data).not.toHaveProperty('ratingSum');
      expect(added.data).not.toHaveProperty('rejectionReason');
    }
    const restocked = await after({
      type: 'AdjustStock',
      actor: { userId: seller.user!.id, roles: ['seller'] },
      stockQuantity: 2,
      at: now(),
    });
    for (const changed of restocked.frames) {
      expect(changed).toMatchObject({
        event: 'product.changed',
        id: String(restocked.position),
        data: { stockQuantity: 2 },
      });
    }
    const delisted = await after({ type: 'DelistProduct', actor: ADMIN, at: now() });
    for (const removed of delisted.frames) {
      expect(removed).toEqual({ event: 'product.removed', id: String(delisted.position), data: { id: productId } });
    }
  });

  it("announces to everyone a product's badge given by a verified certificate and taken off by its revocation", async () => {
    const owner = await signedIn(api, 'seller', 'Sanganer Prints');
    const { productId } = await visibleProduct('Dabu Dohar', owner);
    const stream = await connected();
    const certificateId = crypto.randomUUID();
    const decide = (command: CertificateCommand) =>
      api.ctx.streams.handle(certificateStream(certificateId), certificateDecider, command, { actor: ADMIN.userId });
    const details = { ...HANDLOOM_MARK, validUntil: '2099-12-31' };
    await decide({ type: 'SubmitCertificate', certificateId, sellerId: owner.user!.id, details, at: now() });
    await decide({ type: 'VerifyCertificate', certificateId, by: 'a1', byName: 'Asha Admin', at: now() });
    const changed = async () =>
      (await stream.until((f) => f.event === 'product.changed' && f.data?.id === productId)).frame.data.provenance;
    expect((await changed()).badges).toEqual([expect.objectContaining({ title: 'Handloom Mark' })]);
    await decide({ type: 'RevokeCertificate', certificateId, by: 'a1', reason: 'Registration cancelled', at: now() });
    expect((await changed()).badges).toEqual([]);
  });

  it("sends a buyer their purchase's changes and its seller their seller order and notification", async () => {
    const buyer = await signedIn(api, 'buyer', 'Asha Rao');
    const [buyerStream, sellerStream] = [await connected(buyer), await connected(seller)];
    const { productId } = await visibleProduct();
    const orderChanged = async () => (await buyerStream.until((f) => f.event === 'order.changed')).frame.data;
    const sellerGets = async (event: string) => (await sellerStream.until((f) => f.event === event)).frame.data;

    const { orderId, position } = await placedOrder(api, buyer, [{ productId, quantity: 2 }]);
    expect(await orderChanged()).toMatchObject({
      id: orderId,
      buyerId: buyer.user!.id,
      status: 'pending',
      lines: [{ productId, quantity: 2 }],
      sellerOrders: [{ id: `${orderId}-1`, status: 'pending' }],
    });
    expect(await sellerGets('seller-order.changed')).toMatchObject({
      id: `${orderId}-1`,
      orderId,
      sellerId: seller.user!.id,
      status: 'pending',
      lines: [{ productId, quantity: 2 }],
    });
    await notified(position);
    expect(await sellerGets('notification.added')).toMatchObject({ sellerId: seller.user!.id, orderId, read: false });

    await movedOrder(api, orderId, 'processing');
    expect(await orderChanged()).toMatchObject({
      id: orderId,
      status: 'processing',
      sellerOrders: [{ id: `${orderId}-1`, status: 'processing' }],
    });
    expect(await sellerGets('seller-order.changed')).toMatchObject({ id: `${orderId}-1`, status: 'processing' });
  });

  it('sends each user only their own purchases, seller orders and notifications', async () => {
    const [asha, ravi] = [await signedIn(api, 'buyer', 'Asha Rao'), await signedIn(api, 'buyer', 'Ravi Kumar')];
    const [meera, kashmir] = [
      await signedIn(api, 'seller', 'Meera Crafts'),
      await signedIn(api, 'seller', 'Kashmir Looms'),
    ];
    const users = { asha, ravi, meera, kashmir };
    const streams = Object.fromEntries(
      await Promise.all(Object.entries(users).map(async ([name, user]) => [name, await connected(user)] as const)),
    );
    const visitor = await connected();

    const { productId: diya } = await visibleProduct('Brass Diya', meera);
    const { productId: shawl } = await visibleProduct('Pashmina Shawl', kashmir);
    // Asha buys from both sellers, Ravi from Kashmir Looms only.
    const ashaOrder = await placedOrder(api, asha, [{ productId: diya }, { productId: shawl }]);
    const raviOrder = await placedOrder(api, ravi, [{ productId: shawl }]);
    await notified(raviOrder.position);
    // Messages go out in log order: whatever a user was sent of these orders comes before this product.
    const { productId: sentinel } = await visibleProduct('Sentinel');

    // Public changes have their own tests, as have those of sellers' own products (stock reserved).
    // A storefront's may come here or not: the sellers' sign-ups may be projected after the streams open.
    const framesOf = async (stream: LiveStream) =>
      (await stream.upTo('product.added', sentinel)).filter(
        (frame) => !/^((seller-)?product|storefront)\./.test(frame.event!),
      );
    // Notifications come from a worker, after the orders: only what each user gets counts, not the order between users' events.
    const privateOf = async (stream: LiveStream) =>
      (await framesOf(stream))
        .map((frame) => [frame.event, frame.data.orderId ?? frame.data.id])
        .sort((a, b) => (`${a}` < `${b}` ? -1 : 1));
    expect(await privateOf(streams.asha!)).toEqual([['order.changed', ashaOrder.orderId]]);
    expect(await privateOf(streams.ravi!)).toEqual([['order.changed', raviOrder.orderId]]);
    expect(await privateOf(streams.meera!)).toEqual([
      ['notification.added', ashaOrder.orderId],
      ['seller-order.changed', ashaOrder.orderId],
    ]);
    expect(await privateOf(streams.kashmir!)).toEqual(
      [
        ['notification.added', ashaOrder.orderId],
        ['notification.added', raviOrder.orderId],
        ['seller-order.changed', ashaOrder.orderId],
        ['seller-order.changed', raviOrder.orderId],
      ].sort((a, b) => (`${a}` < `${b}` ? -1 : 1)),
    );
    expect(await privateOf(visitor)).toEqual([]);
  });

  it("sends a thread's changes to its buyer and its seller, and to no one else", async () => {
    const [asha, ravi] = [await signedIn(api, 'buyer', 'Asha Rao'), await signedIn(api, 'buyer', 'Ravi Kumar')];
    const [meera, kashmir] = [
      await signedIn(api, 'seller', 'Meera Crafts'),
      await signedIn(api, 'seller', 'Kashmir Looms'),
    ];
    const streams = await Promise.all([asha, ravi, meera, kashmir].map((user) => connected(user)));
    const { productId: diya } = await visibleProduct('Brass Diya', meera);
    const { orderId, position } = await placedOrder(api, asha, [{ productId: diya }]);
    await notified(position);
    const thread = `${orderId}-1`;
    expectStatus(await asha.api.threads[':id'].messages.$post({ param: { id: thread }, json: { text: 'Hello' } }), 201);
    const { productId: sentinel } = await visibleProduct('Sentinel');
    const threadFrames = async (stream: LiveStream) =>
      (await stream.upTo('product.added', sentinel))
        .filter((frame) => frame.event!.includes('thread'))
        .map((frame) => [frame.event, frame.data.id, frame.data.sellerUnread]);
    const [ashaGets, raviGets, meeraGets, kashmirGets] = await Promise.all(streams.map(threadFrames));
    expect(ashaGets).toEqual([['thread.changed', thread, 1]]);
    expect(meeraGets).toEqual([['seller-thread.changed', thread, 1]]);
    expect([raviGets, kashmirGets]).toEqual([[], []]);
  });

  it('sends the admins, and only them, the ids of the products, purchases and balances that changed', async () => {
    const admin = await signInAdmin(api);
    const buyer = await signedIn(api, 'buyer', 'Asha Rao');
    const [adminStream, buyerStream, sellerStream, visitor] = [
      await connected(admin),
      await connected(buyer),
      await connected(seller),
      await connected(),
    ];
    const adminGets = async (event: string) => (await adminStream.until((f) => f.event === event)).frame.data;

    // A new product waits in the review queue; verified, it leaves it.
    const productId = await listedProduct(api, seller, { name: 'Bidri Box' }, { verified: false });
    expect(await adminGets('admin.product.changed')).toEqual({ id: productId, queued: true });
    await onProduct(productId, { type: 'VerifyProduct', actor: ADMIN, at: now() });
    expect(await adminGets('admin.product.changed')).toEqual({ id: productId, queued: false });
    const { orderId } = await placedOrder(api, buyer, [{ productId }]);
    expect(await adminGets('admin.order.changed')).toEqual({ id: orderId });
    await movedOrder(api, orderId, 'delivered');
    expect(await adminGets('admin.balance.changed')).toEqual({ id: seller.user!.id });

    // The others were sent none of it, up to the delivery's last message.
    const { productId: sentinel } = await visibleProduct('Sentinel');
    for (const stream of [buyerStream, sellerStream, visitor])
      expect((await stream.upTo('product.added', sentinel)).filter((f) => f.event!.startsWith('admin.'))).toEqual([]);
  });

  it('never sends a seller the other seller’s lines of a purchase', async () => {
    const buyer = await signedIn(api, 'buyer', 'Asha Rao');
    const [meera, kashmir] = [
      await signedIn(api, 'seller', 'Meera Crafts'),
      await signedIn(api, 'seller', 'Kashmir Looms'),
    ];
    const meeraStream = await connected(meera);
    const diya = await listedProduct(api, meera);
    const shawl = await listedProduct(api, kashmir);
    const { orderId } = await placedOrder(api, buyer, [{ productId: diya }, { productId: shawl }]);
    const { frame } = await meeraStream.until((f) => f.event === 'seller-order.changed');
    expect(frame.data.orderId).toBe(orderId);
    expect(frame.data.lines.map((line: { productId: string }) => line.productId)).toEqual([diya]);
    expect(JSON.stringify(frame.data)).not.toContain(shawl);
    expect(frame.data).not.toHaveProperty('sellerOrders');
  });

  it('gives a reconnecting client what it missed since its Last-Event-ID, then ready', async () => {
    const first = await connected();
    const before = await visibleProduct('Before the cut');
    const [seen] = await first.upTo('product.added', before.productId);
    await first.close();

    const missed = [await visibleProduct('Missed one'), await visibleProduct('Missed two')];
    await api.settle();
    const again = await connect(undefined, { 'last-event-id': seen!.id! });
    const frames = await again.upTo('ready');
    expect(frames.map((frame) => [frame.event, frame.data.id])).toEqual([
      ['product.added', missed[0]!.productId],
      ['product.added', missed[1]!.productId],
      ['ready', undefined],
    ]);
    expect(frames.at(-1)!.id).toBe(frames.at(-2)!.id);
  });

  it.each(['1', 'not-a-position'])(
    'asks a client resuming from %s, beyond what it holds, to refetch',
    async (lastEventId) => {
      const stream = await connect(undefined, { 'last-event-id': lastEventId });
      expect(events([await stream.next(), await stream.next()])).toEqual(['reset', 'ready']);
      const { productId } = await visibleProduct();
      expect((await stream.next()).data).toMatchObject({ id: productId });
    },
  );

  it('sends a heartbeat comment while idle', async () => {
    const app = new OpenAPIHono().route('/api/live', liveRoutes(api.ctx, { heartbeatMs: 20 }));
    const stream = await connect(undefined, {}, app);
    const { frame } = await stream.until((f) => f.comment !== undefined);
    expect(frame).toEqual({ comment: 'ping' });
    await stream.until((f) => f.comment !== undefined);
  });

  it('stops sending to a client that left', async () => {
    const stream = await connected();
    await stream.close();
    await visibleProduct();
    await api.settle();
    expect(await stream.idle(50)).toEqual([]);
  });

  it('ends every stream when the feed closes, and opens a new feed for the next client', async () => {
    const stream = await connected();
    await api.ctx.live.close();
    expect(await stream.ends()).toBe(true);
    const next = await connected();
    const { productId } = await visibleProduct();
    expect((await next.next()).data).toMatchObject({ id: productId });
  });
});

describe('a stream of a signed-in user', () => {
  /** Another session of the same user, as on another device. */
  const otherDevice = async (client: Client) => {
    const { token } = await api.ctx.sessions.create(client.user!.id);
    return new Client(api, `mibi_session=${token}`, client.user);
  };
  const sessionOf = (client: Client) => sessionId(client.cookie!.split('=')[1]!);
  /** The harness's admin, with a session made directly (one that passed the second factor), so only the admin routes are tried here. */
  const signInAdmin = async () => {
    const { userId } = (await findAccount(api.ctx, 'admin@mibi.test'))!;
    const { token } = await api.ctx.sessions.create(userId, new Date(), { secondFactor: true });
    return new Client(api, `mibi_session=${token}`);
  };
  /** A buyer past ready on live routes that check the session every 50 ms, as another API process serves them. */
  const connectedCheckingOften = async () => {
    const app = new OpenAPIHono<AppEnv>()
      .use('/api/*', sessionMiddleware(api.ctx))
      .route('/api/live', liveRoutes(api.ctx, { sessionCheckMs: 50 }));
    const buyer = await signedIn(api, 'buyer');
    return { buyer, stream: await connected(buyer, {}, app) };
  };
  /** Whether the stream ends within `ms`, and the order changes it got meanwhile. */
  const afterwards = async (stream: LiveStream, ms = 300) => {
    const frames = await stream.idle(ms);
    return { ended: stream.ended, orders: frames.filter((frame) => frame.event === 'order.changed') };
  };
  /** A purchase of `buyer`, announced on `streams`. */
  const purchase = async (buyer: Client, ...streams: LiveStream[]) => {
    const { productId } = await visibleProduct();
    const { orderId } = await placedOrder(api, buyer, [{ productId }]);
    for (const stream of streams) await stream.until((f) => f.event === 'order.changed' && f.data.id === orderId);
    return orderId;
  };

  it('ends, and sends no more of their order, when the buyer signs out everywhere', async () => {
    const buyer = await signedIn(api, 'buyer', 'Asha Rao');
    const phone = await otherDevice(buyer);
    const [stream, phoneStream] = [await connected(buyer), await connected(phone)];
    const orderId = await purchase(buyer, stream, phoneStream);

    expectStatus(await phone.api.auth['signout-everywhere'].$post(), 200);
    await movedOrder(api, orderId, 'processing');
    await api.settle();
    expect(await afterwards(stream)).toEqual({ ended: true, orders: [] });
    expect(await afterwards(phoneStream)).toEqual({ ended: true, orders: [] });
    // Reconnecting with the old cookie gives a visitor's stream.
    const again = await connected(buyer);
    await movedOrder(api, orderId, 'shipped');
    await api.settle();
    expect(await afterwards(again)).toEqual({ ended: false, orders: [] });
  });

  it('ends with its own session only when the browser signs out', async () => {
    const buyer = await signedIn(api, 'buyer');
    const phone = await otherDevice(buyer);
    const [stream, phoneStream] = [await connected(buyer), await connected(phone)];
    const orderId = await purchase(buyer, stream, phoneStream);

    expectStatus(await buyer.api.auth.signout.$post(), 200);
    await movedOrder(api, orderId, 'processing');
    expect((await phoneStream.until((f) => f.event === 'order.changed')).frame.data).toMatchObject({
      id: orderId,
      status: 'processing',
    });
    expect(await afterwards(stream)).toEqual({ ended: true, orders: [] });
  });

  it('ends when the password is changed', async () => {
    const buyer = await api.signUp();
    const stream = await connected(buyer);
    expectStatus(
      await buyer.api.auth.password.$post({ json: { currentPassword: 'secret-pass', password: 'new-secret-pass' } }),
      200,
    );
    expect((await afterwards(stream)).ended).toBe(true);
  });

  it('ends within the check interval when the session ends in another API process', async () => {
    const { buyer, stream } = await connectedCheckingOften();
    const orderId = await purchase(buyer, stream);
    // Another process signs the user out: the session's row goes, and this process is not told.
    await api.platform.read.collection('sessions').delete(sessionOf(buyer));
    expect((await afterwards(stream, 1000)).ended).toBe(true);
    await movedOrder(api, orderId, 'processing');
    expect(await afterwards(stream, 100)).toEqual({ ended: true, orders: [] });
  });

  it("ends within the check interval when another API process cuts the user's rights", async () => {
    const { buyer, stream } = await connectedCheckingOften();
    expect((await afterwards(stream, 120)).ended).toBe(false);
    await api.platform.read.collection('sessions').patch(sessionOf(buyer), { rightsCutAt: new Date().toISOString() });
    expect((await afterwards(stream, 1000)).ended).toBe(true);
    // The session itself goes on.
    expect(ok(await buyer.api.auth.me.$get()).user).toMatchObject({ id: buyer.user!.id });
  });

  it("ends when an admin revokes a role, and reopens without that role's messages", async () => {
    const admin = await signInAdmin();
    const user = await signedIn(api, 'buyer');
    await addRole(api.ctx, { userId: 'fixture-admin', roles: ['admin'] }, user.user!.id, 'seller');
    const stream = await connected(user);
    const orderId = await purchase(user, stream);

    expectStatus(
      await admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: user.user!.id, role: 'buyer' } }),
      200,
    );
    expect((await afterwards(stream)).ended).toBe(true);
    const again = await connected(user);
    await movedOrder(api, orderId, 'processing');
    const { productId } = await visibleProduct('After the revocation');
    const frames = await again.upTo('product.added', productId);
    expect(frames.filter((frame) => frame.event === 'order.changed')).toEqual([]);
  });

  it('ends when an admin suspends the seller', async () => {
    const admin = await signInAdmin();
    const meera = await signedIn(api, 'seller', 'Meera Crafts');
    const stream = await connected(meera);
    expectStatus(
      await admin.api.admin.sellers[':id'].suspend.$post({
        param: { id: meera.user!.id },
        json: { reason: 'Counterfeit goods' },
      }),
      200,
    );
    expect((await afterwards(stream)).ended).toBe(true);
  });
});

/** A stream read with node:http, which can stop reading as a stuck client does: the server's buffers then fill. */
class RawStream {
  /** The whole frames received. */
  readonly frames: Frame[] = [];
  ended = false;
  private text = '';

  private constructor(private readonly response: IncomingMessage) {
    response.setEncoding('utf8');
    response.on('data', (text: string) => {
      const { frames, rest } = parseFrames(this.text + text);
      this.frames.push(...frames);
      this.text = rest;
    });
    response.on('error', () => {});
    response.on('close', () => (this.ended = true));
  }

  static open(origin: string, headers: Record<string, string> = {}): Promise<RawStream> {
    return new Promise((resolve, reject) =>
      get(`${origin}/api/live`, { agent: false, headers }, (response) => resolve(new RawStream(response))).on(
        'error',
        reject,
      ),
    );
  }

  /** The positions of the messages received, in order. */
  get positions(): number[] {
    return this.frames.filter((frame) => frame.event?.startsWith('product.')).map((frame) => Number(frame.id));
  }

  get lastId(): string | undefined {
    return this.frames.findLast((frame) => frame.id !== undefined)?.id;
  }

  pause(): void {
    this.response.pause();
  }

  resume(): void {
    this.response.resume();
  }

  close(): void {
    this.response.destroy();
  }
}

describe('a client that stops reading', () => {
  const LIMIT = 64 * 1024;
  /** A product change of about 16 KB. */
  const changeAt = (position: number) => {
    const change: DocChange = {
      collection: PRODUCTS,
      id: `p-${position % 10}`,
      doc: productDoc(`p-${position % 10}`, { description: 'x'.repeat(16_000) }),
    };
    return { projection: 'catalog', position, changes: [change] };
  };
  /** A feed on its own, told every projection has passed each notice at once, and an app serving it. */
  function feedApp(options: LiveFeedOptions = {}) {
    const feed = new LiveFeed(
      { waitFor: async () => true },
      { since: 0, loadedAt: 0, visible: new Set() },
      { capacity: 100_000, ...options },
    );
    const ctx = { live: { get: async () => feed } } as unknown as AppContext;
    const app = new OpenAPIHono().route('/api/live', liveRoutes(ctx, { maxBacklogBytes: LIMIT }));
    let position = 0;
    const publish = (count: number) => {
      for (let i = 0; i < count; i++) feed.take(changeAt(++position));
      return position;
    };
    return { feed, app, publish };
  }

  it(`is cut off once its unsent bytes pass the limit (here ${LIMIT / 1024} KiB, ${MAX_BACKLOG_BYTES / 1024 / 1024} MiB by default) while the others keep up, and resumes without loss`, async () => {
    const { feed, app, publish } = feedApp();
    const live = await served(app);
    try {
      const [normal, slow] = [await RawStream.open(live.origin), await RawStream.open(live.origin)];
      await vi.waitFor(() =>
        expect([normal, slow].map((stream) => stream.frames.at(-1)?.event)).toEqual(['ready', 'ready']),
      );
      slow.pause();

      // The kernel's socket buffers take a few MB before the server's own buffer fills.
      let last = 0;
      for (let round = 0; feed.connections > 1; round++) {
        if (round === 400) throw new Error('the slow client was never cut off');
        last = publish(8);
        await vi.waitFor(() => expect(normal.lastId).toBe(String(last)), { timeout: 5000 });
      }
      expect(normal.positions).toEqual(range(1, last));

      // It reads what reached it before the cut, then the end: some messages never came.
      slow.resume();
      await vi.waitFor(() => expect(slow.ended).toBe(true), { timeout: 5000 });
      const before = slow.positions;
      expect(before).toEqual(range(1, before.length));
      expect(before.length).toBeLessThan(last);

      // Reconnecting as EventSource does, it gets every message after its last id, then ready, then what comes next.
      const again = await RawStream.open(live.origin, { 'last-event-id': slow.lastId! });
      await vi.waitFor(() => expect(again.frames.at(-1)?.event).toBe('ready'), { timeout: 5000 });
      const end = publish(3);
      await vi.waitFor(() => expect(again.lastId).toBe(String(end)), { timeout: 5000 });
      expect([...before, ...again.positions]).toEqual(range(1, end));
      expect(feed.connections).toBe(2);
      for (const stream of [normal, again]) stream.close();
    } finally {
      feed.close();
      await live.close();
    }
  });

  it('is cut off at the first message due once what it left unread is past the limit; the catch-up it resumed with does not count', async () => {
    const { feed, app, publish } = feedApp({ batchMsPerConnection: 0 });
    let sent = 0;
    let position = 0;
    // A subscriber beside the client, to see what the client is sent.
    feed.join(undefined, {
      deliver: ({ groups, wire }) => ((sent += wire.for(null)!.length), (position = groups.at(-1)!.position)),
      close: () => {},
    });
    /** Publishes one message at a time until the client is cut off, checking that it was not before it left more than the limit unread. */
    const untilCut = async () => {
      const start = sent;
      for (;;) {
        const unread = sent - start;
        const at = publish(1);
        await vi.waitFor(() => expect(position).toBe(at));
        await new Promise((resolve) => setImmediate(resolve));
        if (feed.connections === 1) return expect(unread).toBeGreaterThan(LIMIT);
        expect(unread).toBeLessThanOrEqual(LIMIT);
      }
    };

    // A client that reads up to ready, then no more.
    const response = await app.request(`${ORIGIN}/api/live`);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
    expect(feed.connections).toBe(2);
    await untilCut();
    await expect(reader.read()).rejects.toThrow('too far behind');

    // Resuming from the start, it is sent more than the limit at once, and reads none of it: that does not count.
    expect(sent).toBeGreaterThan(LIMIT);
    const resumed = await app.request(`${ORIGIN}/api/live`, { headers: { 'last-event-id': '0' } });
    expect(feed.connections).toBe(2);
    await untilCut();
    await resumed.body!.cancel().catch(() => {});
    feed.close();
  });
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
