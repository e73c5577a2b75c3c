/**
 * What costing works out from a dataset alone, whatever the proposal, kept beside the dataset in
 * the command line's cache (district/read-folder.ts): the pay groups and staff at each school
 * (`prepare`), the status quo by year, and the teachers each school needs under the current
 * class-size caps by year. A dataset read from the cache is then costed without its 52,539 staff
 * rows and without working out again what no proposal changes.
 */
import { range, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Dataset } from '../district/types.ts';
import { baselineYears, keptBaseline, seedBaseline } from './baseline.ts';
import { keptTeachers, seedTeachers } from './positions.ts';
import { prepare, preparedParts, seedPrepared, type PreparedParts } from './prepare.ts';
import type { BaselineYear } from './result.ts';

export interface KeptParts {
  prepared: PreparedParts;
  baseline: [FiscalYear, BaselineYear][];
  teachers: [FiscalYear, Float64Array][];
}

/**
 * The years kept: the base year through the end of the district's budget or six years after the
 * base year, whichever is later (a contract of three to five years agreed within a year or two of
 * the data). A proposal costed over other years works those out as it goes.
 */
export function keptYears(dataset: Dataset): FiscalYear[] {
  const base = dataset.district.baseFiscalYear;
  const budgetEnd = dataset.budget.reduce((m, b) => Math.max(m, b.fy), base);
  return range(base, Math.max(budgetEnd, base + 6));
}

export function keptParts(dataset: Dataset): KeptParts {
  const p = prepare(dataset);
  const years = keptYears(dataset);
  baselineYears(p, years);
  return { prepared: preparedParts(p), baseline: keptBaseline(p), teachers: keptTeachers(p, years) };
}

/** Takes back parts kept for this very dataset (same files, same build). */
export function seedKept(dataset: Dataset, parts: KeptParts): void {
  seedPrepared(dataset, parts.prepared);
  const p = prepare(dataset);
  seedBaseline(p, parts.baseline);
  seedTeachers(p, parts.teachers);
}
