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
