/**
 * Generated properties of the engine on the tiny district (fast-check, fixed seed so a
 * failure is reproducible: SEED below, RUNS cases each), and an independent reference
 * calculator for pay terms (test/helpers/reference-pay.ts, written from docs/costing.md, not
 * from the engine) that must agree to the cent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceCost, type RefTerm } from '../../test/helpers/reference-pay.ts';
import { cost, linesOf, tiny, type ProposalSpec, type TermSpec } from '../../test/helpers/tiny.ts';
import { parseFiscalYear } from '../calendar/fiscal-year.ts';
import type { CostResult } from './result.ts';

export const SEED = 20190122;
export const RUNS = 120;
const params = { seed: SEED, numRuns: RUNS };

/** A day from 2019-07-01 to 2021-06-30 (on or after the proposal's date: nothing retroactive). */
const day = fc.integer({ min: 0, max: 730 }).map((n) => new Date(Date.UTC(2019, 6, 1) + n * 86_400_000).toISOString().slice(0, 10));
const pct = fc.integer({ min: 1, max: 120 }).map((n) => n / 10);
const rolesOf: Record<'T' | 'C', (string[] | undefined)[]> = { T: [undefined, ['teacher'], ['nurse']], C: [undefined, ['assistant'], ['custodian']] };

const raise = fc.record({ unit: fc.constantFrom('T', 'C'), pct, effective: day, r: fc.integer({ min: 0, max: 2 }) })
  .map(({ unit, pct, effective, r }): RefTerm => ({ id: '', kind: 'raise', unit, pct, effective, ...(rolesOf[unit as 'T' | 'C'][r] ? { roles: [...(rolesOf[unit as 'T' | 'C'][r] ?? [])] } : {}) }));
const floor = fc.record({ hourly: fc.integer({ min: 1500, max: 2300 }).map((c) => c / 100), effective: day })
  .map(({ hourly, effective }): RefTerm => ({ id: '', kind: 'wage-floor', unit: 'C', hourly, effective }));
const bonus = fc.record({ unit: fc.constantFrom('T', 'C'), amount: fc.integer({ min: 1000, max: 250_000 }).map((c) => c / 100), paid: day })
  .map(({ unit, amount, paid }): RefTerm => ({ id: '', kind: 'bonus', unit, amount, paid }));
/** One to four raises, wage floors and dollar bonuses, with ids t0, t1, … */
const payTerms = fc.array(fc.oneof(raise, floor, bonus), { minLength: 1, maxLength: 4 }).map((ts) => ts.map((t, i) => ({ ...t, id: `t${i}` })));

const specOf = (terms: RefTerm[]): ProposalSpec => ({ terms: terms as TermSpec[] });
const fyNumbers = (r: CostResult) => r.years.map((y) => parseFiscalYear(y.fy) as number);

