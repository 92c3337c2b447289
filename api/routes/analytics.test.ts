import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import { sales } from '../../projections/sales/projection.ts';
import { users } from '../../projections/users/projection.ts';
import type { AppContext } from '../roles/context.ts';
import { type Client, errorOf, expectStatus, ok, type TestApi, startTestApi } from '../testing/harness.ts';
import { analyticsRoutes } from './analytics.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { placedOrder } from './purchases.fixtures.ts';
import { mounted } from './router.fixtures.ts';

let api: TestApi;
let read: SqliteReadStore;
let runner: ProjectionRunner;
/** The analytics routes on a context reading `read`: `analytics(client).api.analytics...`. */
const analyticsOn = (ctx: AppContext) => mounted(api, '/api/analytics', analyticsRoutes(ctx));
let analytics: ReturnType<typeof analyticsOn>['as'];
let sellerA: Client;
let sellerB: Client;
let admin: Client;

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = dayOf(Date.now());

/**
 * The sales projection is run here, into a read store of its own (with the users it names
 * sellers from), so these tests do not depend on which projections the harness runs.
 */
beforeAll(async () => {
  api = await startTestApi();
  read = new SqliteReadStore(':memory:');
  runner = new ProjectionRunner({
    events: api.platform.events,
    read,
    bus: new MemoryBus(),
    projections: [sales, users],
  });
  const ctx: AppContext = { ...api.ctx, platform: { ...api.ctx.platform, read } };
  analytics = analyticsOn(ctx).as;

  [sellerA, sellerB, admin] = await Promise.all([
    signedIn(api, 'seller', 'Meera Weaves'),
    signedIn(api, 'seller', 'Kashmir Looms'),
    signInAdmin(api),
  ]);
  const [saree, masala, shawl] = await Promise.all([
    listedProduct(api, sellerA, { pricePaise: 1_000_00, categoryId: 'textiles' }),
    listedProduct(api, sellerA, { pricePaise: 250_00, categoryId: 'spices' }),
    listedProduct(api, sellerB, { pricePaise: 3_000_00, categoryId: 'textiles' }),
  ]);
  Object.assign(sold, { saree, masala, shawl });
  const [buyer, changedMind] = await Promise.all([signedIn(api), signedIn(api)]);
  await placedOrder(api, buyer, [{ productId: saree, quantity: 2 }, { productId: masala }, { productId: shawl }]);
  const { orderId } = await placedOrder(api, changedMind, [{ productId: saree, quantity: 5 }]);
  const cancel = await changedMind.api['seller-orders'][':id'].status.$post({
    param: { id: `${orderId}-1` },
    json: { status: 'cancelled', reason: 'Ordered by mistake' },
  });
  expectStatus(cancel, 200);
  await runner.catchUp(users.name);
  await runner.catchUp(sales.name);
});
afterAll(async () => {
  await read.close();
  await api.close();
});

/** A product sold as one thing, as the sales of its variants name it. */
const asSold = (productId: string) => ({
  productId: sold[productId],
  variantId: 'default',
  name: 'Brass Diya',
  variantLabel: '',
});
/** The ids of the products sold, listed in beforeAll. */
const sold: Record<string, string> = {};

/** The range, totals and daily series of the last 30 days up to today, all without sales but today. */
const lastThirtyDays = (todays: { revenuePaise: number; units: number; orders: number }) => ({
  from: dayOf(Date.parse(today) - 29 * DAY_MS),
  to: today,
  totals: todays,
  days: Array.from({ length: 30 }, (_, i) => {
    const day = dayOf(Date.parse(today) - (29 - i) * DAY_MS);
    return day === today ? { day, ...todays } : { day, revenuePaise: 0, units: 0, orders: 0 };
  }),
});

