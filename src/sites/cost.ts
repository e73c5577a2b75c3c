/**
 * The day's cost (docs/sites.md, "The day's cost"): a district strike day's sites and settings
 * become the inputs of `settle strike-impact` (src/strike/impact.ts), either directly (the
 * `StrikeDays` that `strikeImpact` takes) or as the days file the command line reads
 * (src/strike/days.ts). Both say the same thing, so the server and the command line print the
 * same cents for the same day. Pure: no database, no clock.
 */
import type { Dataset } from '../district/types.ts';
import type { Problem } from '../errors/problem.ts';
import type { Cents } from '../money/cents.ts';
import { safeCell } from '../pickets/pay-csv.ts';
import { checkStrikeDay, SHARE_PREFIX, type StrikeDay, type StrikeDays } from '../strike/days.ts';
import { toCsv } from '../text/csv.ts';

/** What the cost reads of one site on the day. */
export interface SiteCostRow {
  /** `instruction`, `supervision`, `meals` or `closed`. */
  status: string;
  studentsAttending: number | null;
  substitutes: number;
}

/** What the cost reads of the day itself (site_days). */
export interface DaySettings {
  date: string;
  label: string;
  /** Share (0–1) of each bargaining unit on strike, as stored (`{ "UTLA": 1 }`). */
  shares: Record<string, number>;
  substituteDayRateCents: Cents | null;
  otherCostsCents: Cents;
}

/** One strike day's inputs to the cost, summed over its sites. */
export interface DayInputs {
  date: string;
  label: string;
  /**
   * Σ of the students attending at the sites holding classes (`instruction`); a site with no
   * figure counts 0. Attendance-based funding (ADA) is earned only on days of instruction, so
   * children at a site that only supervises them or hands out meals are not attendance.
   */
  studentsAttending: number;
  /** Σ of the figures reported at sites without classes (supervision, meals): shown, not counted. */
  attendanceNotCounted: number;
  /** Σ of the substitutes of the sites not closed. */
  substitutes: number;
  /** The day rate; 0 when the day has none (then `substituteRateMissing` says so if there are substitutes). */
  substituteRateCents: Cents;
  substituteRateMissing: boolean;
  otherCostsCents: Cents;
  shares: Record<string, number>;
  /** Sites whose status is not `closed`. */
  openSites: number;
  /** Sites holding classes (`instruction`) with no students-attending figure yet. */
  classSitesWithoutAttendance: number;
}

export function dayInputs(input: { day: DaySettings; sites: readonly SiteCostRow[] }): DayInputs {
  const { day, sites } = input;
  let studentsAttending = 0;
  let attendanceNotCounted = 0;
  let substitutes = 0;
  let openSites = 0;
  let classSitesWithoutAttendance = 0;
  for (const s of sites) {
    // A closed site has no planned adults (closing clears them, src/sites/plan-rules.ts); any left from before are not costed.
    if (s.status !== 'closed') substitutes += s.substitutes;
    if (s.status !== 'closed') openSites++;
    if (s.status === 'instruction') {
      studentsAttending += s.studentsAttending ?? 0;
      if (s.studentsAttending === null) classSitesWithoutAttendance++;
    } else {
      attendanceNotCounted += s.studentsAttending ?? 0;
    }
  }
  return {
    date: day.date, label: day.label, studentsAttending, attendanceNotCounted, substitutes,
    substituteRateCents: day.substituteDayRateCents ?? 0,
    substituteRateMissing: substitutes > 0 && day.substituteDayRateCents === null,
    otherCostsCents: day.otherCostsCents, shares: day.shares, openSites, classSitesWithoutAttendance,
  };
}

/**
 * The days as `strikeImpact` takes them, in the order given (date order): the same days, and the
 * same warnings (`checkStrikeDay`: a weekend date, more than a normal day, more than enrolled),
 * that `readStrikeDays` reads back from `daysCsv` (line 2 is the first day). The shares are for
 * the dataset's bargaining units, in its order; a share for a unit it does not have is left out.
 */
export function strikeDaysOf(input: { days: readonly DayInputs[]; dataset: Dataset; file: string }): StrikeDays {
  const units = input.dataset.units.map((u) => u.id);
  const header = daysCsvHeader(units);
  const warnings: Problem[] = [];
  input.days.forEach((d, i) => {
    const check = checkStrikeDay(input.dataset, { date: d.date, studentsAttending: d.studentsAttending });
    // More than enrolled refuses the days file on the command line; here the day is costed, and said so.
    for (const w of [...(check.refusal ? [check.refusal] : []), ...check.warnings]) {
      warnings.push({ code: `strike.${w.code}`, message: w.message, where: { file: input.file, line: i + 2, col: header.indexOf(w.column) + 1, field: w.column } });
    }
  });
  const days: StrikeDay[] = input.days.map((d, i) => ({
    line: i + 2,
    date: d.date,
    studentsAttending: d.studentsAttending,
    shares: Object.fromEntries(units.map((u) => [u, d.shares[u] ?? 0])),
    substitutes: d.substitutes,
    substituteRateCents: d.substitutes > 0 ? d.substituteRateCents : 0,
    otherCostsCents: d.otherCostsCents,
    note: d.label.trim(),
  }));
  return { file: input.file, days, warnings };
}

/** The header of the days file: one share column per unit of the dataset. */
export function daysCsvHeader(units: readonly string[]): string[] {
  return ['date', 'students_attending', ...units.map((u) => SHARE_PREFIX + u), 'substitutes', 'substitute_day_rate', 'other_costs', 'note'];
}

/**
 * The days file for `settle strike-impact --days` (every cell filled, so no command-line default
 * applies). The note, the one text cell, is made safe for a spreadsheet (`safeCell`: a leading
 * = + - @ tab or CR gets a ' so it is never run as a formula); the command line reads it as a note.
 */
export function daysCsv(input: { days: readonly DayInputs[]; units: readonly string[] }): string {
  const rows = input.days.map((d) => [
    d.date, d.studentsAttending, ...input.units.map((u) => String(d.shares[u] ?? 0)),
    d.substitutes, dollars(d.substitutes > 0 ? d.substituteRateCents : 0), dollars(d.otherCostsCents), safeCell(d.label),
  ]);
  return toCsv(daysCsvHeader(input.units), rows);
}

/** Cents as dollars with two decimals and no grouping ("-1500.05"), as `parseDollars` reads them. */
export function dollars(c: Cents): string {
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
