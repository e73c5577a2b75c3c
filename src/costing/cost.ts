import { fiscalYearOf, fyLabel, range, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Dataset } from '../district/types.ts';
import { sumCents } from '../money/cents.ts';
import { pathLabel } from '../text/yaml.ts';
import { project } from '../projection/project.ts';
import type { Proposal } from '../proposals/types.ts';
import { baselineYears } from './baseline.ts';
import { addBonuses, addHealthTerms, addPositionHealth, addStatutory } from './benefits.ts';
import { addPrograms } from './programs.ts';
import { checkAgainstDataset, type ProposalSource } from './checks.ts';
import { afterCosted, outsideProblem, outsideTerm, withinTerm } from './outside-term.ts';
import { InvalidInput } from '../errors/problem.ts';
import { addedEarners, currentEarners, replacementEarners } from './earners.ts';
import { Ledger } from './ledger.ts';
import { toTransform, type Earner } from './pay.ts';
import { costPay } from './pay-costs.ts';
import { addedPositions, groupSlices, type Slice } from './positions.ts';
import { prepare } from './prepare.ts';
import type { CostKind, CostResult, PositionAdded, YearCost } from './result.ts';
import { spanTotals } from './totals.ts';
import { concreteTerms, earliestEffectiveFy } from './terms.ts';

/**
 * Costs a proposal against a dataset, for each fiscal year from the dataset's base year to
 * the end of the contract term or of the dataset's budget, whichever is later (or `through`,
 * if later still, so that several proposals can be shown over the same years), and projects
 * the budget with it. Pure: the same inputs always give the same result. Throws
 * `InvalidInput` if the proposal does not fit the dataset (unknown unit, role, or no new-hire
 * placement), or is dated outside the dataset's year unless `allowOtherYear` (a what-if: the
 * result then says so in `otherYear`), or pays outside the contract term without saying so
 * (outside-term.ts: with what that pay would add).
 */
export function costProposal(input: CostInput): CostResult {
  const result = costAsWritten(input);
  if (input.checkOutsideTerm === false) return result;
  // Pay outside the contract term, not marked as meant: refused with what it would add.
  const outside = outsideTerm(input.proposal);
  if (outside.length === 0) return result;
  throw new InvalidInput(outside.map((o) => outsideProblem(input.proposal, o, result, costAsWritten({ ...input, proposal: withinTerm(input.proposal, outside, o) }), input.source)));
}

type CostInput = {
  dataset: Dataset; proposal: Proposal; source?: ProposalSource; through?: FiscalYear; allowOtherYear?: boolean;
  /**
   * False only where the proposal is not one a person wrote: the steps between two versions
   * ("what changed" mixes one version's dates with the other's terms), or a stored version
   * costed again over other years (checked when it was stored).
   */
  checkOutsideTerm?: boolean;
};

