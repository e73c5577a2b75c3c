import type { CostKind, CostResult } from '../../costing/result.ts';

/** Cents of one category in one year, split as the disclosure form asks. */
export interface Amounts {
  oneTime: number;
  ongoing: number;
  total: number;
}

export interface CategoryRow {
  kind: CostKind;
  /** The status quo of this category in the current year (for `other`, total compensation). */
  priorCents: number;
  years: Amounts[];
}

/**
 * Section A: the agreement's cost in the current year and the two after it, by category, each
 * split into one-time and ongoing, beside the cost prior to the agreement (the current year's
 * status quo). Every figure is a sum of the engine's cost lines or its status quo; nothing is
 * re-costed here.
 */
export interface Compensation {
  /** The current year (the dataset's base year) and the two after it. */
  years: string[];
  /** Units whose status quo is the cost prior to the agreement: the unit, and any other unit a term reaches. */
  units: string[];
  prior: { salaryCents: number; statutoryCents: number; healthCents: number; totalCents: number };
  categories: CategoryRow[];
  /** Status-quo salary growth from step and column: this year's status quo less last year's (null for the current year). */
  stepAndColumn: (number | null)[];
  /** Salaries + statutory benefits + health and welfare. */
  totalCompensation: Amounts[];
  /** Every line of the year: equals the engine's total, one-time and ongoing cents. */
  total: Amounts[];
  /** Part of each year's total that falls on units other than the disclosed one (me-too clauses, terms naming them). */
  otherUnitsCents: number[];
  otherUnits: string[];
  fteAdded: number[];
}

export const KINDS: CostKind[] = ['salary', 'statutory', 'health', 'other'];

const sum = (xs: Amounts[]): Amounts => ({
  oneTime: xs.reduce((s, x) => s + x.oneTime, 0),
  ongoing: xs.reduce((s, x) => s + x.ongoing, 0),
  total: xs.reduce((s, x) => s + x.total, 0),
});

export function compensation(result: CostResult): Compensation {
  const years = result.years.slice(0, 3);
  const unit = result.proposal.unit;
  const reached = [...new Set(result.years.flatMap((y) => y.lines.map((l) => l.unit)))].filter((u) => u !== '' && u !== unit).sort();
  const units = [unit, ...reached];
  const statusQuo = (i: number) => result.baseline[i].byUnit.filter((b) => units.includes(b.unit));
  const base = statusQuo(0);
  const prior = {
    salaryCents: base.reduce((s, b) => s + b.salaryCents, 0),
    statutoryCents: base.reduce((s, b) => s + b.statutoryCents, 0),
    healthCents: base.reduce((s, b) => s + b.healthCents, 0),
    totalCents: 0,
  };
  prior.totalCents = prior.salaryCents + prior.statutoryCents + prior.healthCents;
  const priorOf: Record<CostKind, number> = { salary: prior.salaryCents, statutory: prior.statutoryCents, health: prior.healthCents, other: prior.totalCents };

  const categories = KINDS.map((kind) => ({
    kind,
    priorCents: priorOf[kind],
    years: years.map((y) => {
      const lines = y.lines.filter((l) => l.kind === kind);
      const oneTime = lines.filter((l) => l.nature === 'one-time').reduce((s, l) => s + l.cents, 0);
      const ongoing = lines.filter((l) => l.nature === 'ongoing').reduce((s, l) => s + l.cents, 0);
      return { oneTime, ongoing, total: oneTime + ongoing };
    }),
  }));
  const salaryOf = (i: number) => statusQuo(i).reduce((s, b) => s + b.salaryCents, 0);
  return {
    years: years.map((y) => y.fy),
    units,
    prior,
    categories,
    stepAndColumn: years.map((_, i) => (i === 0 ? null : salaryOf(i) - salaryOf(i - 1))),
    totalCompensation: years.map((_, i) => sum(categories.filter((c) => c.kind !== 'other').map((c) => c.years[i]))),
    total: years.map((y) => ({ oneTime: y.oneTimeCents, ongoing: y.ongoingCents, total: y.totalCents })),
    otherUnitsCents: years.map((y) => y.lines.filter((l) => l.unit !== unit && l.unit !== '').reduce((s, l) => s + l.cents, 0)),
    otherUnits: reached,
    fteAdded: years.map((y) => y.fteAdded),
  };
}

/** A cost as a percentage of the cost prior to the agreement (null when there was none). */
export function pctOf(cents: number, priorCents: number): number | null {
  return priorCents === 0 ? null : (cents / priorCents) * 100;
}
