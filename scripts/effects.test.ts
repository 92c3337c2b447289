/**
 * Effects outside the log happen exactly once across crashes, restarts and a lost queue: the
 * real server process is stopped (SIGKILL, SIGTERM) while buyers place orders, or its Redis
 * restarts empty, and afterwards every order acknowledged before has exactly one in-app
 * notification and one e-mail for each of its sellers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '../domain/order/status.ts';
import { type RedisServer, startRedis } from '../platform/testing/redis.ts';
import { type StartedServer, startServer } from './server.fixtures.ts';

const BUYERS = 8;
const ENV = { ADMIN_EMAIL: 'admin@mibi.test', ADMIN_PASSWORD: 'admin-pass-1', AUTO_VERIFY: 'true', RECONCILE_EVERY_S: '1' };

/** A signed-in user of a running server: requests carry the session cookie. */
class User {
  constructor(
    readonly base: string,
    readonly cookie: string,
    readonly id: string,
  ) {}

  static async signUp(base: string, role: 'buyer' | 'seller', name: string): Promise<User> {
    const email = `${name.toLowerCase().replaceAll(' ', '.')}-${crypto.randomUUID().slice(0, 8)}@mibi.test`;
    const reply = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: name, email, password: 'secret-pass', role }),
    });
    if (reply.status !== 201) throw new Error(`sign-up: ${reply.status} ${await reply.text()}`);
    const cookie = reply.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return new User(base, cookie, ((await reply.json()) as { user: { id: string } }).user.id);
  }

  /** The same session against another (restarted) server. */
  at(base: string): User {
    return new User(base, this.cookie, this.id);
  }

  async send(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const reply = await fetch(`${this.base}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.status, body: await reply.json().catch(() => null) };
  }
}

interface Marketplace {
  sellers: User[];
  buyers: User[];
  products: string[];
}

async function marketplace(base: string): Promise<Marketplace> {
  const sellers = [await User.signUp(base, 'seller', 'Meera Weaves'), await User.signUp(base, 'seller', 'Kerala Spices')];
  const products: string[] = [];
  for (const seller of sellers) {
    const listed = await seller.send('POST', '/api/seller/products', {
      name: `Goods of ${seller.id.slice(0, 6)}`,
      description: 'Made by hand in India, for the test.',
      pricePaise: 10_000,
      stockQuantity: 1_000_000,
      categoryId: 'handicrafts',
      imageUrl: null,
      tags: [],
    });
    if (listed.status !== 201) throw new Error(`listing: ${listed.status} ${JSON.stringify(listed.body)}`);
    products.push(listed.body.id);
  }
  const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => User.signUp(base, 'buyer', `Buyer ${i}`)));
  return { sellers, buyers, products };
}

/** Buyers in a closed loop, each order holding a line of every seller, until told to stop or the server goes away. */
function placeOrders(market: Marketplace, until: { stop: boolean }) {
  const acknowledged: string[] = [];
  const buyer = async (user: User) => {
    while (!until.stop) {
      try {
        for (const productId of market.products) await user.send('POST', '/api/cart/items', { productId });
        const placed = await user.send('POST', '/api/orders', {
          shippingAddress: { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', address: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
        });
        if (placed.status === 201) acknowledged.push(placed.body.order.id);
      } catch {
        return; // the server went away mid-request: that order was never acknowledged
      }
    }
  };
  return { acknowledged, done: Promise.all(market.buyers.map(buyer)).then(() => acknowledged) };
}

/** Subjects of the e-mails in the development mailbox, per recipient. */
function mailSubjects(dir: string): string[] {
  const folder = join(dir, 'mail');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { subject: string; to: string })
    .map(({ subject, to }) => `${to} ${subject}`);
}

/** Waits until every acknowledged order has one notification and one e-mail per seller, then checks nothing came twice. */
async function expectEachNotifiedOnce(dir: string, market: Marketplace, base: string, orders: string[]): Promise<void> {
  const sellers = market.sellers.map((seller) => seller.at(base));
  const emails = new Map(await Promise.all(sellers.map(async (s) => [s.id, (await s.send('GET', '/api/auth/me')).body.user.email as string] as const)));
  const expected = orders.flatMap((orderId) => sellers.map((s) => `${emails.get(s.id)} New order #${shortOrderId(orderId)}`)).sort();
  const mailed = () => mailSubjects(dir).filter((line) => expected.includes(line)).sort();
  // Nothing is marked read here, so a seller's unread count is every notification they have.
  const unread = async () => Promise.all(sellers.map(async (s) => (await s.send('GET', '/api/notifications?limit=100')).body as { items: Array<{ orderId: string }>; unread: number }));
  for (let waited = 0; ; waited += 250) {
    const inApp = await unread();
    if (mailed().length >= expected.length && inApp.every((list) => list.unread >= orders.length)) break;
    if (waited > 45_000) throw new Error(`after 45 s: ${mailed().length} e-mails of ${expected.length}, unread ${inApp.map((l) => l.unread)} of ${orders.length}`);
    await sleep(250);
  }
  expect(mailed()).toEqual(expected); // one each: a duplicate would show twice
  for (const list of await unread()) {
    expect(list.unread).toBe(orders.length);
    if (orders.length <= 100) expect(list.items.map((n) => n.orderId).sort()).toEqual([...orders].sort());
  }
}

const dirs: string[] = [];
const servers: StartedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(dir: string, env: Record<string, string> = {}): Promise<string> {
  const server = startServer(dir, { ...ENV, ...env });
  servers.push(server);
  return server.url();
}

/** Orders until `count` are acknowledged, then `interrupt` while the buyers keep ordering; the orders acknowledged in all. */
async function ordersThen(market: Marketplace, count: number, interrupt: () => Promise<void>): Promise<string[]> {
  const until = { stop: false };
  const { acknowledged, done } = placeOrders(market, until);
  for (const started = Date.now(); acknowledged.length < count && Date.now() - started < 60_000; ) await sleep(50);
  await interrupt();
  until.stop = true;
  return done;
}

describe('effects exactly once (embedded stack)', () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`notifies every seller of every acknowledged order once after a ${signal} mid-load`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mibi-effects-'));
      dirs.push(dir);
      const first = await serve(dir);
      const market = await marketplace(first);
      const server = servers.at(-1)!;
      const orders = await ordersThen(market, 40, async () => {
        server.child.kill(signal);
        const code = await server.exited;
        if (signal === 'SIGTERM') expect(code).toBe(0);
      });
      expect(orders.length).toBeGreaterThanOrEqual(40);

      const second = await serve(dir);
      await expectEachNotifiedOnce(dir, market, second, orders);
    }, 180_000);
  }
});

describe('effects exactly once (BullMQ)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('notifies every seller of every acknowledged order once after Redis restarts empty under load', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mibi-effects-'));
    dirs.push(dir);
    const base = await serve(dir, { REDIS_URL: redis.url });
    const market = await marketplace(base);
    const orders = await ordersThen(market, 40, async () => {
      await redis.shutdown();
      await redis.restart();
    });
    await expectEachNotifiedOnce(dir, market, base, orders);
  }, 180_000);
});
