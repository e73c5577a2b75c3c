/**
 * toCents is the one rounding point of the costing method (docs/costing.md, "Rounding"): half a
 * cent goes away from zero, the way a spreadsheet's ROUND(x, 2) does, so the exported workbook
 * reproduces every figure.
 *
 * Binary floating point: -2.675 is stored as -2.67499999999999982236431605997495353221893310546875,
 * so rounding the stored value exactly would give -2.67. A person (and LibreOffice or Excel,
 * which read a cell at 15 significant digits) wrote -2.675 and means half a cent, so
 * toCents(-2.675) must be -268 (-$2.68), the mirror image of toCents(2.675) = 268. toCents reads
 * the product at 15 significant digits when it is within a hair of a half cent for exactly this.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInput } from '../errors/problem.ts';
import { decimalComma, pointGrouped, formatDollars, formatNumber, MAX_CENTS, parseDollars, sumCents, toCents, ungroup } from './cents.ts';

describe('toCents: half a cent goes away from zero', () => {
  it('rounds an exact half cent up for positive amounts', () => {
    // 0.125 × 100 = 12.5 exactly in binary: away from zero is 13 (half-to-even would give 12).
    expect(toCents(0.125)).toBe(13);
    // 0.005 × 100 = 0.5: one cent (half-to-even would give 0).
    expect(toCents(0.005)).toBe(1);
    // 0.025 × 100 = 2.5: 3 cents (half-to-even: 2).
    expect(toCents(0.025)).toBe(3);
    // 10.445 dollars: 1044.5 cents → 1045 (half-to-even: 1044).
    expect(toCents(10.445)).toBe(1045);
  });

  it('rounds an exact half cent down (away from zero) for negative amounts', () => {
    // -0.125 → -12.5 → -13. Math.round(-12.5) alone would give -12.
    expect(toCents(-0.125)).toBe(-13);
    expect(toCents(-0.005)).toBe(-1);
    expect(toCents(-0.015)).toBe(-2);
  });

  it('reads amounts stored just below a half cent as the half cent a person wrote', () => {
    // 1.005 is stored as 1.00499999999999989…; 1.005 × 100 = 100.49999999999999. ROUND(1.005, 2) = 1.01.
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    // 2.675 and -2.675 (see the note at the top): 268 and -268, symmetric.
    expect(toCents(2.675)).toBe(268);
    expect(toCents(-2.675)).toBe(-268);
    // 1.115: 111.5 cents → 112.
    expect(toCents(1.115)).toBe(112);
  });

  it('leaves amounts clearly below or above a half cent to ordinary rounding', () => {
    // 0.4999 cents → 0; 0.50001 cents → 1; -0.50001 cents → -1.
    expect(toCents(0.004999)).toBe(0);
    expect(toCents(0.0050001)).toBe(1);
    expect(toCents(-0.0050001)).toBe(-1);
    // 12.344 → 1234.4 → 1234; 12.346 → 1234.6 → 1235.
    expect(toCents(12.344)).toBe(1234);
    expect(toCents(12.346)).toBe(1235);
  });

  it('keeps the half cent at large amounts (a district budget)', () => {
    // $1,000,000,000.005 → 100,000,000,000.5 cents → 100,000,000,001.
    expect(toCents(1_000_000_000.005)).toBe(100_000_000_001);
    expect(toCents(-1_000_000_000.005)).toBe(-100_000_000_001);
  });

  it('never gives negative zero', () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });

  it('refuses amounts that are not finite', () => {
    expect(() => toCents(Number.NaN)).toThrow(/not a finite amount/);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(/not a finite amount/);
  });
});

describe('parseDollars, sumCents and formatDollars', () => {
  it('parses what a person writes', () => {
    expect(parseDollars('1,800,000,000.00')).toBe(180_000_000_000);
    expect(parseDollars('$25.5')).toBe(2550);
    expect(parseDollars('-2.67')).toBe(-267);
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('twelve')).toBeNull();
    // Commas only between thousands: a decimal comma (46587,00) is not read as 4,658,700.
    expect(parseDollars('46587,00')).toBeNull();
    expect(parseDollars('1,23,456')).toBeNull();
    expect(parseDollars('-2,500')).toBe(-250_000);
  });

  it('says when a number has a decimal comma, and not when its commas are between thousands', () => {
    expect(ungroup(' 1,800,000.5 ')).toBe('1800000.5');
    expect(ungroup('46587,00')).toBeNull();
    expect(decimalComma('46587,00')).toContain('46587.00');
    expect(decimalComma('1.228.900.000,50')).toContain('1228900000.50');
    expect(decimalComma('0,9')).toContain(': 0.9');
    expect(decimalComma('1,000')).toBeNull(); // a thousand
    expect(decimalComma('12.5')).toBeNull();
    // A whole number with points between thousands cannot be read either way: two thousand, or 2.000 = 2.
    expect(pointGrouped('2.000')).toContain('write 2000 for 2,000, or 2 without the zeros');
    expect(pointGrouped('31.482.000')).toContain('write 31482000');
    expect(pointGrouped('2.5')).toBeNull();
    expect(pointGrouped('2000')).toBeNull();
  });

  it('sums cents exactly and refuses sums past 2^51', () => {
    expect(sumCents([101, -268, 13])).toBe(-154);
    expect(() => sumCents([2 ** 51, 2 ** 51])).toThrow(/more than settle adds to the cent/);
  });

  it('formats whole dollars and exact cents', () => {
    expect(formatDollars(-26_850)).toBe('-$269'); // 268.50 → 269 whole dollars
    expect(formatDollars(-268, { exact: true })).toBe('-$2.68');
    expect(formatDollars(123_456_789, { exact: true })).toBe('$1,234,567.89');
  });
});

describe('formatNumber', () => {
  it('writes every number exactly as toLocaleString("en-US") does, without loading Intl', () => {
    // Hand cases: grouping, rounding to the nearer decimal (the larger on a tie), trailing zeros dropped, signs.
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5, 0)).toBe('1,235');
    expect(formatNumber(0.125, 2)).toBe('0.13');
    expect(formatNumber(2.5, 4)).toBe('2.5');
    expect(formatNumber(-1000.25, 1)).toBe('-1,000.3');
    expect(formatNumber(100)).toBe('100');
    for (const [v, f] of [[1234567, 3], [1234.5, 0], [0.125, 2], [-1000.25, 1], [-0.0001, 2], [-0, 3], [999.9996, 3]] as const) {
      expect(formatNumber(v, f)).toBe(v.toLocaleString('en-US', { maximumFractionDigits: f }));
    }
    // Every figure settle writes: up to 15 significant digits (beyond that Intl keeps 17 and toFixed more).
    fc.assert(fc.property(fc.double({ min: -1e11, max: 1e11, noNaN: true }), fc.integer({ min: 0, max: 4 }), (v, f) => {
      expect(formatNumber(v, f)).toBe(v.toLocaleString('en-US', { maximumFractionDigits: f }));
    }), { numRuns: 5000 });
    // Whole dollars up to the largest safe amount of cents, 2^51 (about $22 trillion).
    fc.assert(fc.property(fc.double({ min: -(2 ** 51) / 100, max: 2 ** 51 / 100, noNaN: true }).map(Math.round), (v) => {
      expect(formatNumber(v, 0)).toBe(v.toLocaleString('en-US', { maximumFractionDigits: 0 }));
    }), { numRuns: 5000 });
  });
});

describe('amounts past what settle adds to the cent', () => {
  it('are refused as input, not failed as a server error', () => {
    // 2^51 cents is $22,517,998,136,852.48: that many is kept, one cent more is refused.
    expect(sumCents([MAX_CENTS])).toBe(MAX_CENTS);
    let refused: unknown;
    try {
      sumCents([MAX_CENTS, 1]);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(InvalidInput);
    expect((refused as InvalidInput).problems[0]).toMatchObject({ code: 'money.too-large', message: 'a figure came to about $22.5 trillion, more than settle adds to the cent (about $22 trillion), so nothing was costed' });
    expect(() => toCents(6e13)).toThrow(/about \$60\.0 trillion/);
  });
});
