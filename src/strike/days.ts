import { fiscalYearOf, fyEnd, fyLabel, fyStart, isIsoDate } from '../calendar/fiscal-year.ts';
import type { Dataset } from '../district/types.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { ambiguousNumber, parseDollars, ungroup, type Cents } from '../money/cents.ts';
import { capProblems } from '../errors/capped.ts';
import { cellWhere, readCsv, type CsvRow, type CsvTable } from '../text/csv.ts';
import { normalDay } from './attendance.ts';
import { parseWeekday, weekdayIndex, WEEKDAYS } from './weekday.ts';

/** A column `strike_share_<UNIT>` gives the share of that unit's members on strike that day. */
export const SHARE_PREFIX = 'strike_share_';
export const REQUIRED = ['date', 'students_attending'] as const;
/**
 * The largest day rate of a substitute, and the largest other costs (or savings) of one day, taken:
 * above them a typed figure is a slip (a budget office would question it), and a day's total would
 * lose its cents.
 */
export const MAX_SUBSTITUTE_DAY_RATE_CENTS = 1_000_000; // $10,000
export const MAX_OTHER_COSTS_CENTS = 100_000_000_000; // $1,000,000,000
/** Optional columns; `strike_day`, `weekday` and `note` are for people (a weekday that does not match the date is warned about). */
export const OPTIONAL = ['strike_day', 'weekday', 'note', 'substitutes', 'substitute_day_rate', 'other_costs'] as const;

/** Values for cells that are missing or empty (from the command line). */
export interface StrikeDefaults {
  /** Share on strike by unit id (0–1); units not named strike 0. */
  shares: Record<string, number>;
  substitutes: number;
  substituteRateCents: Cents | null;
}

export interface StrikeDay {
  line: number;
  date: string;
  studentsAttending: number;
  /** Share of each unit's members on strike (0–1), for every unit of the dataset. */
  shares: Record<string, number>;
  substitutes: number;
  /** Dollars a day per substitute (0 when there are none). */
  substituteRateCents: Cents;
  /** Other costs of the day (negative for other savings). */
  otherCostsCents: Cents;
  note: string;
}

export interface StrikeDays {
  file: string;
  days: StrikeDay[];
  /** Things worth checking that do not stop the run (a weekend date, a weekday that does not match). */
  warnings: Problem[];
}

/** The years a days file may fall in: the dataset's base year to the last year of budget.csv. */
export function datasetYears(dataset: Dataset): { first: number; last: number } {
  const first = dataset.district.baseFiscalYear;
  return { first, last: Math.max(first, ...dataset.budget.map((b) => b.fy)) };
}

/**
 * Reads a strike-days file (CSV, one row per strike day, in date order). Throws `InvalidInput`
 * with every problem (file:line:col, what is wrong, an example); returns the days and warnings.
 */
