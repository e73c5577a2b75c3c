import { fiscalYearOf, fyLabel, monthsBefore, range, type FiscalYear } from '../calendar/fiscal-year.ts';
import { addBonuses, addHealthTerms, addPositionHealth, addStatutory } from '../costing/benefits.ts';
import { lastYear } from '../costing/cost.ts';
import { addedEarners, currentEarners, placementFor, replacementEarners } from '../costing/earners.ts';
import { Ledger, type Entry } from '../costing/ledger.ts';
import { toTransform, type Earner, type Transform } from '../costing/pay.ts';
import { costPay, type FullPay } from '../costing/pay-costs.ts';
import { addedPositions, groupSlices, type Slice } from '../costing/positions.ts';
import { prepare, statutoryRates, type Prepared } from '../costing/prepare.ts';
import { addPrograms } from '../costing/programs.ts';
import { wholeDollars } from '../money/cents.ts';
import { concreteTerms } from '../costing/terms.ts';
import { earliestEffectiveFy } from '../costing/terms.ts';
import type { Dataset } from '../district/types.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { project } from '../projection/project.ts';
import type { BonusTerm, HealthTerm, PositionTerm, Proposal, RaiseTerm, Term } from '../proposals/types.ts';
import { pathLabel, type Path } from '../text/yaml.ts';
import type { AdditiveMeasure, Plan, PlanBonus, PlanGroup } from './evaluate.ts';
import { axisOrder, bonusTermAt, compoundedRaise, dimensionTerm, fixedTerms, levelsOf, raiseTerm } from './grid.ts';
import { limitsProblem, type Limits, type Party } from './limits.ts';
import type { BonusDim, Dimension, HireDim, RaiseDim, Space } from './space.ts';

/**
 * Works out, with the costing engine, every piece a package's cost is assembled from
 * (evaluate.ts explains the sum), and compiles both sides' limits into checks. Pure.
 */

export interface ZoneInput {
  dataset: Dataset;
  space: Space;
  base: Proposal;
  limits: { union?: Limits; district?: Limits };
  /** Each side's latest proposal, for the nearest feasible package. */
  latest: { union?: Proposal; district?: Proposal };
  /** Told of each step of the work done in advance (what, how far, out of how many). */
  onStep?: (what: string, done: number, of: number) => void;
  seed?: number;
  samples?: number;
}

export type CheckSource = 'reserve' | Party;

export interface CheckInfo {
  source: CheckSource;
  label: string;
}

export type PriorityKey = 'pay' | 'class-size' | 'support-staff';

export interface Meta {
  years: FiscalYear[];
  checks: CheckInfo[];
  fronts: { priority: PriorityKey; axes: number[]; label: string; unit: string }[];
  sides: Party[];
  /** False when the fast figures may differ from the engine's by a cent on some line (see docs/zone.md). */
  exact: boolean;
  inexact: string[];
  /** Reserve: percent required, years tested. */
  requiredPct: number;
  reserveTested: FiscalYear[];
  /** Values of the priorities for a package (axis indexes). */
  measureOf: (key: string, ix: number[]) => number;
  /** The package's distance to each side's latest proposal (squared, normalised). */
  targets: { party: Party; values: (number | null)[] }[];
  fixedTerms: Term[];
}

const SUPPORT: PriorityKey = 'support-staff';

