import { UNIT_STATUSES, type UnitStatus } from './statuses.ts';
import { agreementPayUntil, fiscalYearOf, isIsoDate } from '../../calendar/fiscal-year.ts';
import type { CostResult, NotCosted, YearsTotal } from '../../costing/result.ts';
import type { Dataset, UnitKind } from '../../district/types.ts';
import type { Certification, ProjectionYear } from '../../projection/project.ts';
import type { Proposal } from '../../proposals/types.ts';
import { costByTerm } from '../charts.ts';
import { budgetRevisions, deficitYears, type BudgetRevision, type DeficitYear } from './budget.ts';
import { compensation, type Compensation } from './compensation.ts';
import { addDays } from './dates.ts';
import { outcomeWithout, projectionWithout } from './without.ts';

export { UNIT_STATUSES, type UnitStatus };

export interface DisclosureOptions {
  /** Board meeting at which the agreement is disclosed (default: the proposal's date). */
  boardDate?: string;
  /** Status of the district's other bargaining units, by unit id (default: pending). */
  unitStatus?: Record<string, UnitStatus>;
  /** A reopener of an existing agreement rather than a new agreement. */
  reopener?: boolean;
}

export interface UnitFacts {
  id: string;
  name: string;
  kind: UnitKind;
  union: string;
  /** Σ fte × count of the unit's rows in staff.csv. */
  fte: number;
}

/** Everything a public disclosure (Government Code 3547.5) shows, taken from the dataset, the proposal and the engine's result. */
export interface DisclosureModel {
  district: { name: string; cdsCode: string; baseFiscalYear: string; requiredReservePct: number };
  unit: UnitFacts;
  proposal: { id: string; title: string; party: string; date: string; summary: string | null; sources: string[] };
  agreement: 'new' | 'reopener';
  term: { start: string; end: string; years: number };
  boardDate: string;
  boardDateGiven: boolean;
  budgetRevisionDue: string;
  otherUnits: (UnitFacts & { status: UnitStatus })[];
  /** Each term of the agreement with its cost in each costed year (me-too costs under the me-too term). */
  provisions: { id: string; title: string; kind: string; unit: string; note: string | null; cents: number[] }[];
  costYears: string[];
  /** Per cost year: past the district's own budget (extrapolated), so marked wherever it appears. */
  costYearsExtrapolated: boolean[];
  costTotals: number[];
  /** The agreement's added cost over every year costed, and over its own contract years: each names its years. */
  total: YearsTotal;
  contractTotal: YearsTotal;
  compensation: Compensation;
  nonCost: { id: string; title: string; text: string }[];
  /** Dates after the last year costed: in no year and no total (the engine's `notCosted`). */
  notCosted: NotCosted[];
  deficit: DeficitYear[];
  withAgreement: ProjectionYear[];
  withoutAgreement: ProjectionYear[];
  firstShortYear: string | null;
  certification: Certification;
  /** The years the certification covers (the agreement's fiscal year and the two after it), those the budget lacks, how to add them. */
  certificationYears: string[];
  missingYears: string[];
  missingHint: string | null;
  /** Contract years after the certification years whose reserve falls short, with the agreement. */
  laterShortYears: string[];
  /** Set when the proposal was costed on data of another year (a what-if). */
  otherYear: CostResult['otherYear'];
  without: { firstShortYear: string | null; certification: Certification };
  revisions: BudgetRevision[];
}

/** Σ fte × count of a unit's staff rows, kept to 4 decimals so that float noise never shows. */
export function unitFte(dataset: Dataset, unit: string): number {
  const fte = dataset.staff.filter((s) => s.unit === unit).reduce((s, r) => s + r.fte * r.count, 0);
  return Math.round(fte * 10000) / 10000;
}

/**
 * Why a board meeting date cannot be this agreement's, or null: the board discloses an agreement
 * once it is reached (on or after the agreement's date) and before its contract ends; a date
 * outside that (a typo in the year, say) would put a budget-revision deadline on the
 * certification page before the agreement existed or after its last year.
 */
