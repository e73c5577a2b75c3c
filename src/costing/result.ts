import type { Party, TermKind } from '../proposals/types.ts';
import type { ProjectionYear, Certification } from '../projection/project.ts';

/** One input of a computation, as shown in a trace. */
export interface TraceInput {
  name: string;
  value: string | number;
  unit?: 'usd' | 'cents' | 'percent' | 'fte' | 'count' | 'months' | 'date' | 'text';
}

/** How a line was made: the formula in words and the inputs that went into it. */
export interface Trace {
  formula: string;
  inputs: TraceInput[];
}

export type CostKind = 'salary' | 'statutory' | 'health' | 'other';
export type Nature = 'ongoing' | 'one-time';

export interface CostLine {
  /** Id of the proposal term that causes this cost. */
  term: string;
  termTitle: string;
  termKind: TermKind;
  /** For a me-too clause: the id of the term it passes on to another unit; otherwise null. */
  via: string | null;
  /** Cost category, as in a public disclosure: salary, statutory benefits, health and welfare, other. */
  kind: CostKind;
  nature: Nature;
  unit: string;
  /** `added` when the cost falls on positions another term adds (an interaction). */
  population: 'existing' | 'added';
  /** For retroactive pay: the fiscal year in which it was earned. */
  earnedFy: string | null;
  cents: number;
  /** FTE the line covers (positions added, or staff whose pay changes). */
  fte: number;
  label: string;
  trace: Trace;
}

export interface YearCost {
  fy: string;
  lines: CostLine[];
  totalCents: number;
  ongoingCents: number;
  oneTimeCents: number;
  byKind: Record<CostKind, number>;
  /** FTE added by the proposal, in force at the end of the year. */
  fteAdded: number;
}

/** The status quo: what current staff cost each year with step and column, before any proposal. */
export interface BaselineYear {
  fy: string;
  /** Step and column pay of the people on the payroll that year: those who stay and those hired in place of leavers. */
  salaryCents: number;
  /**
   * How much less that is than if nobody left (everyone in post moving up their steps): the
   * savings from replacing leavers at the new-hire placement. Already taken out of salaryCents;
   * 0 where no unit has attrition.
   */
  turnoverSavingsCents: number;
  statutoryCents: number;
  healthCents: number;
  totalCents: number;
  fte: number;
  byUnit: { unit: string; salaryCents: number; turnoverSavingsCents: number; statutoryCents: number; healthCents: number; fte: number }[];
}

export interface PositionAdded {
  fy: string;
  term: string;
  school: string;
  role: string;
  fte: number;
}

/** A sum of added cost over named fiscal years, from and to inclusive: every total says which years it covers. */
export interface YearsTotal {
  from: string;
  to: string;
  cents: number;
}

/**
 * A date in the proposal after the last year costed (a step or term allowed with `outsideTerm:
 * true`, or a bonus or back pay paid then): what it sets from that date is in no year and no total.
 */
export interface NotCosted {
  /** Id of the term. */
  term: string;
  /** Where the date is, e.g. `terms[6].caps[2].from`. */
  field: string;
  date: string;
  /** The sentence every surface prints. */
  message: string;
}

export interface CostResult {
  proposal: { id: string; title: string; party: Party; unit: string; date: string; term: { start: string; end: string } };
  district: { name: string; cdsCode: string; baseFiscalYear: string; requiredReservePct: number };
  years: YearCost[];
  /** The added cost over every year costed (the first and last of `years`). */
  total: YearsTotal;
  /** The added cost over the contract's own fiscal years (those of its term's start and end, and between), as far as they are costed. */
  contractTotal: YearsTotal;
  baseline: BaselineYear[];
  positions: PositionAdded[];
  projection: ProjectionYear[];
  firstShortYear: string | null;
  /** `not-certified` when the dataset's budget lacks one of `certificationYears` (listed in `missingYears`). */
  certification: Certification;
  /** The fiscal year of the proposal's date and the two after it: the years the certification covers. */
  certificationYears: string[];
  /** Certification years the dataset's budget does not reach; `missingHint` says how to supply them. */
  missingYears: string[];
  missingHint: string | null;
  /** Contract years after the certification years whose reserve falls short of the minimum. */
  laterShortYears: string[];
  /** Set when the proposal is dated in another fiscal year than the dataset's data (costed with allowOtherYear). */
  otherYear: { datasetYear: string; proposalYear: string } | null;
  nonCostTerms: { id: string; title: string; text: string }[];
  /** Dates after the last year costed, each left out of every year and total, and saying so. */
  notCosted: NotCosted[];
}
