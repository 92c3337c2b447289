import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalRate, parseRate, toMinorUnits } from './convert.ts';
import { FOREIGN_CURRENCIES } from './currencies.ts';

describe('parseRate', () => {
  it('reads rupees per unit with up to 4 decimals, exactly, in ten-thousandths', () => {
    expect(parseRate('84.0729')).toBe(840_729n);
    expect(parseRate(' 91.5 ')).toBe(915_000n);
    expect(parseRate('22')).toBe(220_000n);
    expect(parseRate('0.0001')).toBe(1n);
    expect(parseRate('99999.9999')).toBe(999_999_999n);
  });

  it('refuses zero, negatives, five decimals, exponents, commas and other text', () => {
    for (const text of ['0', '0.0000', '-84', '84.07291', '8.4e1', '84,07', '₹84', '', '.5', '5.', '100000', 'NaN'])
      expect(parseRate(text), text).toBeNull();
  });

  it('keeps one canonical text of each rate', () => {
    expect(canonicalRate(parseRate('084.50')!)).toBe('84.5');
    expect(canonicalRate(parseRate('84.0729')!)).toBe('84.0729');
    expect(canonicalRate(parseRate('22.0000')!)).toBe('22');
    expect(canonicalRate(parseRate('0.0001')!)).toBe('0.0001');
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999_999_999n }), (rate) => {
        expect(parseRate(canonicalRate(rate))).toBe(rate);
      }),
    );
  });
});

describe('toMinorUnits', () => {
  it('converts paise at rupees per unit to cents, rounding to the nearest cent', () => {
    // ₹1,227 at ₹84.0729 per US$: 14.5945... dollars.
    expect(toMinorUnits(122_700, parseRate('84.0729')!, 'USD')).toBe(1459);
    expect(toMinorUnits(0, parseRate('84')!, 'EUR')).toBe(0);
    // ₹100 at ₹22.9 per dirham: 4.3668... dirhams.
    expect(toMinorUnits(10_000, parseRate('22.9')!, 'AED')).toBe(437);
  });

  it('rounds a half cent up and just below a half down', () => {
    // ₹1 at ₹80 per unit is 1.25 cents exactly; ₹4 at ₹80 is 5 cents.
    expect(toMinorUnits(100, parseRate('80')!, 'GBP')).toBe(1);
    // 30 paise at ₹40: 0.75 cents, up; 20 paise at ₹40: 0.5 cents, up; 19 paise: 0.475, down.
    expect(toMinorUnits(30, parseRate('40')!, 'GBP')).toBe(1);
    expect(toMinorUnits(20, parseRate('40')!, 'GBP')).toBe(1);
    expect(toMinorUnits(19, parseRate('40')!, 'GBP')).toBe(0);
  });

  it('stays exact where floating point would not: a crore of rupees at a rate of many digits', () => {
    // 10^9 paise = ₹1 crore; at ₹91.2347 per € that is 10^9 × 10^4 / 912347 = 10,960,741.91... cents.
    expect(toMinorUnits(1_000_000_000, parseRate('91.2347')!, 'EUR')).toBe(10_960_742);
    expect(toMinorUnits(Number.MAX_SAFE_INTEGER, parseRate('0.0001')!, 'USD')).toBe(
      Number(BigInt(Number.MAX_SAFE_INTEGER) * 10_000n),
    );
  });

  it('refuses negative, fractional and unsafe amounts, and rates that are not positive', () => {
    expect(() => toMinorUnits(-1, 840_729n, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(1.5, 840_729n, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(2 ** 53, 840_729n, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(100, 0n, 'USD')).toThrow(RangeError);
  });

  const amount = fc.integer({ min: 0, max: 10_000_000_000 });
  const rate = fc.bigInt({ min: 1n, max: 999_999_999n });
  const currency = fc.constantFrom(...FOREIGN_CURRENCIES);

  it('is the nearest cent: within half a cent of the exact amount, a half rounded up', () => {
    fc.assert(
      fc.property(amount, rate, currency, (paise, r, c) => {
        const minor = BigInt(toMinorUnits(paise, r, c));
        // Exact amount in cents = paise × 10^4 / r; compare 2·minor·r with 2·paise·10^4 ± r.
        const twice = 2n * BigInt(paise) * 10_000n;
        expect(2n * minor * r - twice <= r).toBe(true);
        expect(twice - 2n * minor * r < r).toBe(true);
      }),
    );
  });

  it('never gives less for more rupees, nor more at a dearer rate', () => {
    fc.assert(
      fc.property(amount, amount, rate, rate, currency, (a, b, r, s, c) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(toMinorUnits(low, r, c)).toBeLessThanOrEqual(toMinorUnits(high, r, c));
        const [cheap, dear] = r <= s ? [r, s] : [s, r];
        expect(toMinorUnits(high, dear, c)).toBeLessThanOrEqual(toMinorUnits(high, cheap, c));
      }),
    );
  });
});
