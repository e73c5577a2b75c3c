import { fiscalYearOf, fyLabel, range, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Dataset } from '../district/types.ts';
import { sumCents } from '../money/cents.ts';
import { project } from '../projection/project.ts';
import type { Proposal } from '../proposals/types.ts';
import { BaselineTally } from './baseline.ts';
import { addBonuses, addHealthTerms, addPositionHealth, addStatutory } from './benefits.ts';
import { addPrograms } from './programs.ts';
import { checkAgainstDataset, type ProposalSource } from './checks.ts';
import { addedEarner, currentEarners } from './earners.ts';
import { Ledger } from './ledger.ts';
import { toTransform, type Earner } from './pay.ts';
import { costPay } from './pay-costs.ts';
import { addedPositions, type Slice } from './positions.ts';
import { prepare } from './prepare.ts';
import type { CostKind, CostResult, PositionAdded, YearCost } from './result.ts';
import { concreteTerms, earliestEffectiveFy } from './terms.ts';

/**
 * Costs a proposal against a dataset, for each fiscal year from the dataset's base year to
 * two years after the contract term ends, and projects the budget with it. Pure: the same
 * inputs always give the same result. Throws `InvalidInput` if the proposal does not fit
 * the dataset (unknown unit, role, or no new-hire placement).
 */
export function costProposal(input: { dataset: Dataset; proposal: Proposal; source?: ProposalSource }): CostResult {
  const { dataset, proposal, source } = input;
  const p = prepare(dataset);
  checkAgainstDataset(p, proposal, source);
  const terms = concreteTerms(proposal);
  const base = p.base;
  const last = Math.max(fiscalYearOf(proposal.term.end) + 2, base + 2);
  const years = range(base, last);
  const earnedYears = range(earliestEffectiveFy(terms.pay, terms.health, base), last);
  const paidFy = fiscalYearOf(proposal.date);
  const ledger = new Ledger();
  const baseline = new BaselineTally(p);

  const where = (t: { id: string }, capIndex: number) => {
    const path = ['terms', terms.indexOf(t.id), 'caps', capIndex];
    const pos = source?.locate(path);
    return { file: source?.file, line: pos?.line, col: pos?.col, field: `terms[${terms.indexOf(t.id)}].caps[${capIndex}]` };
  };
  const slices = addedPositions(p, terms.positions, years, where);
  const added = groupSlices(slices).map((s) => addedEarner(p, s.term, s.role, s.slices));
  const current = currentEarners(p);
  const transforms = terms.pay.map((t, i) => toTransform(t, i, proposal.date));
  const fullPay = costPay({
    earners: [...current, ...added], transforms, base, ledger,
    yearsFor: (e) => (e.population === 'existing' ? earnedYears : years),
    onBaseline: (e, fy, cents) => baseline.add(e, fy, cents),
  });
  addPositionHealth(p, ledger, added, years);
  addHealthTerms(p, ledger, terms.health, [...current, ...added], earnedYears, paidFy);
  addBonuses(p, ledger, terms.bonuses, [...current, ...added], fullPay);
  addStatutory(p, ledger);
  addPrograms(ledger, terms.programs, years);

  const linesByYear = ledger.lines(terms);
  const yearCosts = years.map((fy) => yearCost(fy, linesByYear.get(fy) ?? [], slices));
  const totals = new Map(years.map((fy, i) => [fy, yearCosts[i].totalCents]));
  const projection = project({ dataset, years, costCents: (fy) => totals.get(fy) ?? 0 });
  return {
    proposal: { id: proposal.id, title: proposal.title, party: proposal.party, unit: proposal.unit, date: proposal.date, term: proposal.term },
    district: { name: dataset.district.name, cdsCode: dataset.district.cdsCode, baseFiscalYear: fyLabel(base), requiredReservePct: dataset.district.requiredReservePct },
    years: yearCosts,
    baseline: baseline.years(years),
    positions: positionsList(p.schools.map((s) => s.id), slices),
    projection: projection.years,
    firstShortYear: projection.firstShortYear,
    certification: projection.certification,
    nonCostTerms: proposal.terms.filter((t) => t.kind === 'non-cost').map((t) => ({ id: t.id, title: t.title, text: t.kind === 'non-cost' ? t.text : '' })),
  };
}

function groupSlices(slices: Slice[]): { term: Slice['term']; role: string; slices: Slice[] }[] {
  const groups = new Map<string, { term: Slice['term']; role: string; slices: Slice[] }>();
  for (const s of slices) {
    const k = `${s.term.id}|${s.term.unit}|${s.role}`;
    const g = groups.get(k) ?? { term: s.term, role: s.role, slices: [] };
    g.slices.push(s);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/** Slices in force at the end of a fiscal year. */
function yearEnd(slices: Slice[], fy: FiscalYear): Slice[] {
  return slices.filter((s) => s.fy === fy && s.m1 === 12);
}

function yearCost(fy: FiscalYear, lines: YearCost['lines'], slices: Slice[]): YearCost {
  const byKind: Record<CostKind, number> = { salary: 0, statutory: 0, health: 0, other: 0 };
  for (const l of lines) byKind[l.kind] += l.cents;
  const total = sumCents(lines.map((l) => l.cents));
  const oneTime = sumCents(lines.filter((l) => l.nature === 'one-time').map((l) => l.cents));
  const fte = yearEnd(slices, fy).reduce((s, x) => s + x.fte, 0);
  return { fy: fyLabel(fy), lines, totalCents: total, ongoingCents: total - oneTime, oneTimeCents: oneTime, byKind, fteAdded: Math.round(fte * 1e4) / 1e4 };
}

function positionsList(schoolIds: string[], slices: Slice[]): PositionAdded[] {
  const out = new Map<string, PositionAdded>();
  for (const s of slices) {
    if (s.m1 !== 12) continue;
    const school = s.site < 0 ? 'central' : schoolIds[s.site];
    const k = `${s.fy}|${s.term.id}|${school}|${s.role}`;
    const row = out.get(k) ?? { fy: fyLabel(s.fy), term: s.term.id, school, role: s.role, fte: 0 };
    row.fte = Math.round((row.fte + s.fte) * 1e6) / 1e6;
    out.set(k, row);
  }
  return [...out.values()];
}

export type { Earner };