/** Builds the plan. Throws `InvalidInput` (located in the space or limits file) when the space does not fit the dataset. */
export function buildPlan(input: ZoneInput): { plan: Plan; meta: Meta } {
  const { dataset, space, base } = input;
  const p = prepare(dataset);
  const fixed = fixedTerms(space, base);
  checkSpace(p, space, base, fixed);

  const baseFy = p.base;
  const last = Math.max(lastYear(dataset, base), space.through ?? 0);
  const years = range(baseFy, last);
  const Y = years.length;
  const yi = new Map(years.map((fy, i) => [fy, i]));
  const radix = Int32Array.from(space.axes.map((a) => a.values.length));
  const step = input.onStep ?? (() => {});

  // ---- Pay combinations: every raise dimension's axes together.
  const payDims = space.dimensions.filter((d): d is RaiseDim => d.kind === 'raise');
  const payAxes = payDims.flatMap((d) => d.axes);
  const payStrides: number[] = [];
  let P = 1;
  for (const a of payAxes) {
    payStrides.push(P);
    P *= radix[a];
  }
  if (P > 50_000) throw tooBig(space, `the raise dimensions make ${P.toLocaleString('en-US')} combinations of pay terms; at most 50,000 can be worked out in advance`);
  const ixOfPay = (pc: number): number[] => {
    const ix = space.axes.map(() => 0);
    let rest = pc;
    for (const a of payAxes) {
      ix[a] = rest % radix[a];
      rest = Math.floor(rest / radix[a]);
    }
    return ix;
  };
  const payTerms = (pc: number): Term[] => {
    const ix = ixOfPay(pc);
    return payDims.map((d) => raiseTerm(space, d as RaiseDim, ix, base.unit)).filter((t): t is RaiseTerm => t !== null);
  };

  const withTerms = (terms: Term[]): Proposal => ({ ...base, terms: [...fixed, ...terms] });
  const fixedConcrete = concreteTerms(withTerms([]));
  const fixedHealth: HealthTerm[] = fixedConcrete.health;
  const fixedPositions: PositionTerm[] = fixedConcrete.positions;
  const paidFy = fiscalYearOf(base.date);
  const current = [...currentEarners(p), ...replacementEarners(p, last)];

  const C = new Float64Array(Y);
  const C1 = new Float64Array(Y);
  const addInto = (t: Float64Array, o: Float64Array | null, offset: number, entries: Entry[]) => {
    for (const e of entries) {
      const y = yi.get(e.bookedFy);
      if (y === undefined) continue; // booked after the years costed: not in the result
      t[offset + y] += e.cents;
      if (o && e.nature === 'one-time') o[offset + y] += e.cents;
    }
  };

  // ---- Bonuses: the base proposal's, then the dimensions'.
  type BonusSpec = { axis: number; values: number; term: (v: number) => BonusTerm | null; fy: FiscalYear; id: string; via?: string; unit: string };
  const bonusSpecs: BonusSpec[] = [
    ...fixedConcrete.bonuses.map((t): BonusSpec => ({ axis: -1, values: 1, term: () => t, fy: fiscalYearOf(t.paid), id: t.id, via: t.via, unit: t.unit })),
    ...space.dimensions.filter((d): d is BonusDim => d.kind === 'bonus').map((d): BonusSpec => ({
      axis: d.valueAxis, values: radix[d.valueAxis], term: (v) => bonusTermAt(space, d, v, base.unit), fy: fiscalYearOf(d.paid), id: d.id, unit: d.unit ?? base.unit,
    })),
  ];

  // ---- Lines several groups add to (pay terms and bonuses on added positions): slots.
  const slotKeys = new Map<string, number>();
  const slotYear: number[] = [];
  const slotOneTime: number[] = [];
  const slotPct: number[] = [];
  const slotOf = (unit: string, booked: FiscalYear, oneTime: boolean, key: string): number => {
    let s = slotKeys.get(key);
    if (s === undefined) {
      s = slotYear.length;
      slotKeys.set(key, s);
      slotYear.push(yi.get(booked) as number);
      slotOneTime.push(oneTime ? 1 : 0);
      const kind = (p.units.get(unit) as Earner['unit']).kind;
      slotPct.push(statutoryRates(p, kind, booked).reduce((sum, r) => sum + r.pct, 0));
    }
    return s;
  };
  const bonusSlots = bonusSpecs.map((b) => (yi.has(b.fy) ? slotOf(b.unit, b.fy, true, `bonus|${b.id}|${b.via ?? ''}|${b.fy}`) : -1));

  // ---- Current staff: pay terms (each pay combination) and bonuses.
  const E = new Float64Array(P * Y);
  const E1 = new Float64Array(P * Y);
  const transformsOf: Transform[][] = [];
  const Bx = bonusSpecs.map((b) => new Float64Array(b.values * P));
  let earnedYears0: FiscalYear[] = [];
  for (let pc = 0; pc < P; pc++) {
    step('pay terms for current staff', pc, P);
    const terms = concreteTerms(withTerms(payTerms(pc)));
    const transforms = terms.pay.map((t, i) => toTransform(t, i, base.date));
    transformsOf.push(transforms);
    const earnedYears = range(earliestEffectiveFy(terms.pay, terms.health, baseFy), last);
    if (pc === 0) earnedYears0 = earnedYears;
    const ledger = new Ledger();
    const fullPay = costPay({ earners: current, transforms, base: baseFy, ledger, yearsFor: () => earnedYears });
    addStatutory(p, ledger);
    addInto(E, E1, pc * Y, ledger.entries());
    bonusSpecs.forEach((b, k) => {
      for (let v = 0; v < b.values; v++) {
        const t = b.term(v);
        if (!t) continue;
        const lb = new Ledger();
        addBonuses(p, lb, [t], current, fullPay);
        addStatutory(p, lb);
        Bx[k][v * P + pc] = lb.entries().filter((e) => yi.has(e.bookedFy)).reduce((s, e) => s + e.cents, 0);
      }
    });
  }
  step('pay terms for current staff', P, P);

  // ---- Terms nothing varies: health terms for current staff, programs.
  {
    const ledger = new Ledger();
    addHealthTerms(p, ledger, fixedHealth, current, earnedYears0, paidFy);
    addPrograms(ledger, fixedConcrete.programs, years);
    addInto(C, C1, 0, ledger.entries());
  }

  // ---- Groups of positions: the base proposal's (fixed), then each class-size or hire dimension.
  type GroupSpec = { axes: number[]; terms: (ix: number[]) => PositionTerm[]; label: string };
  const groupSpecs: GroupSpec[] = [];
  if (fixedPositions.length > 0) groupSpecs.push({ axes: [], terms: () => fixedPositions, label: 'the base proposal\'s positions' });
  for (const d of space.dimensions) {
    if (d.kind !== 'class-size' && d.kind !== 'hire') continue;
    groupSpecs.push({ axes: d.axes, terms: (ix) => [dimensionTerm(space, d, ix, base.unit)].filter((t): t is PositionTerm => t !== null), label: d.id });
  }
  const inexact: string[] = [];
  if (groupSpecs.length > 1 && interiorCuts(space, fixedPositions, years)) {
    inexact.push('positions start part-way through a year (a date other than July 1), which splits the other groups\' years; the fast figures may differ from the engine\'s by a cent on some lines');
  }
  let healthGroups = 0;
  const groups: PlanGroup[] = [];
  const BA: (Float64Array | null)[][] = bonusSpecs.map(() => []);
  groupSpecs.forEach((gs) => {
    const strides: number[] = [];
    let combos = 1;
    for (const a of gs.axes) {
      strides.push(combos);
      combos *= radix[a];
    }
    if (combos * P > 20_000_000) throw tooBig(space, `the dimension ${gs.label} has ${combos.toLocaleString('en-US')} combinations, times ${P.toLocaleString('en-US')} of pay terms: too many to work out in advance`);
    const G = new Float64Array(combos * P * Y);
    const G1 = new Float64Array(combos * P * Y);
    const slotCents = new Map<number, Float64Array>();
    const bonusAdded = bonusSpecs.map((b) => new Float64Array(b.values * combos * P));
    const bonusReached = bonusSpecs.map(() => false);
    let healthHere = false;
    for (let cq = 0; cq < combos; cq++) {
      step(`positions: ${gs.label}`, cq, combos);
      const ix = space.axes.map(() => 0);
      let rest = cq;
      for (const a of gs.axes) {
        ix[a] = rest % radix[a];
        rest = Math.floor(rest / radix[a]);
      }
      const terms = gs.terms(ix);
      if (terms.length === 0) continue;
      const earners = earnersOf(p, terms, years);
      const own = new Set(terms.map((t) => `${t.id}|${t.via ?? ''}`));
      // Health for the positions (no pay term changes it), and health terms of the base that reach them.
      const lh = new Ledger();
      addPositionHealth(p, lh, earners, years);
      const health = lh.entries();
      const lt = new Ledger();
      addHealthTerms(p, lt, fixedHealth, earners, earnedYears0, paidFy);
      if (lt.entries().length > 0) healthHere = true;
      health.push(...lt.entries());
      // A bonus reaches added positions only if some are in post the day it is paid (benefits.ts addBonuses).
      const bonusMayReach = bonusSpecs.map((b) => {
        const t = [...Array(b.values).keys()].map((v) => b.term(v)).find((x) => x !== null);
        if (!t || t.employedIn !== undefined) return false;
        const paidMonth = monthsBefore(t.paid, b.fy);
        return earners.some((e) => e.unit.id === t.unit && (!t.roles || t.roles.includes(e.role)) && e.segments(b.fy).some((sg) => sg.m0 <= paidMonth && paidMonth < sg.m1 && sg.headcount > 0));
      });
      for (let pc = 0; pc < P; pc++) {
        const ledger = new Ledger();
        const fullPay: FullPay = costPay({ earners, transforms: transformsOf[pc], base: baseFy, ledger, yearsFor: () => years });
        const mine = new Ledger();
        const gi = cq * P + pc;
        for (const e of ledger.entries()) {
          if (own.has(`${e.term}|${e.via ?? ''}`)) mine.add(e);
          else if (yi.has(e.bookedFy)) {
            // A pay term's line on added positions: shared by every group, its benefits rounded on the total.
            const s = slotOf(e.unit, e.bookedFy, e.nature === 'one-time', `pay|${e.term}|${e.via ?? ''}|${e.unit}|${e.bookedFy}|${e.earnedFy}`);
            let arr = slotCents.get(s);
            if (!arr) slotCents.set(s, (arr = new Float64Array(combos * P)));
            arr[gi] += e.cents;
          }
        }
        addStatutory(p, mine);
        addInto(G, G1, gi * Y, [...mine.entries(), ...health]);
        bonusSpecs.forEach((b, k) => {
          if (!bonusMayReach[k]) return;
          for (let v = 0; v < b.values; v++) {
            const t = b.term(v);
            if (!t) continue;
            const lb = new Ledger();
            addBonuses(p, lb, [t], earners, fullPay);
            const cents = lb.entries().filter((e) => yi.has(e.bookedFy)).reduce((s, e) => s + e.cents, 0);
            if (cents !== 0) {
              bonusReached[k] = true;
              bonusAdded[k][(v * combos + cq) * P + pc] = cents;
            }
          }
        });
      }
    }
    step(`positions: ${gs.label}`, combos, combos);
    if (healthHere) healthGroups++;
    const slots = [...slotCents.keys()].sort((a, b) => a - b);
    const A = new Float64Array(slots.length * combos * P);
    slots.forEach((s, k) => A.set(slotCents.get(s) as Float64Array, k * combos * P));
    groups.push({ axes: Int32Array.from(gs.axes), strides: Int32Array.from(strides), combos, G, G1: G1.some((x) => x !== 0) ? G1 : null, slots: Int32Array.from(slots), A });
    bonusSpecs.forEach((_, k) => BA[k].push(bonusReached[k] ? bonusAdded[k] : null));
  });
  if (healthGroups > 1) inexact.push('a health term of the base proposal reaches positions of more than one group; its line is rounded once in the engine and once per group here, so it may differ by a cent');

  const bonuses: PlanBonus[] = bonusSpecs.map((b, k) => ({
    axis: b.axis, values: b.values, year: yi.get(b.fy) ?? -1, Bx: Bx[k], slot: bonusSlots[k], BA: bonusSlots[k] < 0 ? [] : BA[k],
  }));

  // ---- The budget with no proposal: what a package's costs are taken from.
  const proj = project({ dataset, years, costCents: () => 0 });
  const byLabel = new Map(proj.years.map((y) => [y.fy, y]));
  const inProj = new Uint8Array(Y);
  const end0 = new Float64Array(Y);
  const committed = new Float64Array(Y);
  const exp0 = new Float64Array(Y);
  years.forEach((fy, i) => {
    const y = byLabel.get(fyLabel(fy));
    if (!y) return;
    inProj[i] = 1;
    end0[i] = y.endingBalanceCents;
    committed[i] = y.committedCents;
    exp0[i] = y.baselineExpenditureCents;
  });
  const required = dataset.district.requiredReservePct;
  const reserveTested = new Uint8Array(Y);
  years.forEach((fy, i) => {
    if (inProj[i] === 1 && (space.reserve.from === undefined || fy >= space.reserve.from) && (space.reserve.through === undefined || fy <= space.reserve.through)) reserveTested[i] = 1;
  });

  // ---- Checks: the reserve, then each side's limits.
  const checks: CheckInfo[] = [];
  const problems: Problem[] = [];
  const sides = (['union', 'district'] as Party[]).filter((s) => input.limits[s]);
  const reserveSets: { req: number; source: CheckSource; margin: number }[] = [{ req: space.reserve.marginPct === 0 ? required : required + space.reserve.marginPct, source: 'reserve', margin: space.reserve.marginPct }];
  for (const s of sides) {
    const m = input.limits[s]?.reserveMarginPct;
    if (m !== undefined) reserveSets.push({ req: required + m, source: s, margin: m });
  }
  for (const r of reserveSets) {
    for (const fy of years) checks.push({ source: r.source, label: `reserve in ${fyLabel(fy)} below ${fmtPct(required)}${r.margin ? ` + ${fmtPct(r.margin)}` : ''} of expenditures` });
  }
  const ceilingRows = (pick: (l: Limits) => Limits['maxPerYear'], what: string) => {
    const rows: number[] = [];
    for (const s of sides) {
      const l = input.limits[s] as Limits;
      const c = pick(l);
      if (!c) continue;
      for (const fy of c.byYear.keys()) if (!yi.has(fy)) problems.push(limitsProblem(l, [...c.path, fyLabel(fy)], 'year-not-costed', `${fyLabel(fy)} is not one of the years costed (${fyLabel(years[0])} to ${fyLabel(last)})`));
      for (const fy of years) {
        const cap = c.byYear.get(fy) ?? c.all ?? Infinity;
        rows.push(cap);
        checks.push({ source: s, label: `${what} in ${fyLabel(fy)} above ${Number.isFinite(cap) ? dollars(cap) : 'no limit'}` });
      }
    }
    return Float64Array.from(rows);
  };
  const capYear = ceilingRows((l) => l.maxPerYear, 'cost');
  const capOngoing = ceilingRows((l) => l.maxOngoingPerYear, 'ongoing cost');
  const totals: number[] = [];
  for (const s of sides) {
    const cap = input.limits[s]?.maxTotalCents;
    if (cap === undefined) continue;
    totals.push(cap);
    checks.push({ source: s, label: `total cost ${fyLabel(years[0])} to ${fyLabel(last)} above ${dollars(cap)}` });
  }

  // ---- Measures: the union's priorities, each dimension's value and each axis's.
  const payMeasure = new Float64Array(P);
  for (let pc = 0; pc < P; pc++) payMeasure[pc] = compoundedRaise([...fixed, ...payTerms(pc)], base.unit);
  const additive = (axes: number[], w: (a: number) => number[]): AdditiveMeasure => ({ axes: Int32Array.from(axes), w: axes.map((a) => Float64Array.from(w(a))) });
  const valuesOf = (a: number) => space.axes[a].values;
  const measureDefs = new Map<string, { pay: Float64Array } | AdditiveMeasure>();
  measureDefs.set('pay', { pay: payMeasure });
  const csAxes = space.dimensions.filter((d) => d.kind === 'class-size').flatMap((d) => d.axes);
  const ssAxes = space.dimensions.filter((d): d is HireDim => d.kind === 'hire' && d.priority === SUPPORT).flatMap((d) => d.axes);
  measureDefs.set('classSize', additive(csAxes, valuesOf));
  measureDefs.set('supportStaff', additive(ssAxes, valuesOf));
  for (const d of space.dimensions) {
    const ax = d.kind === 'raise' ? [d.pctAxis] : d.kind === 'bonus' ? [d.valueAxis] : d.axes;
    measureDefs.set(d.id, additive(ax, valuesOf));
  }
  space.axes.forEach((a, k) => {
    if (a.unit !== 'date' && !measureDefs.has(a.id)) measureDefs.set(a.id, additive([k], valuesOf));
  });
  const measureKeys: string[] = [];
  const measures: Plan['measures'] = [];
  const boundMeasure: number[] = [];
  const boundValue: number[] = [];
  const boundAtLeast: number[] = [];
  for (const s of sides) {
    const l = input.limits[s] as Limits;
    for (const [list, atLeast] of [[l.atLeast, true], [l.atMost, false]] as const) {
      for (const b of list) {
        const def = measureDefs.get(b.key);
        if (!def) {
          problems.push(limitsProblem(l, b.path, 'unknown-key', `"${b.key}" is not a priority or a dimension of the space`, `one of: pay, classSize, supportStaff, ${[...measureDefs.keys()].filter((k) => !['pay', 'classSize', 'supportStaff'].includes(k)).join(', ')}`));
          continue;
        }
        let m = measureKeys.indexOf(b.key);
        if (m < 0) {
          m = measureKeys.length;
          measureKeys.push(b.key);
          measures.push(def);
        }
        boundMeasure.push(m);
        boundValue.push(b.value);
        boundAtLeast.push(atLeast ? 1 : 0);
        checks.push({ source: s, label: `${measureLabel(b.key)} ${atLeast ? 'below' : 'above'} ${b.value}` });
      }
    }
  }
  if (problems.length > 0) throw new InvalidInput(problems);

  // ---- Frontiers of cost against each priority.
  const fronts: Meta['fronts'] = [];
  const frontDefs: Plan['fronts'] = [];
  const addFront = (priority: PriorityKey, axes: number[], label: string, unit: string) => {
    if (axes.length === 0) return;
    const strides: number[] = [];
    let levels = 1;
    for (const a of axes) {
      strides.push(levels);
      levels *= radix[a];
    }
    if (levels > 4_000_000) return;
    fronts.push({ priority, axes, label, unit });
    frontDefs.push({ axes: Int32Array.from(axes), strides: Int32Array.from(strides), levels });
  };
  addFront('pay', payAxes, 'pay (raise, compounded)', '%');
  addFront('class-size', csAxes, 'class size (students fewer)', 'students');
  addFront('support-staff', ssAxes, 'support staff (positions added)', 'positions');

  // ---- Nearest package to each side's latest proposal.
  const targets: Meta['targets'] = [];
  const sideDefs: Plan['sides'] = [];
  for (const party of ['union', 'district'] as Party[]) {
    const prop = input.latest[party];
    if (!prop) continue;
    const values = proposalPoint(p, space, base, prop, years);
    targets.push({ party, values });
    sideDefs.push({
      w: space.axes.map((a, k) => {
        const target = values[k];
        if (target === null || a.unit === 'date') return new Float64Array(a.values.length);
        const span = Math.max(...a.values) - Math.min(...a.values) || 1;
        return Float64Array.from(a.values.map((v) => ((v - target) / span) ** 2));
      }),
    });
  }

  const levels = levelsOf(space).map((axes) => {
    const st: number[] = [];
    let n = 1;
    for (const a of axes) {
      st.push(n);
      n *= radix[a];
    }
    return { axes: Int32Array.from(axes), strides: Int32Array.from(st) };
  });
  const plan: Plan = {
    size: space.size, radix, order: Int32Array.from(axisOrder(space)), levels, Y, P, payAxes: Int32Array.from(payAxes), payStrides: Int32Array.from(payStrides), C, C1, E, E1, groups, bonuses,
    slotYear: Int32Array.from(slotYear), slotOneTime: Uint8Array.from(slotOneTime), slotPct: Float64Array.from(slotPct),
    inProj, end0, committed, exp0,
    reserveReq: Float64Array.from(reserveSets.map((r) => r.req)), reserveTested,
    capYear, capOngoing, capTotal: Float64Array.from(totals),
    boundMeasure: Int32Array.from(boundMeasure), boundValue: Float64Array.from(boundValue), boundAtLeast: Uint8Array.from(boundAtLeast),
    measures, fronts: frontDefs, sides: sideDefs,
    sampleSeed: input.seed ?? 2019, sampleK: input.samples ?? 5,
    nearCents: 100_000, nearK: 20,
  };
  const measureOf = (key: string, ix: number[]): number => {
    const def = measureDefs.get(key);
    if (!def) return NaN;
    if ('pay' in def) {
      let pc = 0;
      payAxes.forEach((a, k) => (pc += ix[a] * payStrides[k]));
      return def.pay[pc];
    }
    let x = 0;
    def.axes.forEach((a, k) => (x += def.w[k][ix[a]]));
    return x;
  };
  return {
    plan,
    meta: {
      years, checks, fronts, sides: targets.map((t) => t.party), exact: inexact.length === 0, inexact, requiredPct: required,
      reserveTested: years.filter((_, i) => reserveTested[i] === 1), measureOf, targets, fixedTerms: fixed,
    },
  };
}

