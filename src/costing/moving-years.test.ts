/**
 * Costing on the tiny district whose parameters move every year (test/helpers/moving.ts has
 * the table and the growth factors): a rate, drift, trend or COLA taken from the wrong year
 * changes these figures. Pay groups G1–G10 are those of test/helpers/tiny.ts.
 */
import { describe, expect, it } from 'vitest';
import { movingTiny } from '../../test/helpers/moving.ts';
import { cost, line, linesOf, usd, year } from '../../test/helpers/tiny.ts';

const positionsOf = (r: ReturnType<typeof cost>, fy: string) =>
  r.positions.filter((p) => p.fy === fy).map((p) => `${p.school} ${p.role} ${p.fte}`).sort();

describe('moving parameters: a 5% raise for T from 2019-07-01', () => {
  const r = cost({ terms: [{ id: 'raise', kind: 'raise', pct: 5, effective: '2019-07-01' }] }, movingTiny());

  it('2019-20: 5% of pay grown by that year\'s 1% column drift, statutory at 18.5%', () => {
    // T pay 2019-20 (tiny.ts) 4,022,000 × drift 1.01 = 4,062,220 (every group: 312,000 → 315,120,
    // 354,000 → 357,540, 324,000 → 327,240, 1,239,000 → 1,251,390, 1,711,000 → 1,728,110, 82,000 → 82,820)
    // 5% = 203,111.00. Drift from the wrong year (2018-19's 0%) would give 5% × 4,022,000 = 201,100.
    expect(line(r, '2019-20', { term: 'raise', kind: 'salary' }).cents).toBe(usd(203_111));
    // statutory 2019-20: 17% STRS + 1.5% = 18.5% × 203,111.00 = 37,575.535 → half away from zero 37,575.54
    expect(line(r, '2019-20', { term: 'raise', kind: 'statutory' }).cents).toBe(3_757_554);
  });

  it('2020-21: drift 1.01 × 1.02 = 1.0302, statutory 18% + 1.5% = 19.5%', () => {
    // T pay 4,034,000 × 1.0302 = 4,155,826.80; per group × 5%: G1 333,784.80 → 16,689.24;
    // G2 364,690.80 → 18,234.54; G3 333,784.80 → 16,689.24; G4 1,276,417.80 → 63,820.89;
    // G5 1,762,672.20 → 88,133.61; G6 84,476.40 → 4,223.82; sum 207,791.34
    expect(line(r, '2020-21', { term: 'raise', kind: 'salary' }).cents).toBe(usd(207_791.34));
    // 19.5% × 207,791.34 = 40,519.3113 → 40,519.31 (at 2019-20's 18.5% it would be 38,441.40)
    expect(line(r, '2020-21', { term: 'raise', kind: 'statutory' }).cents).toBe(usd(40_519.31));
  });

  it('the baseline itself moves with drift and with each year\'s statutory and health rates', () => {
    const t = (fy: string) => r.baseline.find((b) => b.fy === fy)?.byUnit.find((u) => u.unit === 'T');
    // 2019-20: 4,062,220 pay; statutory 18.5% = 751,510.70; health 69 × 11,000 = 759,000
    expect(t('2019-20')?.salaryCents).toBe(usd(4_062_220));
    expect(t('2019-20')?.statutoryCents).toBe(usd(751_510.7));
    expect(t('2019-20')?.healthCents).toBe(usd(759_000));
    // 2020-21: 4,155,826.80 pay; health 69 × 12,000 = 828,000
    expect(t('2020-21')?.salaryCents).toBe(usd(4_155_826.8));
    expect(t('2020-21')?.healthCents).toBe(usd(828_000));
  });
});

describe('moving parameters: a $1 hourly raise for C from 2019-07-01', () => {
  const r = cost({ unit: 'C', terms: [{ id: 'hr', kind: 'hourly-raise', amount: 1, effective: '2019-07-01' }] }, movingTiny());

  it('costs $1 on every hour, with classified statutory of each year', () => {
    // Hours a year: G7 4 × 4 × 180 = 2,880; G8 2,880; G9 3 × 8 × 240 = 5,760; G10 2 × 6 × 240 = 2,880; 14,400.
    // The dollar is added after drift, so each group's rounded pay rises by exactly its hours: 14,400.00.
    expect(line(r, '2019-20', { term: 'hr', kind: 'salary' }).cents).toBe(usd(14_400));
    expect(line(r, '2020-21', { term: 'hr', kind: 'salary' }).cents).toBe(usd(14_400));
    // 2019-20: PERS 19.5 + Social Security 6 + Medicare 1.5 = 27% × 14,400 = 3,888.00 (25.5% would give 3,672.00)
    expect(line(r, '2019-20', { term: 'hr', kind: 'statutory' }).cents).toBe(usd(3_888));
    // 2020-21: 20.25 + 7.5 + 1.5 = 29.25% × 14,400 = 4,212.00
    expect(line(r, '2020-21', { term: 'hr', kind: 'statutory' }).cents).toBe(usd(4_212));
  });
});

