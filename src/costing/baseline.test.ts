/**
 * The status quo (baseline) and statutory benefits by year, on the tiny district; every figure
 * derived by hand from test/fixtures/tiny-district (pay groups in test/helpers/tiny.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../district/types.ts';
import { cost, line, loadTiny, usd, year } from '../../test/helpers/tiny.ts';

const unit = (r: ReturnType<typeof cost>, fy: string, id: string) => {
  const b = r.baseline.find((y) => y.fy === fy);
  if (!b) throw new Error(`no baseline year ${fy}`);
  const u = b.byUnit.find((x) => x.unit === id);
  if (!u) throw new Error(`no unit ${id} in the baseline for ${fy}`);
  return u;
};

describe('baseline step movement', () => {
  // Given no terms at all (costed 2018-19 through 2022-23)
  const r = cost({ terms: [] });

  it('grows T pay by a step each year and stops at the top step', () => {
    // 2018-19: 300,000 + 354,000 + 312,000 + 1,239,000 + 1,653,000 + 82,000 = 3,940,000.00
    expect(unit(r, '2018-19', 'T').salaryCents).toBe(usd(3_940_000));
    // 2019-20: G1 → C1 step 2 (+12,000), G3 → step 3 (+12,000), G5 → C2 step 3 (+58,000): 4,022,000.00
    expect(unit(r, '2019-20', 'T').salaryCents).toBe(usd(4_022_000));
    // 2020-21: G1 → C1 step 3 (+12,000): 4,034,000.00
    expect(unit(r, '2020-21', 'T').salaryCents).toBe(usd(4_034_000));
    // 2021-22 and 2022-23: everyone at the last step of the lane: unchanged
    expect(unit(r, '2021-22', 'T').salaryCents).toBe(usd(4_034_000));
    expect(unit(r, '2022-23', 'T').salaryCents).toBe(usd(4_034_000));
  });

  it('grows C pay by a step and then stops', () => {
    // 2018-19: 16 × 4 h × 180 d × 4 = 46,080 + 17 × 4 × 180 × 4 = 48,960 + 21 × 8 × 240 × 3 = 120,960
    //          + 20 × 6 × 240 × 2 = 57,600 → 273,600.00
    expect(unit(r, '2018-19', 'C').salaryCents).toBe(usd(273_600));
    // 2019-20: G7 → 17.00 (48,960), G10 → 21.00 (60,480): 279,360.00; then unchanged (step 2 is the last)
    expect(unit(r, '2019-20', 'C').salaryCents).toBe(usd(279_360));
    expect(unit(r, '2020-21', 'C').salaryCents).toBe(usd(279_360));
    expect(unit(r, '2022-23', 'C').salaryCents).toBe(usd(279_360));
  });

  it('carries statutory benefits at each year\'s rates and health for eligible staff', () => {
    // T statutory 2018-19: (16 + 1.5)% × 3,940,000 = 689,500.00; 2019-20: (17 + 1.5)% × 4,022,000 = 744,070.00
    expect(unit(r, '2018-19', 'T').statutoryCents).toBe(usd(689_500));
    expect(unit(r, '2019-20', 'T').statutoryCents).toBe(usd(744_070));
    // C statutory (18 + 6 + 1.5)% = 25.5%: × 273,600 = 69,768.00; × 279,360 = 71,236.80
    expect(unit(r, '2018-19', 'C').statutoryCents).toBe(usd(69_768));
    expect(unit(r, '2019-20', 'C').statutoryCents).toBe(usd(71_236.8));
    // health: all 69 T staff; C only the 5 custodians at 6+ hours: 2018-19 at 10,000, 2019-20 at 11,000
    expect(unit(r, '2018-19', 'T').healthCents).toBe(usd(690_000));
    expect(unit(r, '2019-20', 'T').healthCents).toBe(usd(759_000));
    expect(unit(r, '2018-19', 'C').healthCents).toBe(usd(50_000));
    expect(unit(r, '2019-20', 'C').healthCents).toBe(usd(55_000));
    // FTE: T 69; C 4 × 0.5 + 4 × 0.5 + 3 × 1 + 2 × 0.75 = 8.5
    expect(unit(r, '2018-19', 'T').fte).toBe(69);
    expect(unit(r, '2018-19', 'C').fte).toBe(8.5);
    // 2018-19 total: 3,940,000 + 273,600 + 689,500 + 69,768 + 690,000 + 50,000 = 5,712,868.00
    const b = r.baseline[0];
    expect(b.fy).toBe('2018-19');
    expect(b.totalCents).toBe(usd(5_712_868));
    expect(b.totalCents).toBe(b.salaryCents + b.statutoryCents + b.healthCents);
  });
});

describe('a raise dated in the future does not freeze step growth before it', () => {
  // Given a 3% T raise from 2020-07-01
  const r = cost({ terms: [{ id: 'later', kind: 'raise', pct: 3, effective: '2020-07-01' }] });
  const empty = cost({ terms: [] });

  it('leaves the baseline moving every year', () => {
    expect(r.baseline).toEqual(empty.baseline);
    expect(unit(r, '2019-20', 'T').salaryCents).toBe(usd(4_022_000));
  });

  it('costs nothing before it and applies to the stepped pay from its date', () => {
    expect(year(r, '2018-19').totalCents).toBe(0);
    expect(year(r, '2019-20').totalCents).toBe(0);
    // 2020-21: 3% × 4,034,000 (two years of steps) = 121,020.00 — not 3% × 3,940,000 = 118,200 (frozen steps)
    expect(line(r, '2020-21', { term: 'later', kind: 'salary' }).cents).toBe(usd(121_020));
  });
});

describe('statutory benefits per line at the rates of the year booked', () => {
  it('uses 17.5% in 2018-19 and 18.5% from 2019-20 for T; 25.5% for C', () => {
    // Given 1% raises for T and C from 2018-07-01, proposed 2018-09-01 (so nothing is retroactive)
    const r = cost({
      date: '2018-09-01',
      term: { start: '2018-07-01', end: '2020-06-30' },
      terms: [
        { id: 't1', kind: 'raise', pct: 1, effective: '2018-07-01' },
        { id: 'c1', kind: 'raise', unit: 'C', pct: 1, effective: '2018-07-01' },
      ],
    });
    // T 2018-19: 1% × 3,940,000 = 39,400.00; × 17.5% = 6,895.00
    expect(line(r, '2018-19', { term: 't1', kind: 'salary' }).cents).toBe(usd(39_400));
    expect(line(r, '2018-19', { term: 't1', kind: 'statutory' }).cents).toBe(usd(6_895));
    // T 2019-20: 1% × 4,022,000 = 40,220.00; × 18.5% = 7,440.70
    expect(line(r, '2019-20', { term: 't1', kind: 'salary' }).cents).toBe(usd(40_220));
    expect(line(r, '2019-20', { term: 't1', kind: 'statutory' }).cents).toBe(usd(7_440.7));
    // C 2018-19: 1% × 273,600 = 2,736.00; × 25.5% = 697.68
    expect(line(r, '2018-19', { term: 'c1', kind: 'salary' }).cents).toBe(usd(2_736));
    expect(line(r, '2018-19', { term: 'c1', kind: 'statutory' }).cents).toBe(usd(697.68));
    // the trace names the rates used: STRS 16 and Medicare 1.5 in 2018-19
    const inputs = line(r, '2018-19', { term: 't1', kind: 'statutory' }).trace.inputs;
    expect(inputs.filter((i) => i.unit === 'percent').map((i) => i.value)).toEqual([16, 1.5]);
  });
});

describe('column drift', () => {
  it('compounds on current staff from the base year', () => {
    // Given the tiny district with certificated column drift of 2% a year from 2019-07-01
    const d: Dataset = structuredClone(loadTiny());
    d.district.parameters.columnDrift.certificated.values = [{ from: '2018-07-01', value: 0 }, { from: '2019-07-01', value: 2 }];
    const r = cost({ terms: [] }, d);
    // 2018-19 unchanged: 3,940,000.00
    expect(unit(r, '2018-19', 'T').salaryCents).toBe(usd(3_940_000));
    // 2019-20: 4,022,000 × 1.02 = 4,102,440.00
    expect(unit(r, '2019-20', 'T').salaryCents).toBe(usd(4_102_440));
    // 2020-21: 4,034,000 × 1.02² (1.0404) = 4,196,973.60 (exact per group: e.g. G1 324,000 × 1.0404 = 337,089.60)
    expect(unit(r, '2020-21', 'T').salaryCents).toBe(usd(4_196_973.6));
    // C has no drift
    expect(unit(r, '2020-21', 'C').salaryCents).toBe(usd(279_360));
  });
});
