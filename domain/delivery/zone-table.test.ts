import { describe, expect, it } from 'vitest';
import { actors, given } from '../testing.ts';
import {
  INITIAL_ZONE_TABLE,
  type SetZoneTransit,
  transitOn,
  ZONE_TABLE_MESSAGES,
  type ZoneTableEvent,
  zoneTableDecider,
} from './zone-table.ts';

const at = '2026-11-27T09:00:00.000Z';
const transit = {
  standard: { minDays: 4, maxDays: 6 },
  express: { minDays: 2, maxDays: 3 },
  overnight: { minDays: 1, maxDays: 2 },
};
const set = (changes: Partial<SetZoneTransit> = {}): SetZoneTransit => ({
  type: 'SetZoneTransit',
  actor: actors.admin,
  at,
  zone: 'rest_of_india',
  transit,
  effectiveFrom: '2026-12-01',
  source: 'Courier rate card of December',
  ...changes,
});
const recorded: ZoneTableEvent = {
  type: 'ZoneTransitSet',
  data: {
    zone: 'rest_of_india',
    transit,
    effectiveFrom: '2026-12-01',
    source: 'Courier rate card of December',
    by: actors.admin.userId,
    at,
  },
};

describe('the zone table', () => {
  it('records a change from today or later with its source and admin', () => {
    given(zoneTableDecider).when(set()).then([recorded]);
    given(zoneTableDecider)
      .when(set({ effectiveFrom: '2026-11-27', source: '  Monsoon delays  ' }))
      .then([
        { type: 'ZoneTransitSet', data: { ...recorded.data, effectiveFrom: '2026-11-27', source: 'Monsoon delays' } },
      ]);
  });

  it('records nothing for a repeat of what is in force', () => {
    given(zoneTableDecider, [recorded]).when(set()).then([]);
    given(zoneTableDecider, [recorded])
      .when(set({ effectiveFrom: '2026-12-05' }))
      .then([]);
    given(zoneTableDecider)
      .when(set({ transit: INITIAL_ZONE_TABLE.rest_of_india[0]!.transit }))
      .then([]);
  });

  it('refuses a day before today, no source, bad days, and anyone but an admin', () => {
    const invalid = (fields: Record<string, string>) => ({
      code: 'validation_failed',
      kind: 'invalid' as const,
      fields,
    });
    given(zoneTableDecider)
      .when(set({ effectiveFrom: '2026-11-26' }))
      .then(invalid({ effectiveFrom: ZONE_TABLE_MESSAGES.past }));
    given(zoneTableDecider)
      .when(set({ effectiveFrom: '2026-02-30' }))
      .then(invalid({ effectiveFrom: ZONE_TABLE_MESSAGES.effectiveFrom }));
    given(zoneTableDecider)
      .when(set({ source: '   ' }))
      .then(invalid({ source: ZONE_TABLE_MESSAGES.source }));
    given(zoneTableDecider)
      .when(set({ transit: { ...transit, express: { minDays: 3, maxDays: 2 } } }))
      .then(invalid({ 'transit.express': ZONE_TABLE_MESSAGES.days }));
    given(zoneTableDecider)
      .when(set({ transit: { ...transit, standard: { minDays: 0, maxDays: 31 } } }))
      .then(invalid({ 'transit.standard': ZONE_TABLE_MESSAGES.days }));
    given(zoneTableDecider)
      .when(set({ actor: actors.seller }))
      .then({ code: 'forbidden', kind: 'forbidden' });
  });

  it('gives what is in force on a day: the initial table until a change takes over', () => {
    const table = [recorded].reduce(zoneTableDecider.evolve, zoneTableDecider.initialState);
    expect(transitOn(table, 'rest_of_india', '2026-11-30').transit.standard).toEqual({ minDays: 5, maxDays: 7 });
    expect(transitOn(table, 'rest_of_india', '2026-12-01').transit).toEqual(transit);
    expect(transitOn(table, 'same_city', '2026-12-01')).toBe(INITIAL_ZONE_TABLE.same_city[0]);
  });
});