export function measureLabel(key: string): string {
  return key === 'pay' ? 'pay (raise, compounded, %)' : key === 'classSize' ? 'class size (students fewer)' : key === 'supportStaff' ? 'support staff (positions added)' : key;
}

const fmtPct = (x: number) => `${Number(x.toFixed(4))}%`;
const dollars = (cents: number) => `$${wholeDollars(cents).toLocaleString('en-US')}`;

function tooBig(space: Space, message: string): InvalidInput {
  return new InvalidInput([{ code: 'zone.too-large', message, where: { file: space.file, line: space.locate(['dimensions']).line, col: space.locate(['dimensions']).col, field: 'dimensions' }, hint: 'larger steps, or fewer values on the raise axes' }]);
}


/** Added positions as the engine makes them (cost.ts): one earner per term, role and cohort. */
function earnersOf(p: Prepared, terms: PositionTerm[], years: FiscalYear[]): Earner[] {
  const slices = addedPositions(p, terms, years, () => ({}));
  return groupSlices(slices).flatMap((s) => addedEarners(p, s.term, s.role, s.slices));
}

/** Whether any position term starts part-way through a fiscal year (which cuts every term's year there). */
function interiorCuts(space: Space, fixed: PositionTerm[], years: FiscalYear[]): boolean {
  const dates: string[] = [];
  for (const t of fixed) dates.push(...(t.kind === 'class-size' ? t.caps.map((c) => c.from) : t.phases.map((ph) => ph.from)));
  for (const d of space.dimensions) if (d.kind === 'class-size' || d.kind === 'hire') dates.push(...d.phases.map((ph) => ph.from));
  return dates.some((dt) => years.some((fy) => {
    const m = monthsBefore(dt, fy);
    return m > 0 && m < 12;
  }));
}

