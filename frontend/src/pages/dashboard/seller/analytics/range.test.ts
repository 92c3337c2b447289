import { describe, expect, it } from 'vitest';
import { formatDay, rangeOf } from './range.ts';

describe('rangeOf', () => {
  it('spans the last days up to today (UTC), today included', () => {
    const now = Date.parse('2025-03-05T23:30:00Z');
    expect(rangeOf(7, now)).toEqual({ from: '2025-02-27', to: '2025-03-05' });
    expect(rangeOf(30, now)).toEqual({ from: '2025-02-04', to: '2025-03-05' });
  });
});

describe('formatDay', () => {
  it('writes a UTC day as it is, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('5 Mar 2025');
  });
});
