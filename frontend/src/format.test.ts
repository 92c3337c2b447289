import { describe, expect, it } from 'vitest';
import { countOf, formatDay } from './format.ts';

describe('formatDay', () => {
  it('writes a UTC day as it is, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('5 Mar 2025');
  });
});

describe('countOf', () => {
  it('puts the noun in the plural but for one, and groups the number the Indian way', () => {
    expect(countOf(1, 'product')).toBe('1 product');
    expect(countOf(123_456, 'product')).toBe('1,23,456 products');
  });
});
