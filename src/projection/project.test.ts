/**
 * The multi-year projection and the reserve test (docs/costing.md, "Projection and the reserve
 * test") on the tiny district's budget, derived by hand:
 *
 *   fiscal year  revenues     expenditures  beginning   committed
 *   2018-19      20,000,000   20,500,000    3,000,000   500,000
 *   2019-20      20,600,000   21,000,000                500,000
 *   2020-21      21,200,000   21,600,000                500,000
 *   2021-22      21,800,000   22,300,000                500,000
 *   COLA 3% a year; required reserve 3%.
 */
import { describe, expect, it } from 'vitest';
import { movingTiny } from '../../test/helpers/moving.ts';
import { costProposal } from '../costing/cost.ts';
import { InvalidInput } from '../errors/problem.ts';
import { cost, proposal, tiny, usd } from '../../test/helpers/tiny.ts';
import { certify, project, type ProjectionYear } from './project.ts';

const fy = (r: ReturnType<typeof cost>, label: string) => {
  const y = r.projection.find((p) => p.fy === label);
  if (!y) throw new Error(`no projection year ${label}`);
  return y;
};

describe('projection with an empty proposal', () => {
  // Given no terms, dated 2019-03-01, contract to 2021-06-30: projected from the base year 2018-19
  // to the end of the contract (2020-21) or of the budget (2021-22), whichever is later: 2021-22.
  const r = cost({ terms: [], term: { start: '2019-07-01', end: '2021-06-30' } });

  it('rolls the ending balance forward year by year, to the end of the budget', () => {
    // 2018-19: 3,000,000 + 20,000,000 − 20,500,000 = 2,500,000
    // 2019-20: 2,500,000 + 20,600,000 − 21,000,000 = 2,100,000
    // 2020-21: 2,100,000 + 21,200,000 − 21,600,000 = 1,700,000
    // 2021-22: 1,700,000 + 21,800,000 − 22,300,000 = 1,200,000
    expect(r.projection.map((p) => p.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22']);
    expect(r.projection.map((p) => p.beginningBalanceCents)).toEqual([usd(3_000_000), usd(2_500_000), usd(2_100_000), usd(1_700_000)]);
    expect(r.projection.map((p) => p.endingBalanceCents)).toEqual([usd(2_500_000), usd(2_100_000), usd(1_700_000), usd(1_200_000)]);
  });

  it('computes the reserve net of committed amounts, to two decimals', () => {
    // (2,500,000 − 500,000) ÷ 20,500,000 = 9.756% → 9.76; 1,600,000 ÷ 21,000,000 = 7.619 → 7.62;
    // 1,200,000 ÷ 21,600,000 = 5.556 → 5.56; 700,000 ÷ 22,300,000 = 3.139 → 3.14
    expect(r.projection.map((p) => p.reservePct)).toEqual([9.76, 7.62, 5.56, 3.14]);
    expect(r.projection.every((p) => p.meetsReserve && !p.extrapolated)).toBe(true);
    expect(r.projection.every((p) => p.requiredReservePct === 3 && p.committedCents === usd(500_000))).toBe(true);
    expect(r.firstShortYear).toBeNull();
  });

  it('certifies the year of the proposal\'s date and the two after it: 2018-19 to 2020-21, positive', () => {
    // dated 2019-03-01, in fiscal year 2018-19 (July 1, 2018 – June 30, 2019)
    expect(r.certificationYears).toEqual(['2018-19', '2019-20', '2020-21']);
    expect(r.projection.map((p) => p.certified)).toEqual([true, true, true, false]);
    expect(r.missingYears).toEqual([]);
    expect(r.missingHint).toBeNull();
    expect(r.certification).toBe('positive');
    expect(r.otherYear).toBeNull();
  });
});

describe('a contract that runs past the budget and past the certified years', () => {
  // Given no terms, dated 2019-03-01, contract to 2023-06-30 (fiscal year 2022-23): the horizon is
  // the end of the contract, one year past the budget (2021-22).
  const r = cost({ terms: [], term: { start: '2019-07-01', end: '2023-06-30' } });

  it('grows the last budget year by COLA into 2022-23 and marks it extrapolated, not certified', () => {
    // 2022-23: revenues 21,800,000 × 1.03 = 22,454,000; expenditures 22,300,000 × 1.03 = 22,969,000
    // ending 1,200,000 + 22,454,000 − 22,969,000 = 685,000; reserve (685,000 − 500,000) ÷ 22,969,000 = 0.805% → 0.81 < 3
    const y = fy(r, '2022-23');
    expect(r.projection.map((p) => p.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
    expect(y.extrapolated).toBe(true);
    expect(y.certified).toBe(false);
    expect(y.revenueCents).toBe(usd(22_454_000));
    expect(y.expenditureCents).toBe(usd(22_969_000));
    expect(y.endingBalanceCents).toBe(usd(685_000));
    expect(y.reservePct).toBe(0.81);
    expect(y.meetsReserve).toBe(false);
    expect(r.firstShortYear).toBe('2022-23');
  });

  it('stays positive on 2018-19 to 2020-21 and lists 2022-23 as a later contract year that falls short', () => {
    // later contract years: 2021-22 (reserve 3.14, meets) and 2022-23 (0.81, short)
    expect(r.certification).toBe('positive');
    expect(r.laterShortYears).toEqual(['2022-23']);
  });
});

describe('certification years follow the proposal\'s date', () => {
  const date = (d: string) => cost({ terms: [], date: d, term: { start: '2019-07-01', end: '2021-06-30' } });

  it('refuses a proposal dated outside the dataset\'s year, naming both years', () => {
    // dated 2020-03-01: fiscal year 2019-20; the tiny district's data is of 2018-19, its budget 2018-19 to 2021-22
    let error: unknown;
    try {
      date('2020-03-01');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInput);
    const p = (error as InvalidInput).problems[0];
    expect(p.code).toBe('proposal.other-year');
    expect(p.where?.field).toBe('date');
    expect(p.message).toContain('fiscal year 2019-20');
    expect(p.message).toContain('data of 2018-19');
    expect(p.message).toContain('2018-19 to 2021-22');
    expect(p.hint).toContain('--allow-other-year');
  });

  const other = (d: string) => costProposal({ dataset: tiny(), proposal: proposal({ terms: [], date: d, term: { start: '2019-07-01', end: '2021-06-30' } }), allowOtherYear: true });

  it('with allowOtherYear, certifies 2019-20 to 2021-22 for a proposal of 2019-20, and says it was costed on data of another year', () => {
    const r = other('2020-03-01');
    expect(r.certificationYears).toEqual(['2019-20', '2020-21', '2021-22']);
    expect(r.projection.filter((p) => p.certified).map((p) => p.fy)).toEqual(['2019-20', '2020-21', '2021-22']);
    // 7.62, 5.56 and 3.14 all meet 3%
    expect(r.certification).toBe('positive');
    expect(r.otherYear).toEqual({ datasetYear: '2018-19', proposalYear: '2019-20' });
  });

  it('does not certify when the budget does not reach the three years, and says which are missing and how to add them', () => {
    // dated 2020-09-01: fiscal year 2020-21; certification 2020-21 to 2022-23; the budget ends 2021-22
    const r = other('2020-09-01');
    expect(r.certificationYears).toEqual(['2020-21', '2021-22', '2022-23']);
    expect(r.missingYears).toEqual(['2022-23']);
    expect(r.certification).toBe('not-certified');
    expect(r.missingHint).toContain('2018-19 to 2021-22');
    expect(r.missingHint).toContain('Add 2022-23 to budget.csv');
  });

  it('does not certify on extrapolated years even when the projection reaches them', () => {
    // the same proposal with a contract to 2023-06-30: 2022-23 is projected (extrapolated) but still missing
    const r = costProposal({ dataset: tiny(), proposal: proposal({ terms: [], date: '2020-09-01', term: { start: '2019-07-01', end: '2023-06-30' } }), allowOtherYear: true });
    expect(fy(r, '2022-23').extrapolated).toBe(true);
    expect(fy(r, '2022-23').certified).toBe(false);
    expect(r.missingYears).toEqual(['2022-23']);
    expect(r.certification).toBe('not-certified');
  });
});

describe('certification from a proposal\'s cost', () => {
  it('qualified: the reserve falls short in the third year, the balance stays positive', () => {
    // Given a $10,000 bonus to every T employee, paid 2019-10-01 (2019-20):
    // 69 × 10,000 = 690,000 + statutory 18.5% 127,650 = 817,650 in 2019-20
    const r = cost({ terms: [{ id: 'b', kind: 'bonus', amount: 10_000, paid: '2019-10-01' }] });
    const y1 = fy(r, '2019-20');
    expect(y1.proposalCostCents).toBe(usd(817_650));
    // 2019-20: expenditures 21,000,000 + 817,650 = 21,817,650; ending 2,500,000 + 20,600,000 − 21,817,650 = 1,282,350
    // reserve 782,350 ÷ 21,817,650 = 3.586% → 3.59, meets
    expect(y1.expenditureCents).toBe(usd(21_817_650));
    expect(y1.endingBalanceCents).toBe(usd(1_282_350));
    expect(y1.reservePct).toBe(3.59);
    expect(y1.meetsReserve).toBe(true);
    // 2020-21: ending 1,282,350 + 21,200,000 − 21,600,000 = 882,350; reserve 382,350 ÷ 21,600,000 = 1.770% → 1.77, short
    const y2 = fy(r, '2020-21');
    expect(y2.endingBalanceCents).toBe(usd(882_350));
    expect(y2.reservePct).toBe(1.77);
    expect(y2.meetsReserve).toBe(false);
    expect(r.firstShortYear).toBe('2020-21');
    expect(r.certification).toBe('qualified');
  });

  it('negative: the balance less committed goes below zero in the year after the current one', () => {
    // Given a $20,000 bonus to every T employee paid in 2019-20: 1,380,000 + 18.5% 255,300 = 1,635,300
    const r = cost({ terms: [{ id: 'b', kind: 'bonus', amount: 20_000, paid: '2019-10-01' }] });
    // 2019-20: ending 2,500,000 + 20,600,000 − 22,635,300 = 464,700; less committed 500,000 = −35,300 < 0
    // reserve −35,300 ÷ 22,635,300 = −0.156% → −0.16
    const y = fy(r, '2019-20');
    expect(y.endingBalanceCents).toBe(usd(464_700));
    expect(y.reservePct).toBe(-0.16);
    expect(y.meetsReserve).toBe(false);
    expect(r.firstShortYear).toBe('2019-20');
    expect(r.certification).toBe('negative');
  });

  it('qualified, not negative, when the balance goes below zero only in the third year', () => {
    // Given the same $20,000 bonus paid 2020-10-01 (2020-21): 1,635,300 in 2020-21
    const r = cost({ terms: [{ id: 'b', kind: 'bonus', amount: 20_000, paid: '2020-10-01' }] });
    expect(fy(r, '2019-20').meetsReserve).toBe(true);
    // 2020-21: ending 2,100,000 + 21,200,000 − 23,235,300 = 64,700; less committed = −435,300;
    // reserve −435,300 ÷ 23,235,300 = −1.873% → −1.87
    const y = fy(r, '2020-21');
    expect(y.endingBalanceCents).toBe(usd(64_700));
    expect(y.reservePct).toBe(-1.87);
    expect(r.firstShortYear).toBe('2020-21');
    expect(r.certification).toBe('qualified');
  });
});

describe('the reserve test is exact', () => {
  // project() directly, with a cost only in 2018-19 of X: available = 2,000,000 − X, expenditures 20,500,000 + X.
  // 3% is met while 2,000,000 − X ≥ 0.03 × (20,500,000 + X), i.e. X ≤ 1,385,000 ÷ 1.03 = 1,344,660.194…
  const run = (costCents: number) => project({ dataset: tiny(), years: [2018, 2019, 2020], costCents: (y) => (y === 2018 ? costCents : 0) }).years[0];

  it('fails at 2.99999997%, shown rounded as 3.00', () => {
    // X = 1,344,660.20: available 655,339.80 < 3% × 21,844,660.20 = 655,339.806
    const y = run(usd(1_344_660.2));
    expect(y.reservePct).toBe(3);
    expect(y.meetsReserve).toBe(false);
  });

  it('passes one cent lower', () => {
    // X = 1,344,660.19: available 655,339.81 ≥ 3% × 21,844,660.19 = 655,339.8057
    const y = run(usd(1_344_660.19));
    expect(y.reservePct).toBe(3);
    expect(y.meetsReserve).toBe(true);
  });
});

describe('certify', () => {
  const y = (label: string, endingCents: number, meetsReserve: boolean): ProjectionYear => ({
    fy: label, revenueCents: 0, expenditureCents: 1, baselineExpenditureCents: 1, proposalCostCents: 0, beginningBalanceCents: 0,
    endingBalanceCents: endingCents, committedCents: 100, reservePct: 0, requiredReservePct: 3, meetsReserve, extrapolated: false, certified: true,
  });

  it('rates the current year and the two after it only', () => {
    // every year fine → positive; a fourth year in deficit does not count
    expect(certify([y('a', 200, true), y('b', 200, true), y('c', 200, true), y('d', -500, false)])).toBe('positive');
    // available (ending − committed) below zero in the current year → negative
    expect(certify([y('a', 99, false), y('b', 200, true), y('c', 200, true)])).toBe('negative');
    // … or in the next year → negative
    expect(certify([y('a', 200, true), y('b', 99, false), y('c', 200, true)])).toBe('negative');
    // available exactly zero is not below zero: short of the reserve → qualified
    expect(certify([y('a', 100, false), y('b', 200, true), y('c', 200, true)])).toBe('qualified');
    // below zero only in the third year → qualified
    expect(certify([y('a', 200, true), y('b', 200, true), y('c', -1, false)])).toBe('qualified');
  });
});

describe('projection when the COLA moves every year (test/helpers/moving.ts)', () => {
  // The moving tiny district: budget cut to 2018-19 and 2019-20; COLA 4% from 2020-07-01,
  // 1% from 2021-07-01, 5% from 2022-07-01 (3% and 2% before). Given no terms.
  const r = cost({ terms: [] }, movingTiny());

  it('grows each year past the budget by the COLA of that year, not the year before', () => {
    // 2020-21: 20,600,000 × 1.04 = 21,424,000; 21,000,000 × 1.04 = 21,840,000 (2019-20's 2% would give 21,012,000)
    // 2021-22: × 1.01 = 21,638,240 and 22,058,400
    // 2022-23: × 1.05 = 22,720,152 and 23,161,320
    expect(r.projection.map((p) => p.extrapolated)).toEqual([false, false, true, true, true]);
    expect(r.projection.map((p) => p.revenueCents)).toEqual([usd(20_000_000), usd(20_600_000), usd(21_424_000), usd(21_638_240), usd(22_720_152)]);
    expect(r.projection.map((p) => p.baselineExpenditureCents)).toEqual([usd(20_500_000), usd(21_000_000), usd(21_840_000), usd(22_058_400), usd(23_161_320)]);
  });

  it('rolls the balance forward and finds the first short year', () => {
    // ending: 2,500,000; 2,100,000; 2,100,000 + 21,424,000 − 21,840,000 = 1,684,000;
    // 1,684,000 + 21,638,240 − 22,058,400 = 1,263,840; 1,263,840 + 22,720,152 − 23,161,320 = 822,672
    expect(r.projection.map((p) => p.endingBalanceCents)).toEqual([usd(2_500_000), usd(2_100_000), usd(1_684_000), usd(1_263_840), usd(822_672)]);
    // reserve: 1,184,000 ÷ 21,840,000 = 5.421 → 5.42; 763,840 ÷ 22,058,400 = 3.463 → 3.46;
    // 322,672 ÷ 23,161,320 = 1.393 → 1.39 < 3
    expect(r.projection.slice(2).map((p) => p.reservePct)).toEqual([5.42, 3.46, 1.39]);
    expect(r.firstShortYear).toBe('2022-23');
  });

  it('adds the proposal\'s cost of each year to that year\'s expenditures', () => {
    // A 5% raise for T from 2019-07-01 costs 203,111.00 + statutory 37,575.54 = 240,686.54 in 2019-20
    // (src/costing/moving-years.test.ts); expenditures 21,000,000 + 240,686.54 = 21,240,686.54.
    const withRaise = cost({ terms: [{ id: 'raise', kind: 'raise', pct: 5, effective: '2019-07-01' }] }, movingTiny());
    const y = fy(withRaise, '2019-20');
    expect(y.proposalCostCents).toBe(usd(240_686.54));
    expect(y.expenditureCents).toBe(usd(21_240_686.54));
    // ending 2,500,000 + 20,600,000 − 21,240,686.54 = 1,859,313.46
    expect(y.endingBalanceCents).toBe(usd(1_859_313.46));
  });
});
