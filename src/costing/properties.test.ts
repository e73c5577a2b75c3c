/**
 * Properties every costing must have, checked on the tiny district: an empty proposal costs
 * nothing; a raise's cost is linear in its percent; totals are the exact sums of the lines;
 * the same input gives byte-identical output.
 */
import { describe, expect, it } from 'vitest';
import { fiscalYearOf, parseFiscalYear } from '../calendar/fiscal-year.ts';
import { project } from '../projection/project.ts';
import { cost, linesOf, loadTiny, tiny, usd, year, type ProposalSpec } from '../../test/helpers/tiny.ts';
import type { CostKind } from './result.ts';

/** One of every costed term kind, with mid-month dates so that rounding matters. */
const KITCHEN_SINK: ProposalSpec = {
  date: '2019-06-01',
  term: { start: '2018-07-01', end: '2021-06-30' },
  terms: [
    { id: 'raise', kind: 'raise', pct: 3.3, effective: '2018-07-01', paid: '2019-08-15' },
    { id: 'nurse-raise', kind: 'raise', pct: 1.7, roles: ['nurse'], effective: '2020-02-10' },
    { id: 'hourly', kind: 'hourly-raise', unit: 'C', amount: 0.37, effective: '2019-10-16' },
    { id: 'flat', kind: 'flat-amount', amount: 20_000, roles: ['nurse'], effective: '2019-07-01' },
    { id: 'floor', kind: 'wage-floor', unit: 'C', hourly: 17.6, effective: '2019-11-03' },
    { id: 'hours', kind: 'added-hours', unit: 'C', roles: ['assistant'], hoursPerDay: 0.5, effective: '2020-03-17' },
    { id: 'bonus', kind: 'bonus', amount: 777.77, employedIn: 2016, paid: '2019-09-01' },
    { id: 'bonus-pct', kind: 'bonus', unit: 'C', pct: 1.3, paid: '2020-05-05' },
    { id: 'health', kind: 'health', perEmployee: 333.33, effective: '2019-01-09' },
    { id: 'pt-health', kind: 'health', unit: 'C', partTimeMinHours: 4, effective: '2020-01-01' },
    { id: 'caps', kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2019-07-01', cap: 24, highNeedCap: 22 }, { grades: ['9', '10', '11', '12'], from: '2020-01-01', cap: 37 }] },
    { id: 'nurses', kind: 'staffing', role: 'nurse', schools: { types: ['elementary'] }, phases: [{ from: '2019-07-01', perSchool: 0.5 }, { from: '2020-07-01', perSchool: 1 }] },
    { id: 'hire', kind: 'hire', role: 'teacher', schools: { types: ['middle', 'high'] }, phases: [{ from: '2019-07-01', count: 1 }, { from: '2020-07-01', count: 2 }] },
    { id: 'c-metoo', kind: 'me-too', unit: 'C', terms: ['raise'] },
    { id: 'prep', kind: 'non-cost', text: 'Preparation periods are unchanged.' },
  ],
};

describe('an empty proposal', () => {
  const r = cost({ terms: [] });

  it('costs 0 in every year', () => {
    expect(r.years.length).toBe(5); // 2018-19 through 2022-23
    for (const y of r.years) {
      expect(y.lines).toEqual([]);
      expect(y.totalCents).toBe(0);
      expect(y.ongoingCents).toBe(0);
      expect(y.oneTimeCents).toBe(0);
      expect(y.byKind).toEqual({ salary: 0, statutory: 0, health: 0, other: 0 });
      expect(y.fteAdded).toBe(0);
    }
    expect(r.positions).toEqual([]);
    expect(r.nonCostTerms).toEqual([]);
  });

  it('leaves the projection equal to the budget', () => {
    const d = tiny();
    for (const p of r.projection) {
      expect(p.proposalCostCents).toBe(0);
      expect(p.expenditureCents).toBe(p.baselineExpenditureCents);
      const row = d.budget.find((b) => b.fy === parseFiscalYear(p.fy));
      if (row) {
        expect(p.revenueCents).toBe(row.revenues);
        expect(p.expenditureCents).toBe(row.expenditures);
      }
    }
    const years = r.years.map((y) => parseFiscalYear(y.fy) as number);
    expect(r.projection).toEqual(project({ dataset: d, years, costCents: () => 0 }).years);
  });
});

describe('a raise is linear in its percent', () => {
  // Given raises of p% for T and for C from 2019-10-16 (22/31 of 2019-20, see terms.test.ts), p = 1, 2, 5
  const at = (p: number) => cost({
    terms: [
      { id: 't', kind: 'raise', pct: p, effective: '2019-10-16' },
      { id: 'c', kind: 'raise', unit: 'C', pct: p, effective: '2019-10-16' },
    ],
  });
  const runs = new Map([1, 2, 5].map((p) => [p, at(p)]));
  const salary = (p: number, term: string, fy: string) => linesOf(runs.get(p)!, fy, { term, kind: 'salary' }).reduce((s, l) => s + l.cents, 0);

  it('2019-20 salary lines are within one cent per pay group of p × the exact 1% cost', () => {
    // exact 1% cost (unrounded): T 1% × 4,022,000 × 22/31 = 28,543.2258…; C 1% × 279,360 × 22/31 = 1,982.5548…
    // T has 6 pay groups, C has 4; each group is rounded once.
    const exact = { t: (40_220 * 22) / 31, c: (2_793.6 * 22) / 31 };
    const groups = { t: 6, c: 4 };
    for (const p of [1, 2, 5]) {
      for (const term of ['t', 'c'] as const) {
        const got = salary(p, term, '2019-20');
        expect(Math.abs(got - p * exact[term] * 100)).toBeLessThanOrEqual(groups[term]);
        expect(Math.abs(got - (p / 1) * salary(1, term, '2019-20'))).toBeLessThanOrEqual(groups[term] * (p + 1));
      }
    }
    // and, by hand, 1% of C: per group 489.60, 489.60, 1,209.60, 604.80 × 22/31 → 347.46, 347.46, 858.43, 429.21 = 1,982.56
    expect(salary(1, 'c', '2019-20')).toBe(usd(1_982.56));
  });

  it('2020-21 salary lines (a full year, exact cents) are exactly proportional', () => {
    // T: 1% × 4,034,000 = 40,340.00; 2% = 80,680.00; 5% = 201,700.00. C: 1% × 279,360 = 2,793.60; 5,587.20; 13,968.00
    expect([1, 2, 5].map((p) => salary(p, 't', '2020-21'))).toEqual([usd(40_340), usd(80_680), usd(201_700)]);
    expect([1, 2, 5].map((p) => salary(p, 'c', '2020-21'))).toEqual([usd(2_793.6), usd(5_587.2), usd(13_968)]);
  });
});

describe('totals are exact sums of the lines', () => {
  const r = cost(KITCHEN_SINK);

  it('costs something in every year, so the sums below are not vacuous', () => {
    for (const y of r.years) expect(y.lines.length).toBeGreaterThan(0);
    expect(r.years.some((y) => y.oneTimeCents !== 0)).toBe(true);
  });

  it('every year\'s totalCents is the sum of its lines, by kind and by nature', () => {
    for (const y of r.years) {
      const sum = (f: (l: (typeof y.lines)[number]) => boolean) => y.lines.filter(f).reduce((s, l) => s + l.cents, 0);
      expect(y.totalCents).toBe(sum(() => true));
      for (const k of ['salary', 'statutory', 'health', 'other'] as CostKind[]) expect(y.byKind[k]).toBe(sum((l) => l.kind === k));
      expect(y.byKind.salary + y.byKind.statutory + y.byKind.health + y.byKind.other).toBe(y.totalCents);
      expect(y.oneTimeCents).toBe(sum((l) => l.nature === 'one-time'));
      expect(y.ongoingCents + y.oneTimeCents).toBe(y.totalCents);
      for (const l of y.lines) expect(Number.isInteger(l.cents)).toBe(true);
    }
  });

  it('the projection adds exactly each year\'s total', () => {
    for (const y of r.years) {
      const p = r.projection.find((x) => x.fy === y.fy)!;
      expect(p.proposalCostCents).toBe(y.totalCents);
      expect(p.expenditureCents).toBe(p.baselineExpenditureCents + y.totalCents);
    }
  });

  it('books every line in a costed year, never before the base year', () => {
    const base = tiny().district.baseFiscalYear;
    for (const y of r.years) {
      expect(parseFiscalYear(y.fy)!).toBeGreaterThanOrEqual(base);
      for (const l of y.lines) if (l.earnedFy) expect(parseFiscalYear(l.earnedFy)!).toBeLessThan(parseFiscalYear(y.fy)!);
    }
    expect(r.years[0].fy).toBe('2018-19');
    // The last year is the end of the contract or of the budget (2021-22), whichever is later.
    expect(Math.max(fiscalYearOf(KITCHEN_SINK.term!.end), 2021)).toBe(parseFiscalYear(r.years[r.years.length - 1].fy));
  });
});

describe('determinism', () => {
  it('the same input gives byte-identical output across runs', () => {
    const a = JSON.stringify(cost(KITCHEN_SINK));
    const b = JSON.stringify(cost(KITCHEN_SINK));
    expect(b).toBe(a);
  });

  it('and across re-loading the dataset from disk', () => {
    const a = JSON.stringify(cost(KITCHEN_SINK, loadTiny()));
    const b = JSON.stringify(cost(KITCHEN_SINK, loadTiny()));
    expect(b).toBe(a);
    expect(JSON.stringify(cost(KITCHEN_SINK, tiny()))).toBe(a);
  });

  it('costing one proposal does not change the cost of another on the same dataset', () => {
    const d = loadTiny();
    const before = JSON.stringify(cost({ terms: [{ id: 'r', kind: 'raise', pct: 2, effective: '2019-07-01' }] }, d));
    cost(KITCHEN_SINK, d);
    const after = JSON.stringify(cost({ terms: [{ id: 'r', kind: 'raise', pct: 2, effective: '2019-07-01' }] }, d));
    expect(after).toBe(before);
    expect(year(JSON.parse(after), '2019-20').totalCents).toBe(usd(80_440 + 14_881.4)); // 2% × 4,022,000 + 18.5%
  });
});