describe('GET /api/analytics/seller', () => {
  it("gives the seller's own daily series and category totals for the last 30 days, without cancelled orders", async () => {
    const reply = await analytics(sellerA).api.analytics.seller.$get({ query: {} });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      ...lastThirtyDays({ revenuePaise: 2_250_00, units: 3, orders: 1 }),
      categories: [
        { categoryId: 'textiles', revenuePaise: 2_000_00, units: 2, orders: 1 },
        { categoryId: 'spices', revenuePaise: 250_00, units: 1, orders: 1 },
      ],
      variants: [
        { ...asSold('saree'), revenuePaise: 2_000_00, units: 2, orders: 1 },
        { ...asSold('masala'), revenuePaise: 250_00, units: 1, orders: 1 },
      ],
    });
  });

  it('shows each seller only their own sales', async () => {
    const reply = await analytics(sellerB).api.analytics.seller.$get({ query: { from: today, to: today } });
    expect(ok(reply)).toEqual({
      from: today,
      to: today,
      totals: { revenuePaise: 3_000_00, units: 1, orders: 1 },
      days: [{ day: today, revenuePaise: 3_000_00, units: 1, orders: 1 }],
      categories: [{ categoryId: 'textiles', revenuePaise: 3_000_00, units: 1, orders: 1 }],
      variants: [{ ...asSold('shawl'), revenuePaise: 3_000_00, units: 1, orders: 1 }],
    });
  });

  it('gives zeros for a range without sales', async () => {
    const reply = await analytics(sellerA).api.analytics.seller.$get({
      query: { from: '2024-02-28', to: '2024-03-01' },
    });
    expect(ok(reply)).toEqual({
      from: '2024-02-28',
      to: '2024-03-01',
      totals: { revenuePaise: 0, units: 0, orders: 0 },
      days: ['2024-02-28', '2024-02-29', '2024-03-01'].map((day) => ({ day, revenuePaise: 0, units: 0, orders: 0 })),
      categories: [],
      variants: [],
    });
  });
});

describe('GET /api/analytics/admin', () => {
  it('gives the whole marketplace per day, per category and per seller', async () => {
    const reply = await analytics(admin).api.analytics.admin.$get({ query: { to: today } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      ...lastThirtyDays({ revenuePaise: 5_250_00, units: 4, orders: 1 }),
      categories: [
        { categoryId: 'textiles', revenuePaise: 5_000_00, units: 3, orders: 1 },
        { categoryId: 'spices', revenuePaise: 250_00, units: 1, orders: 1 },
      ],
      sellers: [
        { sellerId: sellerB.user!.id, sellerName: 'Kashmir Looms', revenuePaise: 3_000_00, units: 1, orders: 1 },
        { sellerId: sellerA.user!.id, sellerName: 'Meera Weaves', revenuePaise: 2_250_00, units: 3, orders: 1 },
      ],
    });
  });
});

describe('who may look, and bad ranges', () => {
  it('answers 401 when signed out and 403 without the role', async () => {
    const buyer = await signedIn(api);
    for (const report of ['seller', 'admin'] as const) {
      const anonymous = await analytics().api.analytics[report].$get({ query: {} });
      expectStatus(anonymous, 401);
      expect(anonymous.body.error.code).toBe('unauthorized');
      const forbidden = await analytics(buyer).api.analytics[report].$get({ query: {} });
      expectStatus(forbidden, 403);
      expect(forbidden.body.error.code).toBe('forbidden');
    }
    expect((await analytics(sellerA).api.analytics.admin.$get({ query: {} })).status).toBe(403);
    expect((await analytics(admin).api.analytics.seller.$get({ query: {} })).status).toBe(403);
  });

  it.each([
    [{ from: '2024-13-01' }, 'from', 'From must be a date like 2024-05-01'],
    [{ from: '2023-02-29' }, 'from', 'From must be a date like 2024-05-01'],
    [{ from: 'yesterday' }, 'from', 'From must be a date like 2024-05-01'],
    [{ to: '2024-05-01T00:00:00Z' }, 'to', 'To must be a date like 2024-05-01'],
    [{ from: '2024-05-02', to: '2024-05-01' }, 'from', 'From must be on or before To'],
    [{ from: '2023-01-01', to: '2024-01-02' }, 'from', 'A range can span at most 366 days'],
  ])('refuses %j: %s says %j', async (query, field, message) => {
    for (const [client, report] of [
      [sellerA, 'seller'],
      [admin, 'admin'],
    ] as const) {
      const reply = await analytics(client).api.analytics[report].$get({ query });
      expectStatus(reply, 400);
      expect(errorOf(reply)).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
    }
  });

  it('takes a leap year of 366 days', async () => {
    const reply = await analytics(admin).api.analytics.admin.$get({ query: { from: '2024-01-01', to: '2024-12-31' } });
    expect(ok(reply).days).toHaveLength(366);
  });
});
