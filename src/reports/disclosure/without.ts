import type { CostResult } from '../../costing/result.ts';
import { certify, type Certification, type ProjectionYear } from '../../projection/project.ts';

/**
 * The budget projection without the proposal, read back from a costed result: the same
 * years, revenues and baseline expenditures, with the proposal's cost taken out. Each year's
 * ending balance is higher by the proposal's cost in that year and every year before it
 * (docs/costing.md, "Projection and the reserve test"). The reserve percentage and the test
 * are the engine's own formulas, so the figures equal `project()` run with no proposal cost
 * (src/reports/disclosure/disclosure.test.ts checks this).
 */
export function projectionWithout(result: CostResult): ProjectionYear[] {
  let costSoFar = 0;
  return result.projection.map((y) => {
    const costBefore = costSoFar;
    costSoFar += y.proposalCostCents;
    const total = y.baselineExpenditureCents;
    const balance = y.endingBalanceCents + costSoFar;
    const available = balance - y.committedCents;
    return {
      ...y,
      expenditureCents: total,
      proposalCostCents: 0,
      beginningBalanceCents: y.beginningBalanceCents + costBefore,
      endingBalanceCents: balance,
      reservePct: total === 0 ? 0 : Math.round((available / total) * 10000) / 100,
      meetsReserve: available * 100 >= y.requiredReservePct * total,
    };
  });
}

/**
 * First year short and certification of the projection without the proposal, over the same
 * certification years as with it (`missing`: the result had certification years outside the
 * dataset's budget, so neither is certified).
 */
export function outcomeWithout(years: ProjectionYear[], missing = false): { firstShortYear: string | null; certification: Certification } {
  return { firstShortYear: years.find((y) => !y.meetsReserve)?.fy ?? null, certification: missing ? 'not-certified' : certify(years.filter((y) => y.certified)) };
}
