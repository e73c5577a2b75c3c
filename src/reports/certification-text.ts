import type { CostResult } from '../costing/result.ts';

/** "2022-23, 2023-24 and 2024-25". */
export function andList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A projection year's column heading: extrapolated years (past the district's budget) carry a star. */
export function yearHeading(fy: string, extrapolated: boolean): string {
  return extrapolated ? `${fy}*` : fy;
}

export const EXTRAPOLATED_NOTE = '* extrapolated: past the district\'s own budget, revenues and expenditures grown by the COLA; never used to certify.';

type Certified = Pick<CostResult, 'certification' | 'certificationYears' | 'missingYears' | 'missingHint' | 'laterShortYears' | 'projection' | 'otherYear'>;

/** The certification in one sentence: its years and its rating, or why there is none. */
export function certificationSentence(r: Certified): string {
  const years = andList(r.certificationYears);
  if (r.certification === 'not-certified') {
    return `Not certified: the certification covers ${years} (the year the agreement is made and the two after it), and the dataset's budget does not reach ${andList(r.missingYears)}. ${r.missingHint ?? ''}`.trim();
  }
  return `Certification of ${years} (the year the agreement is made and the two after it): ${r.certification}`;
}

/** Contract years after the certified ones that fall short of the reserve, extrapolated ones marked; null when none. */
export function laterShortSentence(r: Certified): string | null {
  if (r.laterShortYears.length === 0) return null;
  const marked = r.laterShortYears.map((fy) => (r.projection.find((y) => y.fy === fy)?.extrapolated ? `${fy} (extrapolated)` : fy));
  return `Later contract years below the required reserve, past the certified years: ${andList(marked)}.`;
}

/** Said on every report of a proposal costed on data of another year (allowOtherYear); null otherwise. */
export function otherYearSentence(r: Pick<CostResult, 'otherYear'>): string | null {
  if (!r.otherYear) return null;
  return `Costed on data of another year: the proposal was made in ${r.otherYear.proposalYear}, the dataset holds data of ${r.otherYear.datasetYear} (a what-if, --allow-other-year).`;
}
