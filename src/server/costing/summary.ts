/**
 * A proposal version's figures in brief, kept beside its full result so lists and the public
 * record never parse a result with traces: cost per year, the reserve per year, the county
 * certification, and the terms in plain words. Also the cost lines by year, without traces.
 * Built on the costing thread when a version is written (`draft` job), stored as JSON.
 */
import { spanTotals } from '../../costing/totals.ts';
import { fiscalYearOf } from '../../calendar/fiscal-year.ts';
import type { CostLine, CostResult, YearsTotal } from '../../costing/result.ts';
import type { Certification } from '../../projection/project.ts';
import { describeTerm } from '../../proposals/describe.ts';
import { projectionWithout } from '../../reports/disclosure/without.ts';
import type { Proposal } from '../../proposals/types.ts';

export interface VersionSummary {
  proposal: CostResult['proposal'];
  district: CostResult['district'];
  years: { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number; fteAdded: number }[];
  reserve: { fy: string; reservePct: number; requiredReservePct: number; meetsReserve: boolean; endingBalanceCents: number; extrapolated: boolean }[];
  firstShortYear: string | null;
  certification: Certification;
  /** Over every year costed, and over the contract's own years (absent in summaries written before they were kept: see `totalsOf`). */
  total?: YearsTotal;
  contractTotal?: YearsTotal;
  /** The years the certification covers, those of them the dataset's budget lacks, and later contract years short of the reserve (absent in older summaries). */
  certificationYears?: string[];
  missingYears?: string[];
  laterShortYears?: string[];
  otherYear?: CostResult['otherYear'];
  /** Every term as written (costed or not), with a plain-words description. */
  terms: { id: string; kind: string; unit: string; title: string; text: string }[];
  /** The reserve each year with no change at all (the same for every version on one dataset version); absent in summaries written before it was kept. */
  without?: { fy: string; reservePct: number; meetsReserve: boolean }[];
}

export type PublicLine = Omit<CostLine, 'trace'>;
export type CostLines = { fy: string; lines: PublicLine[] }[];

export function versionSummary(proposal: Proposal, r: CostResult): VersionSummary {
  return {
    proposal: r.proposal,
    district: r.district,
    years: r.years.map((y) => ({ fy: y.fy, totalCents: y.totalCents, ongoingCents: y.ongoingCents, oneTimeCents: y.oneTimeCents, fteAdded: y.fteAdded })),
    reserve: r.projection.map((p) => ({
      fy: p.fy, reservePct: p.reservePct, requiredReservePct: p.requiredReservePct, meetsReserve: p.meetsReserve, endingBalanceCents: p.endingBalanceCents, extrapolated: p.extrapolated,
    })),
    firstShortYear: r.firstShortYear,
    certification: r.certification,
    total: r.total,
    contractTotal: r.contractTotal,
    certificationYears: r.certificationYears,
    missingYears: r.missingYears,
    laterShortYears: r.laterShortYears,
    otherYear: r.otherYear,
    terms: proposal.terms.map((t) => ({ id: t.id, kind: t.kind, unit: t.unit, title: t.title, text: describeTerm(t) })),
    without: projectionWithout(r).map((y) => ({ fy: y.fy, reservePct: y.reservePct, meetsReserve: y.meetsReserve })),
  };
}

export function costLines(r: CostResult): CostLines {
  return r.years.map((y) => ({ fy: y.fy, lines: y.lines.map(({ trace: _trace, ...line }) => line) }));
}

/** A summary's two labelled totals; computed from its years for a summary written before they were kept. */
export function totalsOf(s: VersionSummary): { total: YearsTotal; contractTotal: YearsTotal } {
  if (s.total && s.contractTotal) return { total: s.total, contractTotal: s.contractTotal };
  return spanTotals(s.years, fiscalYearOf(s.proposal.term.start), fiscalYearOf(s.proposal.term.end));
}
