import { fiscalYearOf } from '../calendar/fiscal-year.ts';
import { describeTerm } from '../proposals/describe.ts';
import type { BonusTerm, CapPhase, ClassSizeTerm, HireTerm, Proposal, RaiseTerm, Term } from '../proposals/types.ts';
import type { BonusDim, ClassSizeDim, Dimension, HireDim, RaiseDim, Space } from './space.ts';

/**
 * The grid of packages: package number ↔ one value on every axis (see `levelsOf`), and a
 * package as a proposal: the base proposal's terms, less the
 * ones a dimension replaces (same id), then one term per dimension, in the space's order.
 * A dimension whose value is zero adds no term.
 */

/**
 * The levels of the grid, outermost first: the raise dimensions' axes together, then each
 * class-size and hiring dimension's axes, then each bonus dimension's (in the space's order
 * within each kind). Packages are numbered like nested loops over the levels (the last level
 * changes fastest; within a level, its first axis). The evaluator keeps the sums of the outer
 * levels while the inner ones change, and a bonus is the cheapest to change.
 */
export function levelsOf(space: Space): number[][] {
  const of = (kinds: string[]) => space.dimensions.filter((d) => kinds.includes(d.kind)).map((d) => d.axes);
  return [of(['raise']).flat(), ...of(['class-size', 'hire']), ...of(['bonus'])];
}

/** Axes from the fastest-changing to the slowest. */
export function axisOrder(space: Space): number[] {
  return [...levelsOf(space)].reverse().flat();
}

/** Axis indexes of package `index`. */
export function decode(space: Space, index: number): number[] {
  const ix: number[] = space.axes.map(() => 0);
  let rest = index;
  for (const a of axisOrder(space)) {
    const n = space.axes[a].values.length;
    ix[a] = rest % n;
    rest = Math.floor(rest / n);
  }
  return ix;
}

export function encode(space: Space, ix: number[]): number {
  let index = 0;
  let s = 1;
  for (const a of axisOrder(space)) {
    index += ix[a] * s;
    s *= space.axes[a].values.length;
  }
  return index;
}

/** The base proposal's terms that stay fixed: all but those a dimension replaces. */
export function fixedTerms(space: Space, base: Proposal): Term[] {
  const replaced = new Set(space.dimensions.map((d) => d.id));
  return base.terms.filter((t) => !replaced.has(t.id));
}

const value = (space: Space, ix: number[], axis: number) => space.axes[axis].values[ix[axis]];

function titled<T extends Term>(d: Dimension, t: Omit<T, 'title'>): T {
  const term = { ...t, title: '' } as T;
  return { ...term, title: d.title ?? describeTerm(term) };
}

export function raiseTerm(space: Space, d: RaiseDim, ix: number[], unit: string): RaiseTerm | null {
  const pct = value(space, ix, d.pctAxis);
  if (pct === 0) return null;
  const effective = d.effective[d.effectiveAxis === null ? 0 : ix[d.effectiveAxis]];
  return titled<RaiseTerm>(d, {
    kind: 'raise', id: d.id, unit: d.unit ?? unit, pct, effective,
    ...(d.paid ? { paid: d.paid } : {}), ...(d.roles ? { roles: d.roles } : {}),
  });
}

/** A bonus dimension's term at value index `v` of its axis. */
export function bonusTermAt(space: Space, d: BonusDim, v: number, unit: string): BonusTerm | null {
  const x = space.axes[d.valueAxis].values[v];
  if (x === 0) return null;
  return titled<BonusTerm>(d, {
    kind: 'bonus', id: d.id, unit: d.unit ?? unit, ...(d.basis === 'pct' ? { pct: x } : { amount: x }), paid: d.paid,
    ...(d.employedIn !== undefined ? { employedIn: d.employedIn } : {}), ...(d.roles ? { roles: d.roles } : {}),
  });
}

/** Class-size phases: each year's reduction adds to the years before (students fewer than the current contract's cap). */
export function classSizeTerm(space: Space, d: ClassSizeDim, ix: number[], unit: string): ClassSizeTerm | null {
  const caps: CapPhase[] = [];
  let total = 0;
  for (const ph of d.phases) {
    const step = value(space, ix, ph.axis);
    if (step === 0) continue;
    total += step;
    caps.push({
      grades: d.grades, from: ph.from, reduceBy: total,
      ...(d.measure ? { measure: d.measure } : {}), ...(d.highNeedExtra > 0 ? { highNeedReduceBy: total + d.highNeedExtra } : {}),
    });
  }
  if (caps.length === 0) return null;
  return titled<ClassSizeTerm>(d, { kind: 'class-size', id: d.id, unit: d.unit ?? unit, caps });
}

export function hireTerm(space: Space, d: HireDim, ix: number[], unit: string): HireTerm | null {
  const phases = d.phases.map((ph) => ({ from: ph.from, count: value(space, ix, ph.axis) })).filter((ph) => ph.count > 0);
  if (phases.length === 0) return null;
  return titled<HireTerm>(d, { kind: 'hire', id: d.id, unit: d.unit ?? unit, role: d.role, ...(d.schools ? { schools: d.schools } : {}), phases });
}

export function dimensionTerm(space: Space, d: Dimension, ix: number[], unit: string): Term | null {
  switch (d.kind) {
    case 'raise':
      return raiseTerm(space, d, ix, unit);
    case 'bonus':
      return bonusTermAt(space, d, ix[d.valueAxis], unit);
    case 'class-size':
      return classSizeTerm(space, d, ix, unit);
    case 'hire':
      return hireTerm(space, d, ix, unit);
  }
}

/** Package `index` as a proposal that `settle cost` can cost. */
export function packageProposal(space: Space, base: Proposal, index: number): Proposal {
  const ix = decode(space, index);
  const terms = [...fixedTerms(space, base)];
  for (const d of space.dimensions) {
    const t = dimensionTerm(space, d, ix, base.unit);
    if (t) terms.push(t);
  }
  return { ...base, id: `${base.id}-zone-${index}`, title: `${base.title} — zone package ${index}`, terms };
}

/** A dimension's value in a package: the raise or bonus, or the sum over its years (students fewer, positions). */
export function dimensionValue(space: Space, d: Dimension, ix: number[]): number {
  switch (d.kind) {
    case 'raise':
      return value(space, ix, d.pctAxis);
    case 'bonus':
      return value(space, ix, d.valueAxis);
    case 'class-size':
    case 'hire':
      return d.phases.reduce((s, ph) => s + value(space, ix, ph.axis), 0);
  }
}

/** The value of every axis in a package, as written (dates for effective-date axes). */
export function axisValues(space: Space, ix: number[]): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  space.axes.forEach((a, k) => {
    out[a.id] = a.dates ? a.dates[ix[k]] : a.values[ix[k]];
  });
  return out;
}

/** Compounded percent of the raises for the whole unit (no roles) among `terms`. */
export function compoundedRaise(terms: Term[], unit: string): number {
  let f = 1;
  for (const t of terms) if (t.kind === 'raise' && t.unit === unit && !t.roles) f *= 1 + t.pct / 100;
  return Math.round((f - 1) * 100 * 1e6) / 1e6;
}

/** Fiscal year a dimension's raise takes effect in (its first effective date). */
export function raiseYear(d: RaiseDim): number {
  return fiscalYearOf(d.effective[0]);
}