export function readStrikeDays(input: { text: string; file: string; dataset: Dataset; defaults: StrikeDefaults }): StrikeDays {
  const { text, file, dataset, defaults } = input;
  const units = dataset.units.map((u) => u.id);
  const header = firstLine(text).split(/[,\t]/).map((h) => h.trim().replace(/^"|"$/g, ''));
  const shareColumns = header.filter((h) => h.startsWith(SHARE_PREFIX));
  const example = ['date', 'students_attending', ...units.slice(0, 1).map((u) => SHARE_PREFIX + u), 'substitutes', 'substitute_day_rate', 'other_costs', 'note'].join(',');
  const { table, problems, omitted } = readCsv(text, file, REQUIRED, [...OPTIONAL, ...shareColumns], 'strike');
  for (const p of problems) {
    if (p.code === 'strike.csv-missing-column' || p.code === 'strike.csv-unknown-column' || p.code === 'strike.csv-empty') p.hint = example;
    if (p.code === 'strike.csv-missing-column' && p.where) p.where.col = 1;
  }
  shareColumns.forEach((c) => {
    const unit = c.slice(SHARE_PREFIX.length);
    if (!units.includes(unit)) {
      problems.push({
        code: 'strike.unknown-unit', message: `the dataset has no bargaining unit "${unit}" (its units: ${units.join(', ')})`,
        where: { file, line: 1, col: header.indexOf(c) + 1, field: c }, hint: SHARE_PREFIX + (units[0] ?? 'UTLA'),
      });
    }
  });
  if (problems.length > 0) throw new InvalidInput(capProblems(problems, omitted, 'strike'));
  if (table.rows.length === 0) {
    throw new InvalidInput([{ code: 'strike.no-days', message: 'the file has a header but no strike days', where: { file, line: 2 }, hint: '2019-01-14,156774' }]);
  }
  const cells = new Cells(table, problems);
  const warnings: Problem[] = [];
  const days: StrikeDay[] = [];
  const years = datasetYears(dataset);
  let previous: { date: string; line: number } | null = null;
  for (const row of table.rows) {
    const date = cells.date(row, years);
    const attending = cells.count(row, 'students_attending', null, '156774');
    const shares: Record<string, number> = {};
    for (const u of units) {
      const col = SHARE_PREFIX + u;
      shares[u] = header.includes(col) ? cells.share(row, col, defaults.shares[u] ?? 0) ?? 0 : (defaults.shares[u] ?? 0);
    }
    const substitutes = cells.count(row, 'substitutes', defaults.substitutes, '400');
    const rate = cells.dollars(row, 'substitute_day_rate', defaults.substituteRateCents, { min: 0, max: MAX_SUBSTITUTE_DAY_RATE_CENTS, hint: '300.00' });
    const other = cells.dollars(row, 'other_costs', 0, { min: -MAX_OTHER_COSTS_CENTS, max: MAX_OTHER_COSTS_CENTS, hint: '150000.00' }) ?? 0;
    // (A rate given but refused is named above, once.)
    if (substitutes !== null && substitutes > 0 && rate === null && (row.cells.substitute_day_rate ?? '') === '') {
      cells.problem(row, header.includes('substitutes') ? 'substitutes' : 'date', 'no-substitute-rate',
        `${substitutes} substitutes on this day but no day rate: fill substitute_day_rate or give --substitute-rate`, 'substitute_day_rate 300.00');
    }
    if (date === null || attending === null || substitutes === null) continue;
    if (previous && date <= previous.date) {
      cells.problem(row, 'date', 'date-order', date === previous.date
        ? `${date} is already on line ${previous.line}: each strike day is one row`
        : `dates must go forward: ${date} comes after ${previous.date} (line ${previous.line})`, nextDay(previous.date));
      continue;
    }
    previous = { date, line: row.line };
    const check = checkStrikeDay(dataset, { date, studentsAttending: attending, weekday: row.cells.weekday ?? '' });
    if (check.refusal) {
      cells.problem(row, check.refusal.column, check.refusal.code, check.refusal.message, check.refusal.hint ?? '');
      continue;
    }
    for (const w of check.warnings) warnings.push(warn(table, row, w.column, w.code, w.message));
    days.push({ line: row.line, date, studentsAttending: attending, shares, substitutes, substituteRateCents: substitutes > 0 ? (rate ?? 0) : 0, otherCostsCents: other, note: row.cells.note ?? '' });
  }
  if (problems.length > 0) throw new InvalidInput(problems);
  return { file, days, warnings };
}

/** What one check of a strike day found: the days file's column it is about, the code (after `strike.`), the words. */
export interface DayCheck {
  column: string;
  code: string;
  message: string;
  hint?: string;
}

/**
 * The checks of one strike day beyond its cells, the one rule for the days file (readStrikeDays,
 * `settle strike-impact`) and the district's cost (src/sites/cost.ts, GET /api/sites/cost):
 * `refusal`, the day cannot be costed (more students attending than enrolled: the days file is
 * refused); `warnings`, worth checking, the day is costed as written (more than a normal day, a
 * weekend date, a `weekday` that does not match the date).
 */
export function checkStrikeDay(dataset: Dataset, day: { date: string; studentsAttending: number; weekday?: string }): { refusal: DayCheck | null; warnings: DayCheck[] } {
  const { date, studentsAttending: attending } = day;
  const normal = normalDay(dataset, fiscalYearOf(date));
  if (attending > normal.enrollment) {
    return { refusal: { column: 'students_attending', code: 'more-than-enrolled', message: `${attending} students attending is more than the ${normal.enrollment} enrolled in ${normal.fy} (the dataset's enrollment)`, hint: String(Math.round(normal.normalAttendance / 3)) }, warnings: [] };
  }
  const warnings: DayCheck[] = [];
  if (attending > normal.normalAttendance) {
    warnings.push({ column: 'students_attending', code: 'more-than-normal', message: `${attending} students attending is more than on a normal day (${normal.normalAttendance}): the day's revenue lost is negative` });
  }
  const wd = weekdayIndex(date);
  if (wd >= 5) warnings.push({ column: 'date', code: 'weekend', message: `${date} is a ${WEEKDAYS[wd]}: strike days are school days, so check the date (the day is counted as written)` });
  const said = day.weekday ?? '';
  if (said !== '' && parseWeekday(said) !== wd) warnings.push({ column: 'weekday', code: 'weekday-mismatch', message: `weekday says "${said}" but ${date} is a ${WEEKDAYS[wd]}: check the date` });
  return { refusal: null, warnings };
}

