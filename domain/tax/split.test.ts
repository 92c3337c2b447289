import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiply, sum } from '../money.ts';
import { addSplits, amountOf, splitExclusive, splitInclusive, tcsOn } from './split.ts';

describe('splitInclusive', () => {
  it('takes the tax out of a tax-inclusive price: ₹1,050 at 5% is ₹1,000 + ₹50', () => {
    expect(splitInclusive(1050_00, 1, 500, false)).toEqual({
      taxablePaise: 1000_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 50_00,
    });
    expect(splitInclusive(1050_00, 1, 500, true)).toEqual({
      taxablePaise: 1000_00,
      cgstPaise: 25_00,
      sgstPaise: 25_00,
      igstPaise: 0,
    });
  });

  it('rounds the line tax to the nearest paisa, halves up, and gives an odd paisa to CGST', () => {
    // ₹499 × 3 at 18%: 149,700 × 1800 / 11800 = 22,835.59... -> 22,836 paise of tax.
    expect(splitInclusive(499_00, 3, 1800, true)).toEqual({
      taxablePaise: 126_864,
      cgstPaise: 11_418,
      sgstPaise: 11_418,
      igstPaise: 0,
    });
    // 21 paise at 5%: 21 × 500 / 10500 = 1 exactly; 1 paisa: 0.047... -> 0.
    expect(splitInclusive(21, 1, 500, true)).toEqual({ taxablePaise: 20, cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
    expect(splitInclusive(1, 1, 500, false).igstPaise).toBe(0);
    // 41 paise at 5% hold 1.95... -> 2; 4,100 paise at 40%, 1171.43... -> 1171; 1 paisa at 100%, half -> 1.
    expect(splitInclusive(41, 1, 500, false).igstPaise).toBe(2);
    expect(splitInclusive(4100, 1, 4000, false).igstPaise).toBe(1171);
    expect(splitInclusive(1, 1, 10_000, false)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 1 });
  });

  it('takes the tax of the whole line, not of one unit times the quantity', () => {
    // ₹0.10 at 5% holds 0.476 paise -> 0 a unit, but ten of them hold 4.76 -> 5.
    expect(splitInclusive(10, 10, 500, false).igstPaise).toBe(5);
  });

  it('has no tax at a nil rate, and refuses negative amounts and rates', () => {
    expect(splitInclusive(999_00, 2, 0, true)).toEqual({
      taxablePaise: 1998_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
    expect(() => splitInclusive(-1, 1, 500, true)).toThrow(RangeError);
    expect(() => splitInclusive(100, 1, -5, true)).toThrow(RangeError);
    expect(() => splitInclusive(100, 1, 12.5, true)).toThrow(RangeError);
  });

  const lineArb = fc.record({
    pricePaise: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 5_00_000_00 })),
    quantity: fc.integer({ min: 1, max: 50 }),
    rateBps: fc.oneof(fc.constantFrom(0, 25, 300, 500, 1800, 4000), fc.integer({ min: 0, max: 10_000 })),
  });

  it('adds up to the paisa for 1,000 random baskets: each line and the basket total', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), fc.boolean(), (lines, intraState) => {
        const splits = lines.map((l) => splitInclusive(l.pricePaise, l.quantity, l.rateBps, intraState));
        const amounts = lines.map((l) => multiply(l.pricePaise, l.quantity));
        splits.forEach((split, i) => {
          expect(amountOf(split)).toBe(amounts[i]);
          expect(split.taxablePaise).toBeGreaterThanOrEqual(0);
          // The tax is within half a paisa of the exact tax, and the halves differ by at most a paisa.
          const exact = ((amounts[i] ?? 0) * (lines[i]?.rateBps ?? 0)) / (10_000 + (lines[i]?.rateBps ?? 0));
          const tax = split.cgstPaise + split.sgstPaise + split.igstPaise;
          expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          expect(split.cgstPaise - split.sgstPaise).toBeGreaterThanOrEqual(0);
          expect(split.cgstPaise - split.sgstPaise).toBeLessThanOrEqual(1);
          if (intraState) expect(split.igstPaise).toBe(0);
          else expect(split.cgstPaise + split.sgstPaise).toBe(0);
        });
        expect(amountOf(addSplits(splits))).toBe(sum(amounts));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('splitExclusive', () => {
  it('adds the tax on top, rounded to the nearest paisa, halves up', () => {
    // 18% of 250 paise is 45; of 25 paise 4.5 -> 5; of 24 paise 4.32 -> 4.
    expect(splitExclusive(250, 1800, false)).toEqual({ taxablePaise: 250, cgstPaise: 0, sgstPaise: 0, igstPaise: 45 });
    expect(splitExclusive(25, 1800, false).igstPaise).toBe(5);
    expect(splitExclusive(24, 1800, false).igstPaise).toBe(4);
  });

  it('halves it within a state, the odd paisa to CGST, and keeps the taxable value whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 4000 }), (taxable, rate) => {
        const across = splitExclusive(taxable, rate, false);
        const within = splitExclusive(taxable, rate, true);
        expect(within.taxablePaise).toBe(taxable);
        expect(within.cgstPaise + within.sgstPaise).toBe(across.igstPaise);
        expect(within.cgstPaise - within.sgstPaise).toBeGreaterThanOrEqual(0);
        expect(within.cgstPaise - within.sgstPaise).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('refuses a negative value', () => {
    expect(() => splitExclusive(-1, 1800, true)).toThrow(RangeError);
  });
});

describe('tcsOn', () => {
  it('is 0.25% CGST + 0.25% SGST within a state and 0.5% IGST across states, at a rate of 50', () => {
    expect(tcsOn(1_00_000_00, 50, true)).toEqual({ cgstPaise: 25_000, sgstPaise: 25_000, igstPaise: 0 });
    expect(tcsOn(1_00_000_00, 50, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 50_000 });
  });

  it('takes the rate it is given: 1% before 10 July 2024', () => {
    expect(tcsOn(1_00_000_00, 100, false).igstPaise).toBe(1_00_000);
  });

  it('rounds halves up, the odd paisa to CGST, and mirrors a negative net value', () => {
    // 1,00,100 paise at 0.5% is 500.5 -> 501 paise.
    expect(tcsOn(1_00_100, 50, true)).toEqual({ cgstPaise: 251, sgstPaise: 250, igstPaise: 0 });
    expect(tcsOn(-1_00_100, 50, true)).toEqual({ cgstPaise: -251, sgstPaise: -250, igstPaise: 0 });
    expect(tcsOn(-1_00_100, 50, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: -501 });
    expect(tcsOn(0, 50, true)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
});
