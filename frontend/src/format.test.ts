import { describe, expect, it } from 'vitest';
import { formatDay } from './format.ts';

describe('formatDay', () => {
  it('writes a UTC day as it is, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('5 Mar 2025');
  });
});
