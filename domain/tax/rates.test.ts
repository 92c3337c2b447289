import { describe, expect, it } from 'vitest';
import { formatRate, indianDate, isIsoDate, rateOn } from './rates.ts';

const entry = (effectiveFrom: string, rateBps: number) => ({ effectiveFrom, rateBps });

describe('rateOn', () => {
  const history = [entry('2024-07-10', 50), entry('2026-11-27', 75)];

  it('a rate changed today applies from today only: yesterday keeps the old rate', () => {
    expect(rateOn(history, '2026-11-26')?.rateBps).toBe(50);
    expect(rateOn(history, '2026-11-27')?.rateBps).toBe(75);
    expect(rateOn(history, '2027-01-01')?.rateBps).toBe(75);
  });

  it('has nothing in force before the first entry', () => {
    expect(rateOn(history, '2024-07-09')).toBeUndefined();
    expect(rateOn([], '2026-01-01')).toBeUndefined();
  });

  it('takes the entry recorded last of those from the same day, whatever the order they were recorded in', () => {
    expect(rateOn([entry('2026-12-01', 60), entry('2026-12-01', 70)], '2026-12-01')?.rateBps).toBe(70);
    // A change scheduled for later, then one for an earlier day: each applies in its own days.
    const scheduled = [entry('2024-07-10', 50), entry('2027-04-01', 100), entry('2026-12-01', 60)];
    expect(rateOn(scheduled, '2026-12-15')?.rateBps).toBe(60);
    expect(rateOn(scheduled, '2027-04-01')?.rateBps).toBe(100);
  });
});

describe('days and rates', () => {
  it('dates in India: 19:00 UTC is already the next day there', () => {
    expect(indianDate('2026-11-27T18:29:59.999Z')).toBe('2026-11-27');
    expect(indianDate('2026-11-27T18:30:00.000Z')).toBe('2026-11-28');
  });

  it('reads only days that exist', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00:00Z')).toBe(false);
  });

  it('writes rates as people do', () => {
    expect([1800, 500, 25, 50, 0, 10_000, 1250].map(formatRate)).toEqual([
      '18%',
      '5%',
      '0.25%',
      '0.5%',
      '0%',
      '100%',
      '12.5%',
    ]);
  });
});
