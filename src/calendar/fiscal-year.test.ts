/**
 * California school fiscal years run July 1 – June 30 (docs/costing.md, "Years"); a date
 * inside the year counts the share of the year on or after it in months, and a date inside a
 * month counts the days before it as a fraction of that month ("Dates").
 */
import { describe, expect, it } from 'vitest';
import { daysInMonth, fiscalYearOf, fyEnd, fyLabel, fyStart, isIsoDate, monthsBefore, parseFiscalYear, range, shareFrom } from './fiscal-year.ts';

describe('the fiscal year of a date', () => {
  it('June 30 closes a year and July 1 opens the next', () => {
    expect(fiscalYearOf('2019-06-30')).toBe(2018);
    expect(fiscalYearOf('2019-07-01')).toBe(2019);
    expect(fiscalYearOf('2019-07-31')).toBe(2019);
    expect(fiscalYearOf('2019-08-01')).toBe(2019);
    expect(fiscalYearOf('2019-12-31')).toBe(2019);
    expect(fiscalYearOf('2020-01-01')).toBe(2019);
  });

  it('every month from July to June belongs to the same year', () => {
    const months = ['2019-07', '2019-08', '2019-09', '2019-10', '2019-11', '2019-12', '2020-01', '2020-02', '2020-03', '2020-04', '2020-05', '2020-06'];
    for (const m of months) expect(fiscalYearOf(`${m}-15`)).toBe(2019);
    expect(fiscalYearOf('2020-07-15')).toBe(2020);
    expect(fiscalYearOf('2019-06-15')).toBe(2018);
  });

  it('starts on July 1 and ends on June 30, labelled by both calendar years', () => {
    expect(fyStart(2019)).toBe('2019-07-01');
    expect(fyEnd(2019)).toBe('2020-06-30');
    expect(fyLabel(2019)).toBe('2019-20');
    expect(fyLabel(1999)).toBe('1999-00');
    expect(parseFiscalYear('2019-20')).toBe(2019);
    expect(parseFiscalYear('1999-00')).toBe(1999);
    expect(parseFiscalYear('2019-21')).toBeNull();
    expect(range(2018, 2021)).toEqual([2018, 2019, 2020, 2021]);
  });
});

describe('dates and leap days', () => {
  it('knows February 29 only in leap years', () => {
    expect(isIsoDate('2020-02-29')).toBe(true);
    expect(isIsoDate('2019-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true); // divisible by 400
    expect(isIsoDate('1900-02-29')).toBe(false); // divisible by 100, not 400
    expect(isIsoDate('2019-06-31')).toBe(false);
    expect(isIsoDate('2019-13-01')).toBe(false);
    expect(daysInMonth(2020, 2)).toBe(29);
    expect(daysInMonth(2019, 2)).toBe(28);
    expect(daysInMonth(2019, 7)).toBe(31);
  });
});

describe('proration by date: months of the year before a date', () => {
  it('July 1 is the start (nothing before it) and the next July 1 is all twelve months', () => {
    expect(monthsBefore('2019-07-01', 2019)).toBe(0);
    expect(shareFrom('2019-07-01', 2019)).toBe(1);
    expect(monthsBefore('2020-07-01', 2019)).toBe(12);
    expect(shareFrom('2020-07-01', 2019)).toBe(0);
  });

  it('June 30 leaves one thirtieth of June', () => {
    // 11 whole months (July–May) + 29 of June's 30 days: 11 + 29/30; share = (1/30) / 12 = 1/360.
    expect(monthsBefore('2020-06-30', 2019)).toBeCloseTo(11 + 29 / 30, 12);
    expect(shareFrom('2020-06-30', 2019)).toBeCloseTo(1 / 360, 12);
  });

  it('January 1 is half-way; each first of a month adds a whole month', () => {
    expect(monthsBefore('2020-01-01', 2019)).toBe(6);
    expect(shareFrom('2020-01-01', 2019)).toBe(0.5);
    expect(monthsBefore('2019-08-01', 2019)).toBe(1);
    expect(monthsBefore('2020-04-01', 2019)).toBe(9);
    expect(shareFrom('2020-04-01', 2019)).toBe(0.25);
  });

  it('a date inside a month counts the days before it as a fraction of that month', () => {
    // July 16: 15 of July's 31 days before it.
    expect(monthsBefore('2019-07-16', 2019)).toBeCloseTo(15 / 31, 12);
    // November 16: 4 months + 15 of 30 days = 4.5.
    expect(monthsBefore('2019-11-16', 2019)).toBe(4.5);
  });

  it('February of a leap year has 29 days', () => {
    // 2020-02-29 in 2019-20: July–January are 7 months, then 28 of February's 29 days.
    expect(monthsBefore('2020-02-29', 2019)).toBeCloseTo(7 + 28 / 29, 12);
    // 2019-02-15 in 2018-19 (not a leap year): 7 + 14/28 = 7.5.
    expect(monthsBefore('2019-02-15', 2018)).toBe(7.5);
    // 2020-02-15 in 2019-20 (leap year): 7 + 14/29.
    expect(monthsBefore('2020-02-15', 2019)).toBeCloseTo(7 + 14 / 29, 12);
  });

  it('dates before the year count nothing and dates after it count the whole year', () => {
    expect(monthsBefore('2018-03-01', 2019)).toBe(0);
    expect(monthsBefore('2019-06-30', 2019)).toBe(0);
    expect(monthsBefore('2021-01-01', 2019)).toBe(12);
    expect(shareFrom('2018-03-01', 2019)).toBe(1);
  });

  it('refuses text that is not a date', () => {
    expect(() => monthsBefore('2019-7-1', 2019)).toThrow(/YYYY-MM-DD/);
    expect(() => fiscalYearOf('July 1, 2019')).toThrow(/YYYY-MM-DD/);
  });
});