describe(`generated proposals (fast-check seed ${SEED}, ${RUNS} runs each)`, () => {
  it('the reference calculator agrees to the cent on every term\'s salary and statutory lines', () => {
    fc.assert(fc.property(payTerms, (terms) => {
      const r = cost(specOf(terms));
      const ref = referenceCost(tiny(), terms, fyNumbers(r));
      for (const y of r.years) {
        const fy = parseFiscalYear(y.fy) as number;
        for (const t of terms) {
          const want = ref.get(`${t.id}|${fy}`) ?? { salary: 0, statutory: 0 };
          const got = { salary: linesOf(r, y.fy, { term: t.id, kind: 'salary' }).reduce((s, l) => s + l.cents, 0), statutory: linesOf(r, y.fy, { term: t.id, kind: 'statutory' }).reduce((s, l) => s + l.cents, 0) };
          if (got.salary !== want.salary || got.statutory !== want.statutory) {
            throw new Error(`${t.id} (${JSON.stringify(t)}) in ${y.fy}: engine ${JSON.stringify(got)}, reference ${JSON.stringify(want)}`);
          }
        }
      }
    }), params);
  });

  it('totals are the exact sums of the lines, by kind and by nature', () => {
    fc.assert(fc.property(payTerms, (terms) => {
      const r = cost(specOf(terms));
      for (const y of r.years) {
        const sum = (f: (l: (typeof y.lines)[number]) => boolean) => y.lines.filter(f).reduce((s, l) => s + l.cents, 0);
        expect(y.totalCents).toBe(sum(() => true));
        expect(y.oneTimeCents).toBe(sum((l) => l.nature === 'one-time'));
        expect(y.ongoingCents).toBe(sum((l) => l.nature === 'ongoing'));
        for (const k of ['salary', 'statutory', 'health', 'other'] as const) expect(y.byKind[k]).toBe(sum((l) => l.kind === k));
        const p = r.projection.find((x) => x.fy === y.fy);
        expect(p?.proposalCostCents).toBe(y.totalCents);
      }
    }), params);
  });

  it('pay-term salary lines add up to the change in rounded pay of each pay group', () => {
    const payOnly = payTerms.map((ts) => ts.filter((t) => t.kind !== 'bonus')).filter((ts) => ts.length > 0);
    fc.assert(fc.property(payOnly, (terms) => {
      const r = cost(specOf(terms));
      const change = new Map<number, number>();
      referenceCost(tiny(), terms, fyNumbers(r), { payChange: change });
      for (const y of r.years) {
        const lines = linesOf(r, y.fy, { kind: 'salary' }).reduce((s, l) => s + l.cents, 0);
        expect(lines).toBe(change.get(parseFiscalYear(y.fy) as number));
      }
    }), params);
  });

  it('cost never falls as a raise\'s percent rises (with other terms held fixed)', () => {
    const extra = fc.array(fc.oneof(floor, bonus), { maxLength: 2 }).map((ts) => ts.map((t, i) => ({ ...t, id: `x${i}` })));
    fc.assert(fc.property(raise, pct, extra, (r0, step, others) => {
      const lower = { ...r0, id: 'raise' } as RefTerm & { pct: number };
      const higher = { ...lower, pct: Math.round((lower.pct + step) * 10) / 10 };
      const a = cost(specOf([lower, ...others]));
      const b = cost(specOf([higher, ...others]));
      for (let i = 0; i < a.years.length; i++) {
        expect(b.years[i].totalCents).toBeGreaterThanOrEqual(a.years[i].totalCents);
        const own = (x: CostResult) => linesOf(x, x.years[i].fy, { term: 'raise' }).reduce((s, l) => s + l.cents, 0);
        expect(own(b)).toBeGreaterThanOrEqual(own(a));
      }
    }), params);
  });

  it('an empty proposal costs nothing, whatever its dates and non-cost terms', () => {
    const window = fc.record({ start: day, years: fc.integer({ min: 1, max: 4 }), texts: fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 3 }) });
    fc.assert(fc.property(window, ({ start, years, texts }) => {
      const end = `${Number(start.slice(0, 4)) + years}-06-30`;
      const r = cost({ term: { start, end }, terms: texts.map((text, i) => ({ id: `n${i}`, kind: 'non-cost', text })) });
      expect(r.years.length).toBeGreaterThanOrEqual(3);
      for (const y of r.years) {
        expect(y.lines).toEqual([]);
        expect(y.totalCents).toBe(0);
        expect(y.fteAdded).toBe(0);
      }
      expect(r.positions).toEqual([]);
      expect(r.projection.every((p) => p.proposalCostCents === 0 && p.expenditureCents === p.baselineExpenditureCents)).toBe(true);
    }), params);
  });

  it('the reference calculator itself reproduces a hand-derived figure (terms.test.ts: 3% raise for T)', () => {
    // 3% × 4,022,000 = 120,660.00 in 2019-20; statutory 18.5% = 22,322.10
    const ref = referenceCost(tiny(), [{ id: 'r', kind: 'raise', unit: 'T', pct: 3, effective: '2019-07-01' }], [2019]);
    expect(ref.get('r|2019')).toEqual({ salary: 12_066_000, statutory: 2_232_210 });
  });
});
