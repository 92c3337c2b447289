/**
 * A marketplace driven over HTTP against running server processes: sellers, buyers in a closed
 * order loop, and the check that every acknowledged order notified each seller exactly once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { shortOrderId } from '../domain/order/status.ts';
import { verifyEmailByMailbox } from './verify-email.fixtures.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';

const BUYERS = 8;

/** A signed-in user of a running server: requests carry the session cookie. */
export class User {
  constructor(
    readonly base: string,
    readonly cookie: string,
    readonly id: string,
  ) {}

  /** With `dataDir` (the server's DATA_DIR), the address is verified with the mailed link. */
  static async signUp(base: string, role: 'buyer' | 'seller', name: string, dataDir?: string): Promise<User> {
    const email = `${name.toLowerCase().replaceAll(' ', '.')}-${crypto.randomUUID().slice(0, 8)}@mibi.test`;
    const reply = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: name, email, password: 'secret-pass', role }),
    });
    if (reply.status !== 201) throw new Error(`sign-up: ${reply.status} ${await reply.text()}`);
    const cookie = reply.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (dataDir) await verifyEmailByMailbox(base, dataDir, email);
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

export interface Marketplace {
  sellers: User[];
  buyers: User[];
  products: string[];
}

/** `dataDir`: the server's DATA_DIR, whose mailbox has the sellers' verification links. */
export async function marketplace(base: string, dataDir: string): Promise<Marketplace> {
  const sellers = [
    await User.signUp(base, 'seller', 'Meera Weaves', dataDir),
    await User.signUp(base, 'seller', 'Kerala Spices', dataDir),
  ];
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
export function placeOrders(market: Marketplace, until: { stop: boolean }) {
  const acknowledged: string[] = [];
  const buyer = async (user: User) => {
    while (!until.stop) {
      try {
        for (const productId of market.products) await user.send('POST', '/api/cart/items', { productId });
        const placed = await user.send('POST', '/api/orders', {
          shippingAddress: PUNE_ADDRESS,
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
  return (
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { subject: string; to: string })
      // "New order #3f2b9c1e-2": each seller has one seller order per purchase, so its number is dropped.
      .map(({ subject, to }) => `${to} ${subject.replace(/-\d+$/, '')}`)
  );
}

/** Waits until every acknowledged order has one notification and one e-mail per seller, then checks nothing came twice. */
export async function expectEachNotifiedOnce(
  dir: string,
  market: Marketplace,
  base: string,
  orders: string[],
): Promise<void> {
  const sellers = market.sellers.map((seller) => seller.at(base));
  const emails = new Map(
    await Promise.all(
      sellers.map(async (s) => [s.id, (await s.send('GET', '/api/auth/me')).body.user.email as string] as const),
    ),
  );
  const expected = orders
    .flatMap((orderId) => sellers.map((s) => `${emails.get(s.id)} New order #${shortOrderId(orderId)}`))
    .sort();
  const mailed = () =>
    mailSubjects(dir)
      .filter((line) => expected.includes(line))
      .sort();
  // Nothing is marked read here, so a seller's unread count is every notification they have.
  const unread = async () =>
    Promise.all(
      sellers.map(
        async (s) =>
          (await s.send('GET', '/api/notifications?limit=100')).body as {
            items: Array<{ orderId: string }>;
            unread: number;
          },
      ),
    );
  for (let waited = 0; ; waited += 250) {
    const inApp = await unread();
    if (mailed().length >= expected.length && inApp.every((list) => list.unread >= orders.length)) break;
    if (waited > 45_000)
      throw new Error(
        `after 45 s: ${mailed().length} e-mails of ${expected.length}, unread ${inApp.map((l) => l.unread)} of ${orders.length}`,
      );
    await sleep(250);
  }
  expect(mailed()).toEqual(expected); // one each: a duplicate would show twice
  // An order the server placed but whose answer a crash lost is notified too, without being
  // acknowledged: count only the acknowledged ones (notification ids are one per order and seller).
  for (const list of await unread()) {
    expect(list.unread).toBeGreaterThanOrEqual(orders.length);
    if (list.unread <= 100)
      expect(
        list.items
          .map((n) => n.orderId)
          .filter((id) => orders.includes(id))
          .sort(),
      ).toEqual([...orders].sort());
  }
}

/** Orders until `count` are acknowledged, then `interrupt` while the buyers keep ordering; the orders acknowledged in all. */
export async function ordersThen(
  market: Marketplace,
  count: number,
  interrupt: () => Promise<void>,
): Promise<string[]> {
  const until = { stop: false };
  const { acknowledged, done } = placeOrders(market, until);
  for (const started = Date.now(); acknowledged.length < count && Date.now() - started < 60_000; ) await sleep(50);
  await interrupt();
  until.stop = true;
  return done;
}