describe('moving parameters: nurses at one per 400 students at high schools, from 2019-07-01', () => {
  const r = cost({ terms: [{ id: 'nurses', kind: 'staffing', role: 'nurse', schools: { types: ['high'] }, phases: [{ from: '2019-07-01', studentsPerStaff: 400 }] }] }, movingTiny());

  it('follows each year\'s enrollment trend (whole students per grade)', () => {
    // H1 has 4 grades of 200 and 1 nurse.
    // 2019-20: 200 × 1.02 = 204 a grade, 816 → ceil(816 / 400) = 3 nurses → 2 added
    //   (the wrong year's 0% trend would give 800 → 2 → 1 added)
    expect(positionsOf(r, '2019-20')).toEqual(['H1 nurse 2']);
    // 2020-21: 200 × 0.9894 = 197.88 → 198 a grade, 792 → ceil(1.98) = 2 → 1 added
    expect(positionsOf(r, '2020-21')).toEqual(['H1 nurse 1']);
    // 2021-22: 200 × 0.999294 = 199.86 → 200 a grade, 800 → 2 → 1 added
    expect(positionsOf(r, '2021-22')).toEqual(['H1 nurse 1']);
    // 2022-23: 200 × 0.999294 × 1.01 = 201.86 → 202 a grade, 808 → ceil(2.02) = 3 → 2 added
    expect(positionsOf(r, '2022-23')).toEqual(['H1 nurse 2']);
  });

  it('pays added positions at the schedule without column drift (drift is for current staff only)', () => {
    // 2019-20: 2 new nurses at N step 1, 80,000 each = 160,000.00 (with the 1% drift it would be 161,600)
    expect(line(r, '2019-20', { term: 'nurses', kind: 'salary' }).cents).toBe(usd(160_000));
    // statutory 18.5% = 29,600.00; health 2 × 11,000 = 22,000.00
    expect(line(r, '2019-20', { term: 'nurses', kind: 'statutory' }).cents).toBe(usd(29_600));
    expect(line(r, '2019-20', { term: 'nurses', kind: 'health' }).cents).toBe(usd(22_000));
    // 2020-21: the newest goes first; the one left (2019-20 cohort) is at step 2: 82,000.00
    // (with drift 1.0302 it would be 84,476.40); statutory 19.5% = 15,990.00; health 12,000.00
    expect(line(r, '2020-21', { term: 'nurses', kind: 'salary' }).cents).toBe(usd(82_000));
    expect(line(r, '2020-21', { term: 'nurses', kind: 'statutory' }).cents).toBe(usd(15_990));
    expect(line(r, '2020-21', { term: 'nurses', kind: 'health' }).cents).toBe(usd(12_000));
    // 2022-23: back to 2, both places of the 2019-20 cohort, at step 2: 164,000.00
    expect(line(r, '2022-23', { term: 'nurses', kind: 'salary' }).cents).toBe(usd(164_000));
  });
});

describe('moving parameters: a proposal dated in July pays retroactive pay in the year that starts July 1', () => {
  // A 5% raise effective 2018-07-01, agreed on 2019-07-15 (in 2019-20): 2018-19's pay is retroactive.
  const r = cost({ date: '2019-07-15', terms: [{ id: 'retro', kind: 'raise', pct: 5, effective: '2018-07-01', outsideTerm: true }] }, movingTiny(), { allowOtherYear: true }); // dated a year after the data: back pay paid in 2019-20

  it('books 2018-19 pay in 2019-20 as one-time money at 2019-20 statutory rates', () => {
    // 2018-19 (drift 1): 5% × 3,940,000 = 197,000.00, earned 2018-19, paid 2019-20
    expect(year(r, '2018-19').totalCents).toBe(0);
    const l = line(r, '2019-20', { term: 'retro', kind: 'salary', nature: 'one-time' });
    expect(l.earnedFy).toBe('2018-19');
    expect(l.cents).toBe(usd(197_000));
    // statutory at 2019-20's 18.5%: 36,445.00 (2018-19's 17.5% would give 34,475.00)
    expect(line(r, '2019-20', { term: 'retro', kind: 'statutory', nature: 'one-time' }).cents).toBe(usd(36_445));
    // 2019-20's own pay is ongoing: 203,111.00 as in the raise above
    expect(line(r, '2019-20', { term: 'retro', kind: 'salary', nature: 'ongoing' }).cents).toBe(usd(203_111));
    expect(linesOf(r, '2019-20', { nature: 'one-time' }).length).toBe(2);
  });
});