export function boardDateProblem(boardDate: string, proposal: Pick<Proposal, 'date' | 'term'>): string | null {
  if (!isIsoDate(boardDate)) return `board date must be a date written YYYY-MM-DD, for example ${proposal.date}; got ${JSON.stringify(boardDate)}`;
  // An agreement reached after its contract ended (settled late, paid back to its start) is
  // disclosed too: then the board has up to a year after the agreement.
  const late = proposal.date > proposal.term.end;
  const latest = agreementPayUntil(proposal);
  const range = `give a date from ${proposal.date} (the agreement's date) to ${latest} (${late ? `a year after it: its contract ended on ${proposal.term.end}, before it` : 'the end of its contract'})`;
  if (boardDate < proposal.date) return `board date ${boardDate} is before the agreement's date, ${proposal.date}: the board discloses an agreement once it is reached; ${range}`;
  if (boardDate > latest) return late ? `board date ${boardDate} is more than a year after the agreement; ${range}` : `board date ${boardDate} is after the contract ends, ${proposal.term.end}; ${range}`;
  return null;
}

export function buildDisclosure(input: { dataset: Dataset; proposal: Proposal; result: CostResult; options?: DisclosureOptions }): DisclosureModel {
  const { dataset, proposal, result } = input;
  const options = input.options ?? {};
  const boardDate = options.boardDate ?? proposal.date;
  const problem = boardDateProblem(boardDate, proposal);
  if (problem) throw new RangeError(problem);
  const facts = (id: string): UnitFacts => {
    const u = dataset.units.find((x) => x.id === id);
    if (!u) throw new RangeError(`the dataset has no bargaining unit ${id}`);
    return { id: u.id, name: u.name, kind: u.kind, union: u.union, fte: unitFte(dataset, u.id) };
  };
  for (const id of Object.keys(options.unitStatus ?? {})) facts(id);
  const without = projectionWithout(result);
  return {
    district: result.district,
    unit: facts(proposal.unit),
    proposal: {
      id: proposal.id, title: proposal.title, party: proposal.party, date: proposal.date, summary: proposal.summary?.trim() ?? null,
      sources: proposal.sources.map((s) => (s.href ? `${s.title} (${s.href})` : s.title)),
    },
    agreement: options.reopener ? 'reopener' : 'new',
    term: { ...proposal.term, years: fiscalYearOf(proposal.term.end) - fiscalYearOf(proposal.term.start) + 1 },
    boardDate,
    boardDateGiven: options.boardDate !== undefined,
    budgetRevisionDue: addDays(boardDate, 45),
    otherUnits: dataset.units.filter((u) => u.id !== proposal.unit).map((u) => ({ ...facts(u.id), status: options.unitStatus?.[u.id] ?? 'pending' })),
    provisions: provisions(proposal, result),
    costYears: result.years.map((y) => y.fy),
    costYearsExtrapolated: result.years.map((y) => result.projection.find((p) => p.fy === y.fy)?.extrapolated ?? false),
    costTotals: result.years.map((y) => y.totalCents),
    total: result.total,
    contractTotal: result.contractTotal,
    compensation: compensation(result),
    nonCost: result.nonCostTerms,
    notCosted: result.notCosted,
    deficit: deficitYears(result.projection),
    withAgreement: result.projection,
    withoutAgreement: without,
    firstShortYear: result.firstShortYear,
    certification: result.certification,
    certificationYears: result.certificationYears,
    missingYears: result.missingYears,
    missingHint: result.missingHint,
    laterShortYears: result.laterShortYears,
    otherYear: result.otherYear,
    without: outcomeWithout(without, result.missingYears.length > 0),
    revisions: budgetRevisions(result, without),
  };
}

/** The costed terms in the proposal's order, then any term the engine costed that the proposal does not list. */
function provisions(proposal: Proposal, result: CostResult): DisclosureModel['provisions'] {
  const byTerm = costByTerm(result);
  const listed = proposal.terms.filter((t) => t.kind !== 'non-cost').map((t) => ({
    id: t.id, title: t.title, kind: t.kind as string, unit: t.unit, note: t.note?.trim() ?? null,
    cents: byTerm.find((c) => c.term === t.id)?.cents ?? result.years.map(() => 0),
  }));
  const extra = byTerm.filter((c) => !listed.some((t) => t.id === c.term)).map((c) => ({
    id: c.term, title: c.title, kind: 'other', unit: '', note: null, cents: c.cents,
  }));
  return [...listed, ...extra];
}
