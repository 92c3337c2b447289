import { describe, expect, it } from 'vitest';
import { DISPATCH_DAYS, isLate, shipByOf } from './ship-by.ts';

describe('shipByOf', () => {
  it('gives the dispatch days after the day of placing, in UTC days', () => {
    expect(DISPATCH_DAYS).toBe(2);
    expect(shipByOf('2026-11-27T23:30:00.000Z', [])).toBe('2026-11-29');
    expect(shipByOf('2026-11-27T10:00:00.000Z', [null, null])).toBe('2026-11-29');
  });

  it('adds the longest made-to-order time of the lines', () => {
    expect(shipByOf('2026-11-27T10:00:00.000Z', [null, 10, 3])).toBe('2026-12-09');
    expect(shipByOf('2026-12-30T10:00:00.000Z', [90])).toBe('2027-04-01');
  });
});

describe('isLate', () => {
  it('is late once its ship-by day is over and it is not dispatched', () => {
    expect(isLate('2026-11-29', 'pending', '2026-11-29T23:59:59.000Z')).toBe(false);
    expect(isLate('2026-11-29', 'pending', '2026-11-30T00:00:00.000Z')).toBe(true);
    expect(isLate('2026-11-29', 'processing', '2026-12-30T00:00:00.000Z')).toBe(true);
  });

  it('is never late once shipped, delivered or cancelled', () => {
    for (const status of ['shipped', 'delivered', 'cancelled'] as const)
      expect(isLate('2026-11-29', status, '2027-01-01T00:00:00.000Z')).toBe(false);
  });
});
