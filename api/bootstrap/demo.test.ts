import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewEvent } from '../../platform/eventstore/port.ts';
import { type Client, ok, type TestApi, startTestApi } from '../testing/harness.ts';
import type { TypedApi } from '../testing/typed-client.ts';

const catalog = async (client: Client, query: Parameters<TypedApi['products']['$get']>[0]['query']) =>
  ok(await client.api.products.$get({ query }));
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLERS } from './demo-catalog.ts';
import { type SeedOptions, seedDemo } from './demo.ts';
import { bootstrap } from './index.ts';
import { verifyProvenance } from '../../scripts/cli/verify-provenance.ts';

/** Seeds the demo into `api` by hand, with DEMO_DATA on for the seed alone, as the test configuration's admin. */
const seedInto = (api: TestApi, options?: SeedOptions) =>
  seedDemo(
    { ...api.ctx, config: { ...api.ctx.config, DEMO_DATA: true } },
    { email: 'admin@mibi.test', password: 'admin-pass-1' },
    options,
  );

describe('the demo seed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ DEMO_DATA: 'true' });
    await api.settle();
  }, 60_000);
  afterAll(() => api.close());

  it('lists every demo product from verified sellers, some featured first', async () => {
    const body = await catalog(api.anonymous(), { limit: '100' });
    expect(body.total).toBe(DEMO_SELLERS.flatMap((s) => s.products).length);
    expect(body.items[0]?.featured).toBe(true);
    expect(body.items.every((p) => p.sellerVerified)).toBe(true);
    // Three generated pictures a product, uploaded like a seller's photos: WebP at every width.
    for (const { images } of body.items) expect(images).toHaveLength(3);
    const [main] = body.items[0]!.images;
    expect(main!.sizes.map((size) => size.width)).toEqual([320, 640, 1024]);
    // A file, not an API route.
    const image = await api.anonymous().raw.get(main!.sizes[0]!.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    // A product's own tax data where its category's defaults do not fit: the chappal is footwear.
    const tax = (name: string) => body.items.find((p) => p.name === name)?.tax;
    expect(tax('Kolhapuri Chappal')).toEqual({ hsn: '6403', gstRateBps: 500 });
    expect(tax('Brass Diya Set (Set of 5)')).not.toEqual({ hsn: '6403', gstRateBps: 500 });
  });

  it('gives the buyer orders in several states and reviews on delivered products', async () => {
    const buyer = await api.signIn(DEMO_BUYER.email, DEMO_PASSWORD);
    const orders = ok(await buyer.api.orders.$get());
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']),
    );
    const body = await catalog(api.anonymous(), { sort: 'rating', limit: '1' });
    expect(body.items[0]?.ratingCount).toBeGreaterThan(0);
    // Checkout offers the address of those orders.
    const { addresses } = ok(await buyer.api.addresses.$get());
    expect(addresses).toEqual([{ id: expect.any(String), address: orders[0]!.shippingAddress, isDefault: true }]);
  });

  it("tells crafts@ of the buyer's cancel and return request, and the buyer of each move on their orders", async () => {
    const crafts = await api.signIn('crafts@mibi.demo', DEMO_PASSWORD);
    const titles = ok(await crafts.api.notifications.$get({ query: { limit: '100' } })).items.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining([expect.stringMatching(/cancelled by the buyer$/)]));
    expect(titles).toEqual(expect.arrayContaining([expect.stringMatching(/^Return requested: #/)]));
    const buyer = await api.signIn(DEMO_BUYER.email, DEMO_PASSWORD);
    const notices = ok(await buyer.api.orders.notifications.$get({ query: { limit: '100' } })).items;
    expect(new Set(notices.map((n) => n.kind))).toEqual(
      new Set(['order_processing', 'order_shipped', 'order_delivered']),
    );
  });

  it("opens each seller's storefront with their region, craft and story, rated from the buyer's reviews", async () => {
    let rated = 0;
    for (const seller of DEMO_SELLERS) {
      const { id } = (await api.signIn(seller.email, DEMO_PASSWORD)).user!;
      const body = ok(await api.anonymous().api.sellers[':id'].$get({ param: { id } }));
      expect(body).toMatchObject({
        displayName: seller.fullName,
        ...seller.storefront,
        status: 'verified',
        version: 1,
      });
      rated += body.ratingCount;
    }
    expect(rated).toBeGreaterThan(0);
  });

  it('gives each seller a tax profile registered in its own state', async () => {
    for (const seller of DEMO_SELLERS) {
      const client = await api.signIn(seller.email, DEMO_PASSWORD);
      const { taxProfile } = ok(
        await client.api.sellers[':id']['tax-profile'].$get({ param: { id: client.user!.id } }),
      );
      expect(taxProfile).toMatchObject({ registered: true, gstin: seller.taxProfile.gstin });
      expect(taxProfile?.stateCode).toBe(seller.taxProfile.gstin?.slice(0, 2));
    }
  });

  it('gives products makers and verified certificates, every provenance chain intact', async () => {
    const weaves = await api.signIn('weaves@mibi.demo', DEMO_PASSWORD);
    const makers = ok(await weaves.api.seller.makers.$get());
    expect(makers.map((m) => m.name)).toContain('Abdul Rehman Ansari');
    const certificates = ok(await weaves.api.seller.certificates.$get());
    expect(certificates.map((c) => c.state)).toEqual(['verified', 'verified', 'verified']);
    expect(certificates.map((c) => c.title)).toContain('Banarasi Brocades and Sarees');
    // The saree shows its seller's verified GI and marks, and who made it.
    const [saree] = (await catalog(api.anonymous(), { q: 'Banarasi Silk Saree' })).items;
    expect(saree?.provenance.badges.map(({ title }) => title)).toContain('GI: Banarasi Brocades and Sarees');
    expect(saree?.provenance.madeBy.map(({ name }) => name)).toEqual(['Abdul Rehman Ansari']);
    const checks = await verifyProvenance(api.platform.events);
    expect(checks.length).toBeGreaterThan(10);
    expect(checks.filter((check) => !check.intact)).toEqual([]);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await api.platform.events.lastPosition();
    await bootstrap(api.ctx);
    expect(await api.platform.events.lastPosition()).toBe(before);
  });
});

describe('the demo seed, interrupted', () => {
  let api: TestApi;
  const demoProducts = DEMO_SELLERS.flatMap((s) => s.products);

  beforeAll(async () => {
    // Seeded by hand below, with DEMO_DATA on for the seed alone.
    api = await startTestApi();
  }, 60_000);
  afterAll(() => api.close());

  const seed = (options?: SeedOptions) => seedInto(api, options);

  /** Makes the event store fail (as a crash would stop the process) at the nth append of an event matching `when`. */
  function crashAt(when: (event: NewEvent) => boolean, nth = 1) {
    const append = api.platform.events.append.bind(api.platform.events);
    let seen = 0;
    return vi.spyOn(api.platform.events, 'append').mockImplementation(async (stream, events, expected) => {
      if (events.some(when) && ++seen === nth) throw new Error('crash');
      return append(stream, events, expected);
    });
  }
  const stepRecorded = (step: string) => (event: NewEvent) =>
    event.type === 'DemoSeedStepDone' && (event.data as { step: string }).step.startsWith(step);

  it('resumes after crashes at any point and ends as one clean seed would', async () => {
    const crashes: Array<[string, () => ReturnType<typeof crashAt>]> = [
      ['a product listed, its step not recorded', () => crashAt(stepRecorded('product'), 3)],
      ['an order half placed (cart filled)', () => crashAt((e) => e.type === 'OrderPlaced', 2)],
      ['an order placed, its step not recorded', () => crashAt(stepRecorded('order 3'))],
      ['an order moved, its step not recorded', () => crashAt(stepRecorded('order 4 processing'))],
    ];
    for (const [what, crash] of crashes) {
      const spy = crash();
      await expect(seed(), what).rejects.toThrow();
      expect(spy, what).toHaveBeenCalled();
      spy.mockRestore();
    }
    expect(await seed()).toBe(true);
    await api.settle();

    const listed = await catalog(api.anonymous(), { limit: '100' });
    expect(listed.total).toBe(demoProducts.length);
    expect(new Set(listed.items.map((p) => p.name)).size).toBe(demoProducts.length);
    for (const seller of DEMO_SELLERS) {
      const own = await (await api.signIn(seller.email, DEMO_PASSWORD)).api.seller.products.$get({ query: {} });
      expect(
        ok(own)
          .items.map((p) => p.name)
          .sort(),
      ).toEqual(seller.products.map((p) => p.name).sort());
    }

    const buyer = await api.signIn(DEMO_BUYER.email, DEMO_PASSWORD);
    const orders = ok(await buyer.api.orders.$get());
    expect(orders.map((o) => o.status).sort()).toEqual([
      'cancelled',
      'delivered',
      'delivered',
      'pending',
      'processing',
      'shipped',
    ]);
    expect(ok(await buyer.api.cart.$get()).count).toBe(0);
    // Stock was taken once per order: the saree (6 in stock) was ordered once, the comb three at a time.
    const stockOf = (name: string) => listed.items.find((p) => p.name === name)!.stockQuantity;
    expect(stockOf('Banarasi Silk Saree')).toBe(5);
    expect(stockOf('Neem Wood Comb')).toBe(demoProducts.find((p) => p.name === 'Neem Wood Comb')!.stockQuantity - 3);

    const types = (await api.platform.events.readStream('demo-seed')).map((e) => e.type);
    expect(types.filter((t) => t === 'DemoSeedStarted')).toHaveLength(1);
    expect(types.at(-1)).toBe('DemoSeedFinished');
    const before = await api.platform.events.lastPosition();
    expect(await seed()).toBe(false);
    expect(await api.platform.events.lastPosition()).toBe(before);
  }, 120_000);
});

describe('the demo seed across processes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  }, 60_000);
  afterAll(() => api.close());
  const seed = (options?: SeedOptions) => seedInto(api, options);

  it('leaves the seed to a live process that holds it, and takes over once that one is gone', async () => {
    // Another process holds the seed and keeps renewing it: this one gives up after its wait.
    const { leases } = api.platform.read;
    expect(await leases.acquire('demo-seed', 'other-process', 60_000)).not.toBeNull();
    expect(await seed({ pollMs: 20, maxWaitMs: 200 })).toBe(false);
    expect(await api.platform.events.streamRevision('demo-seed')).toBe(-1);

    // It died: its lease lapses, and this process seeds.
    await leases.release('demo-seed', 'other-process');
    await leases.acquire('demo-seed', 'other-process', 300);
    const started = Date.now();
    expect(await seed({ pollMs: 20 })).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const body = await catalog(api.anonymous(), { limit: '1' });
    expect(body.total).toBe(DEMO_SELLERS.flatMap((s) => s.products).length);
  }, 120_000);
});
