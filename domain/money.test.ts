import { describe, expect, it } from 'vitest';
import { formatInr, formatInrThousands, multiply, parseRupees, percentOff, rupeesFromNumber, sum } from './money.ts';

describe('parseRupees', () => {
  it.each([
    ['499', 49_900],
    ['499.5', 49_950],
    ['499.50', 49_950],
    ['0.01', 1],
    ['0', 0],
    [' 12.05 ', 1205],
    ['007', 700],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %i paise', (input, paise) => {
    expect(parseRupees(input)).toBe(paise);
  });

  it.each(['', ' ', '1e3', '-1', '12.345', '.5', '5.', '1,000', '₹5', 'abc', '0x10', 'Infinity', '90071992547409.92'])(
    'rejects %j',
    (input) => {
      expect(parseRupees(input)).toBeNull();
    },
  );
});

describe('rupeesFromNumber', () => {
  it.each([
    [12.5, 1250],
    [499, 49_900],
    [0.07, 7],
    [1.1, 110],
    [19.99, 1999],
  ])('reads %d rupees as %i paise', (rupees, paise) => {
    expect(rupeesFromNumber(rupees)).toBe(paise);
  });

  it.each([0.1 + 0.2, 12.345, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7])('rejects %d', (n) => {
    expect(rupeesFromNumber(n)).toBeNull();
  });
});

describe('arithmetic', () => {
  it('adds paise exactly where rupee floats would not', () => {
    expect(sum([10, 20])).toBe(30);
    expect(sum([rupeesFromNumber(0.1)!, rupeesFromNumber(0.2)!])).toBe(rupeesFromNumber(0.3));
    expect(sum([])).toBe(0);
  });

  it('multiplies a price by a quantity', () => {
    expect(multiply(1999, 3)).toBe(5997);
  });

  it('refuses amounts that are not safe integers', () => {
    expect(() => sum([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => multiply(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => multiply(10.5, 2)).toThrow(RangeError);
    expect(() => sum([1, 0.5])).toThrow(RangeError);
  });
});

describe('percentOff', () => {
  it.each([
    [75_000, 100_000, 25],
    [99_900, 149_900, 33],
    [1, 3, 67],
    [1, 8, 88], // 87.5 rounds up
    [5, 8, 38], // 37.5 rounds up
    [199, 200, 1], // 0.5 rounds up
    [399, 400, 0], // 0.25 rounds down
  ])('price %i against %i is %i%% off', (price, original, expected) => {
    expect(percentOff(price, original)).toBe(expected);
  });

  it.each([
    [100, null],
    [100, 100],
    [100, 50],
  ])('has no discount for price %i and original %j', (price, original) => {
    expect(percentOff(price, original)).toBeNull();
  });
});

describe('formatInr', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [49_950, '₹499.50'],
    [12_345_650, '₹1,23,456.50'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [123_456_789_012, '₹1,23,45,67,890.12'],
    [Number.MAX_SAFE_INTEGER, '₹9,00,71,99,25,47,409.91'],
    [-1250, '-₹12.50'],
  ])('formats %i paise as %s', (paise, text) => {
    expect(formatInr(paise)).toBe(text);
  });

  it('refuses fractions of a paisa', () => {
    expect(() => formatInr(0.5)).toThrow(RangeError);
  });
});

describe('formatInrThousands', () => {
  it.each([
    [0, '₹0'], // a new seller's: whole rupees below ₹1,000, never ₹0K
    [4_999, '₹50'], // ₹49.99
    [45_049, '₹450'],
    [99_949, '₹999'],
    [99_950, '₹1K'], // ₹999.50 rounds up to ₹1,000
    [100_000, '₹1K'],
    [104_999, '₹1K'], // ₹1,049.99
    [105_000, '₹1.1K'], // ₹1,050 rounds up to ₹1,100
    [1_245_000, '₹12.5K'], // ₹12,450
    [1_244_999, '₹12.4K'],
    [1_200_000, '₹12K'],
    [1_299_999, '₹13K'],
    [1_234_567_800, '₹12,345.7K'], // ₹1.23 crore
    [-1_250_000, '-₹12.5K'],
    [-45_000, '-₹450'],
  ])('formats %i paise as %s', (paise, text) => {
    expect(formatInrThousands(paise)).toBe(text);
  });
});
