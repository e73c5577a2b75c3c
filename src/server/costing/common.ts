/**
 * Several stored versions on one dataset version, over the same years (docs/costing.md, "Years
 * and totals"): each is costed from the dataset's base year through the latest last year of any
 * of them (`lastYear`), so a shorter contract reads as $0 in the later years instead of
 * vanishing, every version's total covers the same years, and what changed between two of them
 * adds up over exactly those years. Runs on a costing thread (jobs `common` and `changes`). The versions were
 * accepted when stored (a what-if on data of another year included), so they cost again as then.
 */
import type { FiscalYear } from '../../calendar/fiscal-year.ts';
import { costProposal, lastYear } from '../../costing/cost.ts';
import type { CostResult, YearsTotal } from '../../costing/result.ts';
import type { Dataset } from '../../district/types.ts';
import { parseProposal } from '../../proposals/parse.ts';
import { changesBetween, type Changes } from '../../reports/changes.ts';
import type { VersionSummary } from './summary.ts';

export interface Span {
  from: string;
  to: string;
}

/** A version's figures over the common years: what a card or a column of a comparison shows. */
export interface CommonFigures {
  years: { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number }[];
  /** Over the view's span, exactly the sum of `years`. */
  total: YearsTotal;
  /** Over the version's own contract years (clipped to the span). */
  contractTotal: YearsTotal;
  reserve: VersionSummary['reserve'];
  firstShortYear: string | null;
  certification: VersionSummary['certification'];
  certificationYears: string[];
  missingYears: string[];
  laterShortYears: string[];
}

/** What changed between two versions, over the view's span (the years of fromCents and toCents), and what each change costs. */
export type SpanChanges = Changes & { span: Span };

export interface CommonYears {
  span: Span;
  versions: CommonFigures[];
}

export function figuresOf(r: Pick<CostResult, 'years' | 'total' | 'contractTotal' | 'projection' | 'firstShortYear' | 'certification' | 'certificationYears' | 'missingYears' | 'laterShortYears'>): CommonFigures {
  return {
    years: r.years.map(({ fy, totalCents, ongoingCents, oneTimeCents }) => ({ fy, totalCents, ongoingCents, oneTimeCents })),
    total: r.total,
    contractTotal: r.contractTotal,
    reserve: r.projection.map((p) => ({ fy: p.fy, reservePct: p.reservePct, requiredReservePct: p.requiredReservePct, meetsReserve: p.meetsReserve, endingBalanceCents: p.endingBalanceCents, extrapolated: p.extrapolated })),
    firstShortYear: r.firstShortYear,
    certification: r.certification,
    certificationYears: r.certificationYears,
    missingYears: r.missingYears,
    laterShortYears: r.laterShortYears,
  };
}

/** The span of a list of per-year figures: its first and last fiscal year. */
export const spanOf = (years: { fy: string }[]): Span => ({ from: years[0]?.fy ?? '', to: years[years.length - 1]?.fy ?? '' });

export function commonYears(dataset: Dataset, yamls: string[]): CommonYears {
  const proposals = yamls.map((y, i) => parseProposal(y, `version-${i + 1}.yaml`).proposal);
  const through = Math.max(...proposals.map((p) => lastYear(dataset, p)));
  const versions = proposals.map((proposal) => figuresOf(costProposal({ dataset, proposal, through, allowOtherYear: true, checkOutsideTerm: false })));
  return { span: spanOf(versions[0].years), versions };
}

/** What changed from one stored version to another, over the years through `through` at least (a view's last year). */
export function changesOverSpan(dataset: Dataset, from: string, to: string, through?: FiscalYear): SpanChanges {
  const c = changesBetween(dataset, parseProposal(from, 'from.yaml').proposal, parseProposal(to, 'to.yaml').proposal, { allowOtherYear: true, through });
  return { ...c, span: spanOf(c.toCents) };
}