function costAsWritten(input: CostInput): CostResult {
  const { dataset, proposal, source } = input;
  const p = prepare(dataset);
  checkAgainstDataset(p, proposal, source, { allowOtherYear: input.allowOtherYear });
  const terms = concreteTerms(proposal);
  const base = p.base;
  const last = Math.max(lastYear(dataset, proposal), input.through ?? 0);
  const years = range(base, last);
  const earnedYears = range(earliestEffectiveFy(terms.pay, terms.health, base), last);
  const paidFy = fiscalYearOf(proposal.date);
  const ledger = new Ledger();

  const where = (t: { id: string }, sub: (string | number)[]) => {
    const path = ['terms', terms.indexOf(t.id), ...sub];
    const pos = source?.locate(path);
    return { file: source?.file, line: pos?.line, col: pos?.col, field: pathLabel(path) };
  };
  const slices = addedPositions(p, terms.positions, years, where);
  const added = groupSlices(slices).flatMap((s) => addedEarners(p, s.term, s.role, s.slices));
  // Current staff, and those hired in place of the ones who leave (attrition).
  const current = [...currentEarners(p), ...replacementEarners(p, last)];
  const transforms = terms.pay.map((t, i) => toTransform(t, i, proposal.date));
  const fullPay = costPay({
    earners: [...current, ...added], transforms, base, ledger,
    yearsFor: (e) => (e.population === 'existing' ? earnedYears : years),
    keepFullPay: terms.bonuses.some((b) => b.pct !== undefined),
  });
  addPositionHealth(p, ledger, added, years);
  addHealthTerms(p, ledger, terms.health, [...current, ...added], earnedYears, paidFy);
  addBonuses(p, ledger, terms.bonuses, [...current, ...added], fullPay);
  addStatutory(p, ledger);
  addPrograms(ledger, terms.programs, years);

  const linesByYear = ledger.lines(terms);
  const fteEnd = yearEndFte(slices);
  const yearCosts = years.map((fy) => yearCost(fy, linesByYear.get(fy) ?? [], fteEnd.get(fy) ?? 0));
  const totals = new Map(years.map((fy, i) => [fy, yearCosts[i].totalCents]));
  const projection = project({ dataset, years, costCents: (fy) => totals.get(fy) ?? 0, agreementFy: paidFy, contractEndFy: fiscalYearOf(proposal.term.end) });
  return {
    ...spanTotals(yearCosts, fiscalYearOf(proposal.term.start), fiscalYearOf(proposal.term.end)),
    proposal: { id: proposal.id, title: proposal.title, party: proposal.party, unit: proposal.unit, date: proposal.date, term: proposal.term },
    district: { name: dataset.district.name, cdsCode: dataset.district.cdsCode, baseFiscalYear: fyLabel(base), requiredReservePct: dataset.district.requiredReservePct },
    years: yearCosts,
    baseline: baselineYears(p, years),
    positions: positionsList(p.schools.map((s) => s.id), slices),
    projection: projection.years,
    firstShortYear: projection.firstShortYear,
    certification: projection.certification,
    certificationYears: projection.certificationYears,
    missingYears: projection.missingYears,
    missingHint: projection.missingHint,
    laterShortYears: projection.laterShortYears,
    otherYear: paidFy === base ? null : { datasetYear: fyLabel(base), proposalYear: fyLabel(paidFy) },
    nonCostTerms: proposal.terms.filter((t) => t.kind === 'non-cost').map((t) => ({ id: t.id, title: t.title, text: t.kind === 'non-cost' ? t.text : '' })),
    notCosted: afterCosted(proposal, last),
  };
}

/**
 * The last fiscal year costed by default: the end of the contract term or of the dataset's
 * budget, whichever is later (years past the budget are extrapolated and marked so).
 */
export function lastYear(dataset: Dataset, proposal: Proposal): FiscalYear {
  const budgetEnd = dataset.budget.reduce((m, b) => Math.max(m, b.fy), dataset.district.baseFiscalYear);
  return Math.max(fiscalYearOf(proposal.term.end), budgetEnd);
}


/** FTE added in force at the end of each fiscal year. */
function yearEndFte(slices: Slice[]): Map<FiscalYear, number> {
  const out = new Map<FiscalYear, number>();
  for (const s of slices) if (s.m1 === 12) out.set(s.fy, (out.get(s.fy) ?? 0) + s.fte);
  return out;
}

function yearCost(fy: FiscalYear, lines: YearCost['lines'], fteAtYearEnd: number): YearCost {
  const byKind: Record<CostKind, number> = { salary: 0, statutory: 0, health: 0, other: 0 };
  for (const l of lines) byKind[l.kind] += l.cents;
  const total = sumCents(lines.map((l) => l.cents));
  const oneTime = sumCents(lines.filter((l) => l.nature === 'one-time').map((l) => l.cents));
  const fte = fteAtYearEnd;
  return { fy: fyLabel(fy), lines, totalCents: total, ongoingCents: total - oneTime, oneTimeCents: oneTime, byKind, fteAdded: Math.round(fte * 1e4) / 1e4 };
}

/** Positions in force at the end of each year, by term, school and role (one slice each). */
function positionsList(schoolIds: string[], slices: Slice[]): PositionAdded[] {
  const out: PositionAdded[] = [];
  for (const s of slices) {
    if (s.m1 === 12) out.push({ fy: fyLabel(s.fy), term: s.term.id, school: s.site < 0 ? 'central' : schoolIds[s.site], role: s.role, fte: s.fte });
  }
  return out;
}

export type { Earner };
