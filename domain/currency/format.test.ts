import { describe, expect, it } from 'vitest';
import { formatApprox, formatForeign } from './format.ts';

// Intl writes a no-break space between a code and the amount.
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatApprox', () => {
  it('marks every amount approximate, in each currency’s own symbol', () => {
    expect(formatApprox(1460, 'USD')).toBe('≈ US$14.60');
    expect(formatApprox(1380, 'EUR')).toBe('≈ €13.80');
    expect(formatApprox(1190, 'GBP')).toBe('≈ £11.90');
    expect(spaced(formatApprox(5360, 'AED'))).toBe('≈ AED 53.60');
    expect(formatApprox(1920, 'SGD')).toBe('≈ S$19.20');
  });
});

describe('formatForeign', () => {
  it('groups by thousands and keeps both decimals, exactly', () => {
    expect(formatForeign(123_456_789, 'USD')).toBe('US$1,234,567.89');
    expect(formatForeign(5, 'EUR')).toBe('€0.05');
    expect(formatForeign(0, 'GBP')).toBe('£0.00');
    expect(formatForeign(900_719_925_474_099, 'SGD')).toBe('S$9,007,199,254,740.99');
    expect(formatForeign(-250, 'USD')).toBe('-US$2.50');
  });

  it('refuses an amount that is not a whole number of minor units', () => {
    expect(() => formatForeign(14.6, 'USD')).toThrow(RangeError);
  });
});
