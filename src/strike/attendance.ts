import { fyLabel, fyStart, type FiscalYear } from '../calendar/fiscal-year.ts';
import { enrollmentFactor, prepare } from '../costing/prepare.ts';
import { valueAt } from '../district/parameters.ts';
import type { Dataset } from '../district/types.ts';
import { toCents, type Cents } from '../money/cents.ts';

/** What a normal school day looks like in a fiscal year, and what a day of attendance is worth. */
export interface NormalDay {
  fy: string;
  /** Students enrolled: the dataset's base-year enrollment grown by `enrollmentTrend`, rounded to whole students. */
  enrollment: number;
  normalAttendanceRatePct: number;
  /** enrollment × normal attendance rate (not rounded). */
  normalAttendance: number;
  instructionalDays: number;
  revenuePerAdaCents: Cents;
}

const cache = new WeakMap<Dataset, Map<FiscalYear, NormalDay>>();

/** The attendance parameters in force on July 1 of the fiscal year (docs/dataset.md). */
export function normalDay(dataset: Dataset, fy: FiscalYear): NormalDay {
  let byYear = cache.get(dataset);
  if (!byYear) cache.set(dataset, (byYear = new Map()));
  const hit = byYear.get(fy);
  if (hit) return hit;
  const p = prepare(dataset);
  const params = dataset.district.parameters;
  const base = p.enrollment.reduce((s, n) => s + n, 0);
  const enrollment = Math.round(base * enrollmentFactor(p, fy));
  const rate = valueAt(params.normalAttendanceRate, fyStart(fy));
  const day: NormalDay = {
    fy: fyLabel(fy),
    enrollment,
    normalAttendanceRatePct: rate,
    normalAttendance: (enrollment * rate) / 100,
    instructionalDays: valueAt(params.instructionalDays, fyStart(fy)),
    revenuePerAdaCents: toCents(valueAt(params.revenuePerAda, fyStart(fy))),
  };
  byYear.set(fy, day);
  return day;
}

/**
 * Attendance-based revenue lost on one day: the ADA the day takes away, (normal attendance −
 * students attending) ÷ instructional days, times revenue per ADA; rounded to cents once.
 * Negative when more students came than on a normal day.
 */
export function revenueLost(day: NormalDay, studentsAttending: number): { adaLost: number; cents: Cents } {
  const missing = day.normalAttendance - studentsAttending;
  return {
    adaLost: Math.round((missing / day.instructionalDays) * 1e4) / 1e4,
    cents: toCents((missing * (day.revenuePerAdaCents / 100)) / day.instructionalDays),
  };
}
