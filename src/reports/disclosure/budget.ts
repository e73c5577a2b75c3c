import { fiscalYearOf, parseFiscalYear } from '../../calendar/fiscal-year.ts';
import type { CostResult } from '../../costing/result.ts';
import type { ProjectionYear } from '../../projection/project.ts';

/**
 * Section E: deficit spending (expenditures above revenues) each projected year, without and
 * with the agreement. The agreement *creates* deficit spending in a year the budget was
 * balanced or in surplus without it, and *increases* it in a year already in deficit.
 */
export interface DeficitYear {
  fy: string;
  revenueCents: number;
  expenditureWithoutCents: number;
  expenditureWithCents: number;
  /** Revenues less expenditures (negative = deficit spending). */
  netWithoutCents: number;
  netWithCents: number;
  /** What the agreement does to spending above revenues that year: an agreement that saves money reduces or ends it. */
  effect: 'creates' | 'increases' | 'reduces' | 'ends' | 'none';
}

export function deficitYears(withAgreement: ProjectionYear[]): DeficitYear[] {
  return withAgreement.map((y) => {
    const netWithout = y.revenueCents - y.baselineExpenditureCents;
    const netWith = y.revenueCents - y.expenditureCents;
    const effect: DeficitYear['effect'] = netWith < 0 && netWith < netWithout ? (netWithout >= 0 ? 'creates' : 'increases')
      : netWithout < 0 && netWith > netWithout ? (netWith >= 0 ? 'ends' : 'reduces') : 'none';
    return {
      fy: y.fy, revenueCents: y.revenueCents, expenditureWithoutCents: y.baselineExpenditureCents, expenditureWithCents: y.expenditureCents,
      netWithoutCents: netWithout, netWithCents: netWith, effect,
    };
  });
}

/**
 * The budget revisions the certification itemizes (GC 3547.5(b)): for each year from the
 * current year to the end of the term (at least the current year and the two after it),
 * expenditures rise by the agreement's cost; revenues are unchanged (settle assumes no new
 * revenue), so the ending balance falls by the cost of that year and the years before it.
 */
export interface BudgetRevision {
  fy: string;
  expenditureIncreaseCents: number;
  revenueChangeCents: number;
  endingBalanceWithoutCents: number;
  endingBalanceWithCents: number;
}

export function budgetRevisions(result: CostResult, without: ProjectionYear[]): BudgetRevision[] {
  const base = parseFiscalYear(result.district.baseFiscalYear) as number;
  const last = Math.max(fiscalYearOf(result.proposal.term.end), base + 2);
  return result.projection
    .map((y, i) => ({ y, w: without[i], fy: parseFiscalYear(y.fy) as number }))
    .filter(({ fy }) => fy >= base && fy <= last)
    .map(({ y, w }) => ({
      fy: y.fy,
      expenditureIncreaseCents: y.expenditureCents - w.expenditureCents,
      revenueChangeCents: 0,
      endingBalanceWithoutCents: w.endingBalanceCents,
      endingBalanceWithCents: y.endingBalanceCents,
    }));
}
