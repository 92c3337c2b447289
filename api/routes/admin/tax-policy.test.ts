import { describe, expect, it } from 'vitest';
import { TAX_POLICY_STREAM } from '../../../domain/tax/policy.ts';
import { indianDate } from '../../../domain/tax/rates.ts';
import { type Client, expectStatus, ok } from '../../testing/harness.ts';
import { listProduct } from '../catalog.fixtures.ts';
import { signedIn } from '../orders.fixtures.ts';
import { adminSuite, eventsOf, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();
const today = () => indianDate(new Date().toISOString());
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const policy = async () => {
  await harness.settle();
  return ok(await admin.api.admin['tax-policy'].$get());
};

describe('GET /api/admin/tax-policy', () => {
  it('starts from the initial policy, each figure with its source, and what is in force today', async () => {
    const body = await policy();
    expect(body.today).toBe(today());
    expect(body.gstSlabs).toEqual([
      {
        slabsBps: [300, 500, 1800, 4000],
        effectiveFrom: '2025-09-22',
        source: expect.stringContaining('Notification 9/2025-Central Tax (Rate)'),
        by: null,
        at: null,
      },
    ]);
    expect(body.tcsRate).toEqual([
      {
        rateBps: 50,
        effectiveFrom: '2024-07-10',
        source: expect.stringContaining('Notification 15/2024-Central Tax'),
        by: null,
        at: null,
      },
    ]);
    expect(body.categories.map((c) => [c.name, c.history[0]?.hsn, c.history[0]?.gstRateBps])).toEqual([
      ['Ayurveda', '3004', 500],
      ['Handicrafts', '4420', 500],
      ['Home Decor', '6304', 500],
      ['Jewelry', '7113', 300],
      ['Spices', '0910', 500],
      ['Textiles', '5208', 500],
    ]);
    expect(body.inForce).toMatchObject({ date: today(), gstSlabsBps: [300, 500, 1800, 4000], tcsRateBps: 50 });
    const source = expect.stringContaining('Notification 11/2017-Central Tax (Rate)');
    const initial = { effectiveFrom: '2017-07-01', source, by: null, at: null };
    const commission = { service: 'commission', sac: '996211', rateBps: 1800, ...initial };
    const delivery = { service: 'delivery', sac: '996812', rateBps: 1800, ...initial };
    expect(body.services).toEqual([
      { service: 'commission', inForce: commission, history: [commission] },
      { service: 'delivery', inForce: delivery, history: [delivery] },
    ]);
  });
});

describe('changing the tax policy', () => {
  it('records a category default changed today with its source and admin; new products get it from today', async () => {
    const source = 'Notification 9/2025-Central Tax (Rate), heading 5007';
    const reply = await admin.api.admin['tax-policy'].categories[':id'].$put({
      param: { id: 'textiles' },
      json: { hsn: '50072010', gstRateBps: 500, effectiveFrom: today(), source },
    });
    expectStatus(reply, 200);
    const textiles = (await policy()).categories.find((c) => c.id === 'textiles');
    expect(textiles?.history.map((e) => [e.hsn, e.effectiveFrom, e.by])).toEqual([
      ['5208', '2025-09-22', null],
      ['50072010', today(), adminId],
    ]);
    const events = await eventsOf(api, TAX_POLICY_STREAM);
    expect(events).toEqual([
      {
        type: 'CategoryTaxDefaultSet',
        data: {
          categoryId: 'textiles',
          hsn: '50072010',
          gstRateBps: 500,
          effectiveFrom: today(),
          source,
          by: adminId,
          at: expect.any(String),
        },
        actor: adminId,
      },
    ]);
    // The same change again records nothing.
    await storesNothing(api, () =>
      admin.api.admin['tax-policy'].categories[':id'].$put({
        param: { id: 'textiles' },
        json: { hsn: '50072010', gstRateBps: 500, effectiveFrom: today(), source },
      }),
    );

    const seller = await signedIn(api, 'seller');
    const { id } = await listProduct(seller, { categoryId: 'textiles', tax: undefined });
    await harness.settle();
    expect(ok(await seller.api.products[':id'].$get({ param: { id } })).tax).toEqual({
      hsn: '50072010',
      gstRateBps: 500,
    });
  });

  it('schedules a TCS rate for a later day: today keeps the rate in force', async () => {
    const later = dayAfter(today(), 30);
    expectStatus(
      await admin.api.admin['tax-policy']['tcs-rate'].$put({
        json: { rateBps: 100, effectiveFrom: later, source: 'Notification 99/2026-Central Tax' },
      }),
      200,
    );
    const body = await policy();
    expect(body.tcsRate.map((e) => [e.rateBps, e.effectiveFrom])).toEqual([
      [50, '2024-07-10'],
      [100, later],
    ]);
    expect(body.inForce.tcsRateBps).toBe(50);
  });

  it('sets the GST slabs; a default must be one of them', async () => {
    expectStatus(
      await admin.api.admin['tax-policy']['gst-slabs'].$put({
        json: { slabsBps: [4000, 1800, 500, 300, 1200], effectiveFrom: today(), source: 'Test notification' },
      }),
      200,
    );
    expect((await policy()).inForce.gstSlabsBps).toEqual([300, 500, 1200, 1800, 4000]);
    const reply = await storesNothing(api, () =>
      admin.api.admin['tax-policy'].categories[':id'].$put({
        param: { id: 'spices' },
        json: { hsn: '0910', gstRateBps: 2800, effectiveFrom: today(), source: 'x' },
      }),
    );
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({
      gstRateBps: `GST rate 28% is not a slab in force on ${today()} (3%, 5%, 12%, 18%, 40%)`,
    });
  });

  it("changes a service's SAC code and rate from a day on, with its source and admin", async () => {
    const later = dayAfter(today(), 7);
    const source = 'Notification 99/2026-Central Tax (Rate)';
    const put = (service: 'commission' | 'delivery', json: { sac: string; rateBps: number; effectiveFrom: string }) =>
      admin.api.admin['tax-policy'].services[':service'].$put({ param: { service }, json: { ...json, source } });
    expectStatus(await put('delivery', { sac: '996813', rateBps: 500, effectiveFrom: later }), 200);
    const body = await policy();
    const delivery = body.services.find((s) => s.service === 'delivery');
    expect(delivery?.inForce).toMatchObject({ sac: '996812', rateBps: 1800 });
    expect(delivery?.history.map((e) => [e.sac, e.rateBps, e.effectiveFrom, e.by])).toEqual([
      ['996812', 1800, '2017-07-01', null],
      ['996813', 500, later, adminId],
    ]);
    expect((await eventsOf(api, TAX_POLICY_STREAM)).at(-1)).toEqual({
      type: 'ServiceRateSet',
      data: {
        service: 'delivery',
        sac: '996813',
        rateBps: 500,
        effectiveFrom: later,
        source,
        by: adminId,
        at: expect.any(String),
      },
      actor: adminId,
    });
    await storesNothing(api, () => put('delivery', { sac: '996813', rateBps: 500, effectiveFrom: later }));
  });

  it('refuses bad input, a day before today and an unknown category, recording nothing', async () => {
    // Off the contract on purpose.
    const put = (path: string, body: unknown) =>
      storesNothing(api, () => admin.raw.put(`/api/admin/tax-policy/${path}`, body));
    const base = { effectiveFrom: today(), source: 'Notification' };
    const cases: [string, unknown, Record<string, string>][] = [
      [
        'tcs-rate',
        { ...base, rateBps: '50' },
        { rateBps: 'Rate must be a whole number of basis points from 0 to 10000' },
      ],
      [
        'tcs-rate',
        { ...base, rateBps: 10_001 },
        { rateBps: 'Rate must be a whole number of basis points from 0 to 10000' },
      ],
      [
        'tcs-rate',
        { ...base, rateBps: 50, source: ' ' },
        { source: 'A source is required (the notification or circular)' },
      ],
      [
        'tcs-rate',
        { ...base, rateBps: 50, effectiveFrom: '27/11/2026' },
        { effectiveFrom: 'Effective from must be a date like 2026-04-01' },
      ],
      [
        'tcs-rate',
        { ...base, rateBps: 75, effectiveFrom: dayAfter(today(), -1) },
        { effectiveFrom: 'A rate cannot change before today: pick today or a later day' },
      ],
      ['gst-slabs', { ...base, slabsBps: [] }, { slabsBps: expect.stringMatching(/^Slabs must be/) }],
      ['gst-slabs', { ...base, slabsBps: [500, 500] }, { slabsBps: expect.stringMatching(/^Slabs must be/) }],
      ['gst-slabs', { ...base, slabsBps: 500 }, { slabsBps: expect.stringMatching(/^Slabs must be/) }],
      [
        'categories/spices',
        { ...base, hsn: '00910', gstRateBps: 500 },
        { hsn: 'HSN code must be 4, 6 or 8 digits, not starting with 00' },
      ],
      ['categories/spices', { ...base, hsn: '0910', gstRateBps: 'five' }, { gstRateBps: 'Choose a GST rate' }],
      [
        'services/commission',
        { ...base, sac: '996211', rateBps: -1 },
        { rateBps: 'Rate must be a whole number of basis points from 0 to 10000' },
      ],
      [
        'services/commission',
        { ...base, sac: '9962', rateBps: 1800 },
        { sac: 'SAC code must be 6 digits starting with 99' },
      ],
      [
        'services/delivery',
        { ...base, sac: 996812, rateBps: 1800 },
        { sac: 'SAC code must be 6 digits starting with 99' },
      ],
      [
        'services/delivery',
        { ...base, sac: '996812', rateBps: 1800, effectiveFrom: dayAfter(today(), -1) },
        { effectiveFrom: 'A rate cannot change before today: pick today or a later day' },
      ],
    ];
    for (const [path, body, fields] of cases) {
      const reply = await put(path, body);
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual(fields);
    }
    expectStatus(await put('tcs-rate', 'not json'), 400);
    const unknown = await put('categories/sweets', { ...base, hsn: '1704', gstRateBps: 500 });
    expectStatus(unknown, 404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Category not found' });
    expectStatus(await put('services/packing', { ...base, sac: '998540', rateBps: 1800 }), 400);
  });

  it('is for admins only', async () => {
    const seller = await signedIn(api, 'seller');
    const buyer = await signedIn(api, 'buyer');
    const put = (client?: Client) =>
      harness.console(client).api.admin['tax-policy']['tcs-rate'].$put({
        json: { rateBps: 25, effectiveFrom: today(), source: 'x' },
      });
    expectStatus(await storesNothing(api, () => put(seller)), 403);
    expectStatus(await storesNothing(api, () => put(buyer)), 403);
    expectStatus(await storesNothing(api, () => put()), 401);
    const service = { sac: '996211', rateBps: 500, effectiveFrom: today(), source: 'x' };
    for (const [client, status] of [
      [seller, 403],
      [buyer, 403],
      [undefined, 401],
    ] as const)
      expectStatus(
        await storesNothing(api, () =>
          harness.console(client).api.admin['tax-policy'].services[':service'].$put({
            param: { service: 'commission' },
            json: service,
          }),
        ),
        status,
      );
    expectStatus(await harness.console(seller).api.admin['tax-policy'].$get(), 403);
    expectStatus(await harness.console().api.admin['tax-policy'].$get(), 401);
  });
});

describe('GET /api/tax-rates', () => {
  it('tells anyone the rates in force today and each category’s defaults', async () => {
    await harness.settle();
    const body = ok(await api.anonymous().api['tax-rates'].$get());
    expect(body.date).toBe(today());
    expect(body.categoryDefaults).toContainEqual({ categoryId: 'jewelry', hsn: '7113', gstRateBps: 300 });
  });
});
