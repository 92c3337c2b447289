import { describe, expect, it } from 'vitest';
import { rangeOf } from './range.ts';

describe('rangeOf', () => {
  it('spans the last days up to today (UTC), today included', () => {
    const now = Date.parse('2025-03-05T23:30:00Z');
    expect(rangeOf(7, now)).toEqual({ from: '2025-02-27', to: '2025-03-05' });
    expect(rangeOf(30, now)).toEqual({ from: '2025-02-04', to: '2025-03-05' });
  });
});
