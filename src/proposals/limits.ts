/**
 * How much work one proposal may ask of the costing engine. Costing time grows with the
 * number of terms (and of the copies me-too clauses make), the phases of each term, the
 * fiscal years costed, and the positions a class-size cap adds; each is bounded here,
 * generously for real contracts (the LAUSD examples have at most 23 terms, 5 phases in a term,
 * 5-year contracts and caps of 24 and more), so that no single request can hold a costing
 * thread for long. docs/proposals.md lists them with their reasons.
 */

/**
 * Characters of one proposal (and bytes of a proposal file): the longest real contract in
 * examples/ is 7 KB, so this is 35 times that, and reading it takes well under a second.
 */
export const MAX_PROPOSAL_CHARS = 256 * 1024;

/** Terms in one proposal; also the terms costed once me-too clauses are counted as the terms they pass on. */
export const MAX_TERMS = 100;

/** Phases of one term: the caps of a class-size term, the phases of a staffing or hiring term. */
export const MAX_PHASES = 40;

/** Years from the contract term's start to its end. */
export const MAX_CONTRACT_YEARS = 10;

/** Every date in a proposal lies in this range (ISO dates compare as text). */
export const EARLIEST_DATE = '1990-01-01';
export const LATEST_DATE = '2099-12-31';

/**
 * Fiscal years one costing may cover, counted from the earliest of the dataset's base year and the terms' effective dates to two
 * years after the contract ends (costing itself runs through the contract's last year or the budget's, whichever is later).
 */
export const MAX_COSTED_YEARS = 20;

/** The smallest class-size cap (students); smaller caps add teachers by the thousand and are not class sizes any contract sets. */
export const MIN_CLASS_SIZE_CAP = 10;

/** The date `years` years after an ISO date (February 29 becomes March 1 in other years). */
export function yearsAfter(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const rest = date.slice(4);
  return rest === '-02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? `${y}-03-01` : `${y}${rest}`;
}
