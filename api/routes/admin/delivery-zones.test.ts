import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES_STREAM, ZONE_TABLE_MESSAGES } from '../../../domain/delivery/zone-table.ts';
import { indianDate } from '../../../domain/tax/rates.ts';
import { expectStatus, ok } from '../../testing/harness.ts';
import { signedIn } from '../orders.fixtures.ts';
import { adminSuite, eventsOf, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();
const today = () => indianDate(new Date().toISOString());
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const transit = {
  standard: { minDays: 6, maxDays: 9 },
  express: { minDays: 3, maxDays: 5 },
  overnight: { minDays: 2, maxDays: 3 },
};
const put = (zone: 'north_east_jk' | 'same_city', json: object) =>
  admin.api.admin['delivery-zones'][':zone'].$put({
    param: { zone },
    json: { transit, effectiveFrom: today(), source: 'Courier rate card', ...json },
  });

describe('GET /api/admin/delivery-zones', () => {
  it('starts from the initial table: each zone’s transit days per option, in force today', async () => {
    const body = ok(await admin.api.admin['delivery-zones'].$get());
    expect(body.today).toBe(today());
    expect(body.zones.map((z) => [z.label, z.inForce.transit.standard])).toEqual([
      ['Same city', { minDays: 1, maxDays: 2 }],
      ['Same state', { minDays: 2, maxDays: 4 }],
      ['Metro to metro', { minDays: 3, maxDays: 5 }],
      ['Rest of India', { minDays: 5, maxDays: 7 }],
      ['North-east and J&K', { minDays: 7, maxDays: 10 }],
    ]);
    expect(body.zones[0]!.history).toEqual([body.zones[0]!.inForce]);
    expect(body.zones[0]!.inForce).toMatchObject({ by: null, at: null, source: expect.stringContaining('initial') });
  });
});

describe('PUT /api/admin/delivery-zones/{zone}', () => {
  it('records a change from a later day with its source and admin; today keeps the table in force', async () => {
    const later = dayAfter(today(), 10);
    expectStatus(await put('north_east_jk', { effectiveFrom: later, source: 'Monsoon: roads to the north-east' }), 200);
    const zone = ok(await admin.api.admin['delivery-zones'].$get()).zones.find((z) => z.zone === 'north_east_jk')!;
    expect(zone.inForce.transit.standard).toEqual({ minDays: 7, maxDays: 10 });
    expect(zone.history.map((e) => [e.effectiveFrom, e.transit.standard, e.by])).toEqual([
      ['2026-01-01', { minDays: 7, maxDays: 10 }, null],
      [later, transit.standard, adminId],
    ]);
    expect((await eventsOf(api, DELIVERY_ZONES_STREAM)).at(-1)).toEqual({
      type: 'ZoneTransitSet',
      data: {
        zone: 'north_east_jk',
        transit,
        effectiveFrom: later,
        source: 'Monsoon: roads to the north-east',
        by: adminId,
        at: expect.any(String),
      },
      actor: adminId,
    });
    // The same again records nothing.
    await storesNothing(api, () => put('north_east_jk', { effectiveFrom: later, source: 'Again' }));
  });

  it('applies a change from today at once', async () => {
    expectStatus(await put('same_city', {}), 200);
    const zone = ok(await admin.api.admin['delivery-zones'].$get()).zones.find((z) => z.zone === 'same_city')!;
    expect(zone.inForce).toMatchObject({ transit, effectiveFrom: today(), by: adminId });
  });

  it('refuses bad input and a day before today, recording nothing', async () => {
    const base = { transit, effectiveFrom: today(), source: 'Rate card' };
    const cases: [string, unknown, Record<string, string>][] = [
      ['same_city', { ...base, effectiveFrom: dayAfter(today(), -1) }, { effectiveFrom: ZONE_TABLE_MESSAGES.past }],
      ['same_city', { ...base, effectiveFrom: '1/12/2026' }, { effectiveFrom: ZONE_TABLE_MESSAGES.effectiveFrom }],
      ['same_city', { ...base, source: '  ' }, { source: ZONE_TABLE_MESSAGES.source }],
      [
        'same_city',
        { ...base, transit: { ...transit, express: { minDays: 4, maxDays: 2 } } },
        { 'transit.express': ZONE_TABLE_MESSAGES.days },
      ],
      [
        'same_city',
        { ...base, transit: { ...transit, standard: { minDays: 1.5, maxDays: 2 } } },
        { 'transit.standard.minDays': ZONE_TABLE_MESSAGES.days },
      ],
      [
        'same_city',
        { ...base, transit: { standard: transit.standard } },
        { 'transit.express': ZONE_TABLE_MESSAGES.days },
      ],
    ];
    for (const [zone, body, fields] of cases) {
      const reply = await storesNothing(api, () => admin.raw.put(`/api/admin/delivery-zones/${zone}`, body));
      expectStatus(reply, 400);
      expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields });
    }
    expectStatus(await storesNothing(api, () => admin.raw.put('/api/admin/delivery-zones/moon', base)), 400);
    expectStatus(await storesNothing(api, () => admin.raw.put('/api/admin/delivery-zones/same_city', '{bad')), 400);
  });

  it('is for admins only: 401 signed out, 403 to a buyer or a seller', async () => {
    const body = { transit, effectiveFrom: today(), source: 'Rate card' };
    expectStatus(
      await storesNothing(api, () => harness.console().raw.put('/api/admin/delivery-zones/same_city', body)),
      401,
    );
    for (const role of ['buyer', 'seller'] as const) {
      const client = harness.console(await signedIn(api, role));
      expectStatus(await client.api.admin['delivery-zones'].$get(), 403);
      expectStatus(await storesNothing(api, () => client.raw.put('/api/admin/delivery-zones/same_city', body)), 403);
    }
  });
});