function firstLine(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const end = body.search(/\r?\n|\r/);
  return end < 0 ? body : body.slice(0, end);
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = `${y}-${String(m).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`;
  return isIsoDate(next) ? next : date;
}

function warn(table: CsvTable, row: CsvRow, column: string, code: string, message: string): Problem {
  return { code: `strike.${code}`, message, where: cellWhere(table, row, column) };
}

/** Typed readers for the cells of a days file; each records a problem and returns null when a cell is wrong. */
class Cells {
  constructor(readonly table: CsvTable, readonly problems: Problem[]) {}

  problem(row: CsvRow, column: string, code: string, message: string, hint: string): null {
    this.problems.push({ code: `strike.${code}`, message, where: cellWhere(this.table, row, column), hint });
    return null;
  }

  date(row: CsvRow, years: { first: number; last: number }): string | null {
    const v = row.cells.date ?? '';
    const hint = `${years.first + 1}-01-14`;
    if (v === '') return this.problem(row, 'date', 'missing-value', 'date is empty', hint);
    if (!isIsoDate(v)) return this.problem(row, 'date', 'not-a-date', `date must be a date written YYYY-MM-DD, got ${JSON.stringify(v)}`, hint);
    const fy = fiscalYearOf(v);
    if (fy < years.first || fy > years.last) {
      return this.problem(row, 'date', 'outside-dataset', `${v} is in ${fyLabel(fy)}, outside the dataset's years ${fyLabel(years.first)} to ${fyLabel(years.last)} (its base year to the last year of budget.csv): a date from ${fyStart(years.first)} to ${fyEnd(years.last)}`, hint);
    }
    return v;
  }

  /** A whole number from 0; an empty cell takes `fallback` (null: required). */
  count(row: CsvRow, column: string, fallback: number | null, hint: string): number | null {
    const raw = row.cells[column] ?? '';
    if (raw === '' && fallback !== null) return fallback;
    if (raw === '') return this.problem(row, column, 'missing-value', `${column} is empty`, hint);
    const unclear = ambiguousNumber(raw, { whole: true });
    if (unclear) return this.problem(row, column, unclear.code, `${column}: ${unclear.words}`, hint);
    const n = Number(ungroup(raw) ?? NaN);
    if (!Number.isInteger(n) || n < 0) return this.problem(row, column, 'not-a-count', `${column} must be a whole number from 0, got ${JSON.stringify(raw)}`, hint);
    return n;
  }

  /** A share from 0 to 1 ("0.9"), or a percent ("90%"); an empty cell takes the default. */
  share(row: CsvRow, column: string, fallback: number): number | null {
    const raw = row.cells[column] ?? '';
    if (raw === '') return fallback;
    const pct = raw.endsWith('%');
    const n = Number(pct ? raw.slice(0, -1) : raw) / (pct ? 100 : 1);
    if (raw === '%' || !Number.isFinite(n)) return this.problem(row, column, 'not-a-share', `${column} must be a share from 0 to 1, got ${JSON.stringify(raw)}`, '0.9 (90% of the unit on strike)');
    if (n < 0 || n > 1) return this.problem(row, column, 'share-out-of-range', `${column} must be a share from 0 to 1, got ${raw}${n >= 2 && n <= 100 && !pct ? ` (for ${raw}% write ${n / 100} or ${raw}%)` : ''}`, '0.9 (90% of the unit on strike)');
    return n;
  }

  /** Dollars with at most 2 decimals; an empty cell takes `fallback`. */
  dollars(row: CsvRow, column: string, fallback: Cents | null, opts: { min?: number; max?: number; hint: string }): Cents | null {
    const raw = row.cells[column] ?? '';
    if (raw === '') return fallback;
    const unclear = ambiguousNumber(raw, { whole: false });
    if (unclear) return this.problem(row, column, unclear.code, `${column}: ${unclear.words}`, opts.hint);
    const c = parseDollars(raw);
    if (c === null) return this.problem(row, column, 'not-dollars', `${column} must be a dollar amount with at most 2 decimals, got ${JSON.stringify(raw)}`, opts.hint);
    if (opts.min === 0 && c < 0) return this.problem(row, column, 'negative', `${column} must not be negative, got ${raw}`, opts.hint);
    if ((opts.min !== undefined && c < opts.min) || (opts.max !== undefined && c > opts.max)) {
      const bound = (x: number) => `${x < 0 ? '-' : ''}$${(Math.abs(x) / 100).toLocaleString('en-US')}`;
      return this.problem(row, column, 'out-of-range', `${column} must be ${opts.min === 0 ? 'from $0' : `from ${bound(opts.min ?? 0)}`} to ${bound(opts.max ?? 0)}, got ${raw}`, opts.hint);
    }
    return c;
  }
}
