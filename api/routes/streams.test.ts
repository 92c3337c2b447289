import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccessStream } from '../../domain/staff-access/events.ts';
import type { CausedNode } from '../../projections/stream-browser/queries.ts';
import { type Client, type TestApi, errorOf, ok, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { checkedOut, listedProduct, signedIn, signedInAnalyst } from './orders.fixtures.ts';
import { movedOrder } from './purchases.fixtures.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';

let api: TestApi;
let admin: Client;
let analyst: Client;
let buyer: Client;
let seller: Client;
let orderId: string;

/** What a buyer's personal data looks like in the log: none of it may reach an analyst. */
const BUYER = { fullName: 'Meera Kulkarni', email: 'meera.k@example.in' };
const personal = () => [BUYER.fullName, BUYER.email, PUNE_ADDRESS.phone, PUNE_ADDRESS.address];

const streamsOf = (client: Client) => client.api.streams;
/** The position of the stream's first event: how the browser opens a stream. */
const firstOf = async (stream: string) => (await api.ctx.streams.read(stream))[0]!.position;
const page = async (client: Client, stream: string | number, query: { limit?: string; offset?: string } = {}) =>
  streamsOf(client)[':position'].events.$get({
    param: { position: String(typeof stream === 'number' ? stream : await firstOf(stream)) },
    query,
  });
const chain = (client: Client, position: number | string) =>
  streamsOf(client).events[':position'].chain.$get({ param: { position: String(position) } });
const placement = async () => firstOf(`order-${orderId}`);

beforeAll(async () => {
  api = await startTestApi();
  admin = await signInAdmin(api);
  seller = await signedIn(api, 'seller');
  buyer = await api.signUp({ role: 'buyer', ...BUYER });
  analyst = await signedInAnalyst(api);
  const productId = await listedProduct(api, seller);
  ({
    order: { id: orderId },
  } = await checkedOut(api, [{ productId }], buyer));
  await api.settle();
  await movedOrder(api, orderId, 'delivered');
  await api.settle();
});
afterAll(() => api.close());

describe('finding a stream', () => {
  it('by category and a fragment of its id, with its count and last event time', async () => {
    const fragment = orderId.slice(9, 18);
    const found = ok(await streamsOf(admin).$get({ query: { q: fragment, category: 'order' } }));
    const placed = (await api.ctx.streams.read(`order-${orderId}`)).at(-1)!;
    expect(found).toEqual({
      total: 2, // the purchase and its confirmation mail's stream
      items: expect.arrayContaining([
        {
          stream: `order-${orderId}`,
          category: 'order',
          events: placed.revision + 1,
          firstPosition: await placement(),
          lastPosition: placed.position,
          lastEventAt: placed.metadata.time,
        },
      ]),
    });
    const byPrefix = ok(await streamsOf(admin).$get({ query: { q: `order-${orderId}` } }));
    expect(byPrefix.items.map((item) => item.stream)).toEqual([`order-${orderId}`]);
  });

  it('pages, most recently active first', async () => {
    const all = ok(await streamsOf(admin).$get({ query: { limit: '100' } }));
    const positions = all.items.map((item) => item.lastPosition);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const second = ok(await streamsOf(admin).$get({ query: { limit: '2', offset: '2' } }));
    expect(second).toEqual({ total: all.total, items: all.items.slice(2, 4) });
  });

  it('lists the categories with their streams and events', async () => {
    const { categories } = ok(await streamsOf(analyst).categories.$get());
    expect(categories.find((category) => category.id === 'order')).toMatchObject({ streams: 2 });
    const events = categories.reduce((sum, category) => sum + category.events, 0);
    expect(events).toBe(await api.platform.events.lastPosition());
  });

  it('refuses bad parameters with 400', async () => {
    const bad = await streamsOf(admin).$get({ query: { category: 'Order!', limit: '1000' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['category', 'limit']);
  });
});

describe("a stream's events", () => {
  it('in order with their metadata, paged by revision', async () => {
    const recorded = await api.ctx.streams.read(`order-${orderId}`);
    const first = ok(await page(admin, `order-${orderId}`, { limit: '2' }));
    expect(first).toMatchObject({ stream: `order-${orderId}`, category: 'order', revealed: false });
    expect(first.total).toBe(recorded.length);
    expect(first.items.map(({ revision, type }) => [revision, type])).toEqual(
      recorded.slice(0, 2).map(({ revision, type }) => [revision, type]),
    );
    const { id, position, metadata } = recorded[0]!;
    expect(first.items[0]).toMatchObject({
      id,
      position,
      type: 'OrderPlaced',
      time: metadata.time,
      correlationId: orderId,
      causationId: null,
      // The payload as analysts see it until the admin asks: its ids pseudonymized too.
      data: expect.objectContaining({ orderId: expect.stringMatching(/^p_[0-9a-f]{16}$/) }),
    });
    // The buyer placed it: seen as a pseudonym, the same one in every answer, never the user id.
    expect(first.items[0]!.actor).toMatch(/\S/);
    expect(first.items[0]!.actor).not.toBe(buyer.user!.id);
    const rest = ok(await page(admin, `order-${orderId}`, { offset: '2', limit: '100' }));
    expect(rest.items.map((item) => item.revision)).toEqual(recorded.slice(2).map((event) => event.revision));
    expect(ok(await page(admin, `order-${orderId}`, { offset: '999' })).items).toEqual([]);
  });

  it('answers 404 past the log, 400 for a bad position or page', async () => {
    const missing = await page(admin, (await api.platform.events.lastPosition()) + 1000);
    expect(missing.status).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
    expect((await page(admin, `order-${orderId}`, { offset: '-1' })).status).toBe(400);
    expect((await page(admin, 0)).status).toBe(400);
  });
});

describe('causation and correlation', () => {
  /** The types of a caused tree as the client gets it (its recursion typed as JSON). */
  const types = (nodes: unknown): string[] =>
    (nodes as CausedNode[]).flatMap(({ event, caused }) => [event.type, ...types(caused)]);

  it("from the placement: the seller's notification and its mail, the buyer's confirmation, and the ledger's delivery", async () => {
    const answer = ok(await chain(admin, await placement()));
    expect(answer.event.type).toBe('OrderPlaced');
    expect(answer.chain).toMatchObject({ correlationId: orderId, causes: [], truncated: false });
    expect(types(answer.chain.caused)).toEqual(
      expect.arrayContaining(['SellerNotified', 'NotificationMailed', 'OrderConfirmationMailed']),
    );
    const notified = answer.chain.caused.find((node) => node.event.type === 'SellerNotified')!.event;
    expect(notified.stream).toBe(`notification-${seller.user!.id}-${orderId}`);
    // The delivery, which settles the seller's earning and MIBI's commission, shares the purchase's correlation.
    const timeline = answer.chain.timeline.map((link) => link.type);
    expect(timeline).toEqual(expect.arrayContaining(['OrderPlaced', 'SellerNotified', 'SellerOrderDelivered']));
    expect(answer.chain.events).toBe(timeline.length);

    // Followed from the notification's side: its cause is the placement.
    const back = ok(await chain(admin, notified.position));
    expect(back.chain.causes.map((link) => [link.type, link.id])).toEqual([['OrderPlaced', answer.event.id]]);
  });

  it('answers 404 for a position past the log, 400 for one that is no position', async () => {
    expect((await chain(admin, (await api.platform.events.lastPosition()) + 1)).status).toBe(404);
    expect((await chain(admin, 'first')).status).toBe(400);
    expect((await chain(admin, -3)).status).toBe(400);
  });
});

describe('privacy', () => {
  /** The stream that reserved the buyer's e-mail address (named by its hash). */
  const reservation = async () =>
    (await api.platform.events.readAll()).find(
      (event) => event.type === 'EmailReserved' && JSON.stringify(event.data).includes(BUYER.email),
    )!.stream;

  /** Every answer an analyst can get about the buyer's purchase and account. */
  async function analystAnswers(): Promise<string> {
    const answers: unknown[] = [
      ok(await streamsOf(analyst).$get({ query: { limit: '100' } })),
      ok(await streamsOf(analyst).$get({ query: { q: 'email-' } })),
    ];
    const streams = [
      `order-${orderId}`,
      `account-${buyer.user!.id}`,
      `order-confirmation-${orderId}`,
      await reservation(),
    ];
    for (const stream of streams) {
      answers.push(ok(await page(analyst, stream, { limit: '100' })));
      answers.push(ok(await chain(analyst, await firstOf(stream))));
    }
    return JSON.stringify(answers);
  }

  it("an analyst never sees the buyer's name, e-mail, phone or address, nor any id as recorded", async () => {
    const text = await analystAnswers();
    expect(text).toContain('OrderPlaced');
    const ids = [orderId, buyer.user!.id, seller.user!.id, (await reservation()).slice('email-'.length)];
    for (const value of [...personal(), ...ids]) expect(text).not.toContain(value);
    // Pseudonyms stay the same across answers: the purchase is found and opened under its own.
    const placed = ok(await page(analyst, `order-${orderId}`, { limit: '1' }));
    expect(placed.stream).toMatch(/^order-p_[0-9a-f]{16}$/);
    expect(placed.items[0]!.actor).toMatch(/^p_[0-9a-f]{16}$/);
    const found = ok(await streamsOf(analyst).$get({ query: { q: placed.stream } }));
    expect(found.items).toEqual([expect.objectContaining({ stream: placed.stream, firstPosition: await placement() })]);
    // Nor is a stream found by the id it hides.
    expect(ok(await streamsOf(analyst).$get({ query: { q: orderId } })).total).toBe(0);
  });

  it('an admin sees personal data only by asking with a reason, and the view is recorded first', async () => {
    const stream = `order-${orderId}`;
    const position = await placement();
    const masked = ok(await page(admin, stream, { limit: '100' }));
    for (const value of personal()) expect(JSON.stringify(masked)).not.toContain(value);
    expect(masked.items[0]!.actor).not.toBe(buyer.user!.id);

    const reveal = (client: Client, reason: string, at = position) =>
      streamsOf(client)[':position']['personal-data'].$post({
        param: { position: String(at) },
        json: { reason, limit: 100 },
      });
    expect((await reveal(admin, '  ')).status).toBe(400);
    expect((await reveal(analyst, 'Fraud case 12')).status).toBe(403);
    expect((await reveal(admin, 'Fraud case 12', (await api.platform.events.lastPosition()) + 1000)).status).toBe(404);
    expect(await api.ctx.streams.read(staffAccessStream(admin.user!.id))).toEqual([]);

    const shown = ok(await reveal(admin, 'Fraud case 12'));
    expect(shown).toMatchObject({ stream, revealed: true, total: masked.total });
    expect(JSON.stringify(shown)).toContain(PUNE_ADDRESS.phone);
    expect(shown.items[0]!.actor).toBe(buyer.user!.id);
    const views = await api.ctx.streams.read(staffAccessStream(admin.user!.id));
    expect(views.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'PersonalDataViewed',
        data: expect.objectContaining({ surface: 'stream', subject: stream, reason: 'Fraud case 12' }),
      },
    ]);
  });

  it('buyers and sellers are refused (403), visitors asked to sign in (401)', async () => {
    for (const client of [buyer, seller]) {
      expect((await streamsOf(client).$get({ query: {} })).status).toBe(403);
      expect((await page(client, `order-${orderId}`)).status).toBe(403);
      expect((await chain(client, await placement())).status).toBe(403);
    }
    expect((await streamsOf(api.anonymous()).$get({ query: {} })).status).toBe(401);
  });
});
