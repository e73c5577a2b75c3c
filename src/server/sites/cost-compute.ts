/**
 * The day's cost of every strike day of the district (docs/sites.md, "The day's cost"): the
 * days' inputs run through `strikeImpact`, the very function `settle strike-impact` runs. One
 * run per dataset version: days declared on different versions of the dataset are costed each on
 * its own (a warning says so). Days are grouped into strikes: a strike is a run of strike days
 * with no more than STRIKE_GAP_DAYS calendar days between one and the next (LAUSD's 2019 strike,
 * January 14–22, and its 2023 closure, March 21–23, are two strikes, never one total). Day
 * numbers and running totals start again with each strike; with one strike and one version they
 * are exactly those of the one `settle strike-impact` run.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Problem } from '../../errors/problem.ts';
import { strikeDaysOf, type DayInputs } from '../../sites/cost.ts';
import { METHOD, strikeImpact } from '../../strike/impact.ts';
import type { DayImpact, Running, Totals } from '../../strike/types.ts';
import { costDataset } from './cost-dataset.ts';
import type { CostDay } from './cost-store.ts';

export interface CostedDay {
  dayId: number;
  datasetVersionId: number;
  inputs: DayInputs;
  /** As `settle strike-impact --json` prints the day (integer cents), with the running totals over the whole strike. */
  impact: DayImpact;
  /** What `settle strike-impact` warns of this day (`checkStrikeDay`: a weekend date, more than a normal day, more than enrolled), `where` naming the days file's column. */
  warnings: Problem[];
}

/** More calendar days than this between two strike days: the later one starts another strike. */
export const STRIKE_GAP_DAYS = 14;

export interface Strike {
  /** First and last date of the strike. */
  from: string;
  to: string;
  datasetVersionIds: number[];
  totals: Totals;
  /** Sites holding classes with no students-attending figure yet, over this strike's days (a site counts once a day). */
  classSitesWithoutAttendance: number;
  /** Children reported at sites without classes (supervision, meals), over this strike's days: not attendance for funding. */
  attendanceNotCounted: number;
}

export interface StrikeCost {
  days: (CostedDay & { strike: number })[];
  /** Each strike (index in `days[].strike`), oldest first, with its totals. */
  strikes: Strike[];
  /** The totals of the latest strike (the last of `strikes`), naming its first and last date. */
  totals: Totals;
  /** Sites holding classes (status `instruction`) with no students-attending figure yet, over every day of every strike (each strike's own: `strikes[]`). */
  classSitesWithoutAttendance: number;
  /** Children reported at sites without classes (supervision, meals), over every day of every strike (each strike's own: `strikes[]`): not attendance for funding. */
  attendanceNotCounted: number;
  datasetVersionIds: number[];
  method: string[];
  warnings: Problem[];
}

export async function strikeCost(db: Kysely<Database>, days: CostDay[]): Promise<StrikeCost> {
  const versions = [...new Set(days.map((d) => d.datasetVersionId))];
  const impacts = new Map<number, DayImpact>();
  const dayWarnings = new Map<number, Problem[]>();
  const warnings: Problem[] = [];
  for (const v of versions) {
    const group = days.filter((d) => d.datasetVersionId === v);
    const dataset = await costDataset(db, v);
    const strikeDays = strikeDaysOf({ days: group.map((d) => d.inputs), dataset, file: 'cost.csv' });
    const result = strikeImpact({ dataset, days: strikeDays });
    group.forEach((d, i) => {
      impacts.set(d.dayId, result.days[i]);
      // The days' own warnings go with each day (line i + 2 of this version's days); the file's line means nothing here.
      dayWarnings.set(d.dayId, strikeDays.warnings.filter((w) => w.where?.line === i + 2).map((w) => ({ ...w, where: { field: w.where?.field } })));
    });
    for (const w of result.warnings) if (!strikeDays.warnings.includes(w) && !warnings.some((x) => x.code === w.code)) warnings.push(w);
  }
  if (versions.length > 1) {
    warnings.push({
      code: 'site.cost-several-datasets',
      message: `the strike days were declared on ${versions.length} dataset versions (${versions.join(', ')}): each day is costed on its own version's data`,
      hint: 'GET /api/sites/cost.csv?datasetVersionId=… gives the days of one version, to rerun with settle strike-impact on that dataset',
    });
  }
  for (const d of days.filter((x) => x.inputs.substituteRateMissing)) {
    const missing: Problem = { code: 'site.no-substitute-rate', message: `${d.inputs.date}: ${d.inputs.substitutes} substitutes planned but the day has no substitute day rate, so they are costed at $0`, where: { field: 'substituteDayRate' }, hint: 'set the day\'s substituteDayRate, for example 300.00' };
    warnings.push(missing);
    // With the day too, where the cost page lists what to check.
    dayWarnings.set(d.dayId, [...(dayWarnings.get(d.dayId) ?? []), missing]);
  }
  const zero = (): Running => ({ revenueLostCents: 0, payNotPaidCents: 0, substitutesCents: 0, otherCostsCents: 0, netCents: 0 });
  const strikes: Strike[] = [];
  let running = zero();
  let previous: string | null = null;
  let n = 0;
  const costed = days.map((d) => {
    const impact = impacts.get(d.dayId)!;
    if (previous === null || daysBetween(previous, d.inputs.date) > STRIKE_GAP_DAYS) {
      running = zero();
      n = 0;
      strikes.push({ from: d.inputs.date, to: d.inputs.date, datasetVersionIds: [], totals: { days: 0, from: d.inputs.date, to: d.inputs.date, ...running }, classSitesWithoutAttendance: 0, attendanceNotCounted: 0 });
    }
    previous = d.inputs.date;
    n++;
    running.revenueLostCents += impact.revenueLostCents;
    running.payNotPaidCents += impact.payNotPaidCents;
    running.substitutesCents += impact.substitutesCents;
    running.otherCostsCents += impact.otherCostsCents;
    running.netCents += impact.netCents;
    const strike = strikes[strikes.length - 1];
    strike.to = d.inputs.date;
    if (!strike.datasetVersionIds.includes(d.datasetVersionId)) strike.datasetVersionIds.push(d.datasetVersionId);
    strike.totals = { days: n, from: strike.from, to: d.inputs.date, ...running };
    strike.classSitesWithoutAttendance += d.inputs.classSitesWithoutAttendance;
    strike.attendanceNotCounted += d.inputs.attendanceNotCounted;
    return { dayId: d.dayId, datasetVersionId: d.datasetVersionId, strike: strikes.length - 1, inputs: d.inputs, impact: { ...impact, day: n, running: { ...running } }, warnings: dayWarnings.get(d.dayId) ?? [] };
  });
  return {
    days: costed,
    strikes,
    totals: strikes[strikes.length - 1]?.totals ?? { days: 0, from: null, to: null, ...zero() },
    classSitesWithoutAttendance: days.reduce((s, d) => s + d.inputs.classSitesWithoutAttendance, 0),
    attendanceNotCounted: days.reduce((s, d) => s + d.inputs.attendanceNotCounted, 0),
    datasetVersionIds: versions,
    method: METHOD,
    warnings,
  };
}

/** Calendar days from one YYYY-MM-DD date to a later one. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
