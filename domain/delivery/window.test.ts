import { describe, expect, it } from 'vitest';
import { placeOfPin } from './pin-directory.ts';
import { estimates } from './promise.ts';
import { addWorkingDays, deliveryWindow } from './window.ts';
import { INITIAL_ZONE_TABLE } from './zone-table.ts';

describe('working days', () => {
  it('skip Sundays, never land on one, and run across a month end', () => {
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-28'); // Friday to Saturday
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30'); // Saturday to Monday
    expect(addWorkingDays('2026-11-29', 2)).toBe('2026-12-01'); // from a Sunday, into December
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addWorkingDays('2026-11-28', 0)).toBe('2026-11-28');
  });

  it('make a window from the ship-by day', () => {
    expect(deliveryWindow('2026-11-26', { minDays: 3, maxDays: 5 })).toEqual({ from: '2026-11-30', to: '2026-12-02' });
  });
});

describe('the estimates of a parcel', () => {
  const pune = placeOfPin('411001');
  const bengaluru = placeOfPin('560001')!;
  const estimate = (at: string, madeToOrderDays: Array<number | null> = [null]) =>
    estimates(INITIAL_ZONE_TABLE, at, madeToOrderDays, pune, bengaluru);

  it('are the ship-by day plus the zone’s working days per option', () => {
    // Wednesday 25 Nov: ships by Friday 27; metro to metro.
    expect(estimate('2026-11-25T09:00:00.000Z')).toEqual({
      zone: 'metro_to_metro',
      shipBy: '2026-11-27',
      options: [
        { delivery: 'standard', from: '2026-12-01', to: '2026-12-03' },
        { delivery: 'express', from: '2026-11-30', to: '2026-12-01' },
        { delivery: 'overnight', from: '2026-11-28', to: '2026-11-30' },
      ],
    });
  });

  it('move with the clock across a weekend and a month end', () => {
    // Thursday 26 Nov: ships by Saturday 28; Sunday 29 is not counted.
    expect(estimate('2026-11-26T09:00:00.000Z').options[0]).toEqual({
      delivery: 'standard',
      from: '2026-12-02',
      to: '2026-12-04',
    });
    // Friday 27 Nov: ships by Sunday 29, the first transit day is Monday 30.
    expect(estimate('2026-11-27T09:00:00.000Z').options[1]).toEqual({
      delivery: 'express',
      from: '2026-12-01',
      to: '2026-12-02',
    });
    // Tuesday 29 Dec: ships by Thursday 31, arrives in January (Sunday 3 not counted).
    expect(estimate('2026-12-29T09:00:00.000Z').options[0]).toEqual({
      delivery: 'standard',
      from: '2027-01-04',
      to: '2027-01-06',
    });
  });

  it('wait for the longest made-to-order line', () => {
    expect(estimate('2026-11-25T09:00:00.000Z', [null, 5]).shipBy).toBe('2026-12-02');
    expect(estimate('2026-11-25T09:00:00.000Z', [null, 5]).options[2]).toEqual({
      delivery: 'overnight',
      from: '2026-12-03',
      to: '2026-12-04',
    });
  });
});
