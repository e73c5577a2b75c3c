/**
 * Test helpers for costing proposals on the tiny four-school district
 * (test/fixtures/tiny-district). Every expected figure in the tests that use these helpers
 * is derived by hand from that fixture and docs/costing.md.
 *
 * The fixture at a glance (base year 2018-19; column drift 0; enrollment trend 0):
 *
 *   Unit T (certificated), salary schedule C1 50,000 / 52,000 / 54,000; C2 55,000 / 57,000 / 59,000;
 *   nurses N 80,000 / 82,000. Pay groups (staff sharing a placement and hire year):
 *     G1  6 teachers C1 step 1, hired 2017-18      G4 21 teachers C2 step 3, hired 2004-05
 *     G2  6 teachers C2 step 3, hired 2005-06      G5 29 teachers C2 step 2, hired 2010-11
 *     G3  6 teachers C1 step 2, hired 2014-15      G6  1 nurse    N  step 2, hired 2012-13
 *   Unit T pay by year (each group moves one step a year, up to the last step):
 *     2018-19: 300,000 + 354,000 + 312,000 + 1,239,000 + 1,653,000 + 82,000 = 3,940,000
 *     2019-20: 312,000 + 354,000 + 324,000 + 1,239,000 + 1,711,000 + 82,000 = 4,022,000
 *     2020-21 and later: 324,000 + 354,000 + 324,000 + 1,239,000 + 1,711,000 + 82,000 = 4,034,000
 *
 *   Unit C (classified, hourly): assistant 16.00 / 17.00, custodian 20.00 / 21.00.
 *     G7  4 assistants step 1, 0.5 FTE, 4 h × 180 d, hired 2018-19  (2,880 hours a year)
 *     G8  4 assistants step 2, 0.5 FTE, 4 h × 180 d, hired 2015-16  (2,880 hours)
 *     G9  3 custodians step 2, 1 FTE,   8 h × 240 d, hired 2011-12  (5,760 hours)
 *     G10 2 custodians step 1, 0.75 FTE, 6 h × 240 d, hire date unknown (2,880 hours)
 *   Unit C pay by year:
 *     2018-19: 46,080 + 48,960 + 120,960 + 57,600 = 273,600
 *     2019-20 and later: 48,960 + 48,960 + 120,960 + 60,480 = 279,360
 *
 *   Statutory: certificated 16% STRS (17% from 2019-07-01) + 1.5% Medicare = 17.5% then 18.5%;
 *   classified 18% + 6% + 1.5% = 25.5%. Health and welfare 10,000 (11,000 from 2019-07-01) per
 *   eligible employee: all 69 T staff; C staff from 6 h a day (the 5 custodians, not the 8 assistants).
 *   New hires: teacher C1 step 1 (50,000); nurse N step 1 (80,000); C assistant step 1 at
 *   0.75 FTE, 6 h × 180 d.
 */
import { fileURLToPath } from 'node:url';
import { costProposal } from '../../src/costing/cost.ts';
import type { CostLine, CostResult, YearCost } from '../../src/costing/result.ts';
import { readDatasetFolder } from '../../src/district/read-folder.ts';
import type { Dataset } from '../../src/district/types.ts';
import type { Proposal, Term } from '../../src/proposals/types.ts';

/** The fixture folder, resolved from this file (repository root / test / fixtures / tiny-district). */
export const TINY_DIR = fileURLToPath(new URL('../fixtures/tiny-district/', import.meta.url));

/** Reads the tiny district from disk (a fresh object each call). */
export function loadTiny(): Dataset {
  return readDatasetFolder(TINY_DIR);
}

let shared: Dataset | undefined;
/** The tiny district, read once and shared (the engine never mutates a dataset). */
export function tiny(): Dataset {
  shared ??= loadTiny();
  return shared;
}

/** A term as a test writes it: `unit` defaults to the proposal's unit and `title` to the id. */
export type TermSpec = Term extends infer T ? (T extends Term ? Omit<T, 'unit' | 'title'> & { unit?: string; title?: string } : never) : never;

export interface ProposalSpec {
  id?: string;
  unit?: string;
  date?: string;
  term?: { start: string; end: string };
  terms: TermSpec[];
}

/**
 * A proposal for the tiny district. Defaults: union proposal for unit T, dated 2019-03-01,
 * contract term 2019-07-01 to 2023-06-30, so it is costed for 2018-19 through 2022-23 (the
 * contract's end; the budget ends in 2021-22, so 2022-23 is extrapolated).
 */
export function proposal(spec: ProposalSpec): Proposal {
  const unit = spec.unit ?? 'T';
  return {
    id: spec.id ?? 'test',
    title: 'Test proposal',
    party: 'union',
    unit,
    date: spec.date ?? '2019-03-01',
    term: spec.term ?? { start: '2019-07-01', end: '2023-06-30' },
    sources: [],
    terms: spec.terms.map((t) => ({ ...t, unit: t.unit ?? unit, title: t.title ?? t.id }) as Term),
  };
}

/**
 * Costs a proposal spec on the tiny district. `allowOtherYear` costs a proposal dated after the
 * dataset's year anyway (a what-if, as `--allow-other-year`): the way to test back pay paid in
 * a later year than the data's.
 */
export function cost(spec: ProposalSpec, dataset: Dataset = tiny(), opts: { allowOtherYear?: boolean } = {}): CostResult {
  return costProposal({ dataset, proposal: proposal(spec), allowOtherYear: opts.allowOtherYear });
}

/** Dollars (as written in a derivation) to integer cents. */
export function usd(dollars: number): number {
  return Math.round(dollars * 100);
}

export type LineQuery = Partial<Pick<CostLine, 'term' | 'kind' | 'nature' | 'unit' | 'population' | 'earnedFy'>>;

export function year(r: CostResult, fy: string): YearCost {
  const y = r.years.find((x) => x.fy === fy);
  if (!y) throw new Error(`no year ${fy} in the result (years: ${r.years.map((x) => x.fy).join(', ')})`);
  return y;
}

/** Lines of a year matching every given field. */
export function linesOf(r: CostResult, fy: string, q: LineQuery = {}): CostLine[] {
  return year(r, fy).lines.filter((l) => Object.entries(q).every(([k, v]) => (l as unknown as Record<string, unknown>)[k] === v));
}

/** The one line of a year matching the query; throws (listing the year's lines) when there is not exactly one. */
export function line(r: CostResult, fy: string, q: LineQuery): CostLine {
  const found = linesOf(r, fy, q);
  if (found.length !== 1) {
    const all = year(r, fy).lines.map((l) => `  ${l.label} [${l.kind}/${l.nature}/${l.population}] ${l.cents}`).join('\n');
    throw new Error(`expected exactly one line in ${fy} matching ${JSON.stringify(q)}, found ${found.length}; lines:\n${all}`);
  }
  return found[0];
}

/** Sum of the cents of the lines of a year matching the query (0 when none match). */
export function centsOf(r: CostResult, fy: string, q: LineQuery = {}): number {
  return linesOf(r, fy, q).reduce((s, l) => s + l.cents, 0);
}
