import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Dataset } from '../district/types.ts';

/** Which years a certification covers, which of them the dataset lacks, and later contract years short of the reserve. */
export interface CertificationYears {
  /** The fiscal year in which the agreement is made (the proposal's date) and the two that follow. */
  certificationYears: string[];
  /** Of those, the years the dataset's own budget does not reach: with any, there is no certification. */
  missingYears: string[];
  /** How to supply the missing years; null when none are missing. */
  missingHint: string | null;
  /** Contract years after the certified ones whose reserve falls short (some may be extrapolated: see the projection). */
  laterShortYears: string[];
}

interface YearLike { fy: string; meetsReserve: boolean }

/**
 * The certification's years for an agreement made in `agreementFy`, on the dataset's budget
 * (Education Code 42131, Government Code 3547.5): those three years must all be budget years
 * of the dataset, never extrapolated ones. `years` is the projection, in order.
 */
export function certificationYears(input: { dataset: Dataset; years: YearLike[]; agreementFy: FiscalYear; contractEndFy: FiscalYear }): CertificationYears {
  const { dataset, agreementFy } = input;
  const budgetYears = new Set(dataset.budget.map((b) => b.fy));
  const three = [agreementFy, agreementFy + 1, agreementFy + 2];
  const missing = three.filter((fy) => !budgetYears.has(fy));
  const first = dataset.budget[0].fy;
  const lastBudget = dataset.budget[dataset.budget.length - 1].fy;
  const missingHint = missing.length === 0 ? null
    : `The dataset's budget covers ${fyLabel(first)} to ${fyLabel(lastBudget)}; the certification needs ${three.map(fyLabel).join(', ')}. `
      + `Add ${missing.map(fyLabel).join(', ')} to budget.csv (revenues, expenditures and committed from the district's multi-year projection), `
      + 'or cost the proposal on a dataset of the year it was made.';
  const later = new Set<string>();
  for (let fy = agreementFy + 3; fy <= input.contractEndFy; fy++) later.add(fyLabel(fy));
  return {
    certificationYears: three.map(fyLabel),
    missingYears: missing.map(fyLabel),
    missingHint,
    laterShortYears: input.years.filter((y) => later.has(y.fy) && !y.meetsReserve).map((y) => y.fy),
  };
}