/** Checks the dimensions against the base proposal and the dataset, pointing at the space file. */
function checkSpace(p: Prepared, space: Space, base: Proposal, fixed: Term[]): void {
  const problems: Problem[] = [];
  const at = (path: Path, code: string, message: string, hint?: string) => {
    const pos = space.locate(path);
    problems.push({ code: `zone.${code}`, message, where: { file: space.file, line: pos.line, col: pos.col, field: pathLabel(path) }, hint });
  };
  const units = [...p.units.keys()];
  const rolesOf = (unit: string) => [...p.roles].filter((r) => r.startsWith(`${unit}|`)).map((r) => r.split('|')[1]);
  const dimIds = new Set(space.dimensions.map((d) => d.id));
  for (const t of fixed) {
    if (t.kind === 'me-too') for (const ref of t.terms) if (dimIds.has(ref)) {
      const d = space.dimensions.find((x) => x.id === ref) as Dimension;
      at([...d.path, 'id'], 'me-too-dimension', `the base proposal's me-too clause "${t.id}" passes on "${ref}", which this dimension varies; the zone cannot vary a term another unit copies`, `another id, such as ${ref}-zone`);
    }
  }
  const baseCaps = new Map<string, number>();
  for (const s of p.dataset.district.parameters.classSize.spans) for (const g of s.grades) baseCaps.set(g, s.cap);
  const capped = new Map<string, string>();
  for (const t of fixed) if (t.kind === 'class-size') for (const c of t.caps) for (const g of c.grades) capped.set(`${t.unit}|${g}`, `the base proposal's term "${t.id}"`);
  space.dimensions.forEach((d) => {
    const unit = d.unit ?? base.unit;
    if (!p.units.has(unit)) {
      at([...d.path, 'unit'], 'unknown-unit', `the dataset has no bargaining unit "${unit}"`, `unit: ${units[0]}   (one of: ${units.join(', ')})`);
      return;
    }
    if ((d.kind === 'raise' || d.kind === 'bonus') && d.roles) {
      d.roles.forEach((r, k) => {
        if (!p.roles.has(`${unit}|${r}`)) at([...d.path, 'roles', k], 'unknown-role', `no ${unit} staff have the role "${r}"`, `one of: ${rolesOf(unit).slice(0, 12).join(', ')}`);
      });
    }
    if (d.kind === 'class-size') {
      const max = d.phases.reduce((s, ph) => s + Math.max(...space.axes[ph.axis].values), 0) + d.highNeedExtra;
      for (const g of d.grades) {
        const where = capped.get(`${unit}|${g}`);
        if (where) {
          at([...d.path, 'grades'], 'class-size-twice', `grade ${g} is already capped by ${where}; give this dimension that term's id to replace it, or cap other grades`, `id: ${where.match(/"(.*)"/)?.[1] ?? 'class-size'}`);
          return;
        }
        capped.set(`${unit}|${g}`, `dimension "${d.id}"`);
        const cap = baseCaps.get(g);
        if (cap === undefined) {
          at([...d.path, 'grades'], 'no-baseline-cap', `grade ${g} has no class-size cap in the current contract (classSize in district.yaml), so there is nothing to reduce`, 'grades: 4-12');
          return;
        }
        if (cap - max < 1) {
          at([...d.path, 'reduceBy'], 'cap-below-one', `at its largest, the reduction (${max} students, with highNeedExtra) would bring grade ${g}'s cap of ${cap} below 1`, 'smaller reductions');
          return;
        }
      }
    }
    if (d.kind === 'hire') {
      const own = p.dataset.district.parameters.newHirePlacement[d.role];
      if (!p.roles.has(`${unit}|${d.role}`) && !(own && own.unit === unit)) {
        at([...d.path, 'role'], 'unknown-role', `no ${unit} staff have the role "${d.role}", and district.yaml gives no new-hire placement for it`, `one of: ${rolesOf(unit).slice(0, 12).join(', ')}`);
      } else if (!placementFor(p, unit, d.role)) {
        at([...d.path, 'role'], 'no-placement', `the dataset says nowhere where a new ${d.role} in ${unit} is placed on the salary schedule`, `add parameters.newHirePlacement.${d.role} to district.yaml`);
      }
      if (d.schools && !p.schools.some((s) => (!d.schools?.types || d.schools.types.includes(s.type)) && (!d.schools?.highNeedOnly || s.highNeed))) {
        at([...d.path, 'schools'], 'no-matching-school', `no school in the dataset matches ${JSON.stringify(d.schools)}`, 'schools: { types: [elementary, middle] }');
      }
    }
  });
  if (problems.length > 0) throw new InvalidInput(problems);
}

/**
 * Where a proposal sits on each axis: its raise for a raise dimension's year, its bonus, the
 * class-size reduction it adds in each year, the positions of the role it adds in each year.
 * `null` where it says nothing that the axis measures (date axes).
 */
function proposalPoint(p: Prepared, space: Space, base: Proposal, prop: Proposal, years: FiscalYear[]): (number | null)[] {
  const out: (number | null)[] = space.axes.map(() => null);
  const terms = concreteTerms(prop);
  const slices = addedPositions(p, terms.positions, years, () => ({}));
  // Year-end FTE added by role, by year.
  const fteBy = new Map<string, number>();
  for (const s of slices) if (s.m1 === 12) fteBy.set(`${s.role}|${s.fy}`, (fteBy.get(`${s.role}|${s.fy}`) ?? 0) + s.fte);
  const baseCaps = new Map<string, number>();
  for (const s of p.dataset.district.parameters.classSize.spans) for (const g of s.grades) baseCaps.set(g, s.cap);
  for (const d of space.dimensions) {
    const unit = d.unit ?? base.unit;
    switch (d.kind) {
      case 'raise': {
        const fy = fiscalYearOf(d.effective[0]);
        let f = 1;
        for (const t of prop.terms) if (t.kind === 'raise' && t.unit === unit && fiscalYearOf(t.effective) === fy) f *= 1 + t.pct / 100;
        out[d.pctAxis] = (f - 1) * 100;
        break;
      }
      case 'bonus': {
        const fy = fiscalYearOf(d.paid);
        let x = 0;
        for (const t of prop.terms) if (t.kind === 'bonus' && t.unit === unit && fiscalYearOf(t.paid) === fy) x += (d.basis === 'pct' ? t.pct : t.amount) ?? 0;
        out[d.valueAxis] = x;
        break;
      }
      case 'class-size': {
        const g = d.grades.find((x) => baseCaps.has(x)) ?? d.grades[0];
        const cap = baseCaps.get(g) ?? 0;
        let before = 0;
        for (const ph of d.phases) {
          let cum = 0;
          for (const t of prop.terms) {
            if (t.kind !== 'class-size' || t.unit !== unit) continue;
            for (const c of t.caps) if (c.grades.includes(g) && c.from <= ph.from) cum = c.reduceBy ?? Math.max(0, cap - (c.cap ?? cap));
          }
          out[ph.axis] = cum - before;
          before = cum;
        }
        break;
      }
      case 'hire': {
        const each = placementFor(p, unit, d.role)?.fte ?? 1;
        for (const ph of d.phases) {
          const fy = fiscalYearOf(ph.from);
          out[ph.axis] = ((fteBy.get(`${d.role}|${fy}`) ?? 0) - (fteBy.get(`${d.role}|${fy - 1}`) ?? 0)) / each;
        }
        break;
      }
    }
  }
  return out;
}
