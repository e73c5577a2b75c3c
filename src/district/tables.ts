import type { Problem } from '../errors/problem.ts';
import { readCsv } from '../text/csv.ts';
import { CellReader } from './cells.ts';
import { parseGradeSpan, isGrade, type Grade } from './grades.ts';
import { SCHOOL_TYPES, type BudgetYear, type Enrollment, type ScheduleCell, type School, type StaffRow, type Unit } from './types.ts';

/** The columns of each dataset file, in the order the tools write them. */
export const COLUMNS = {
  schools: ['id', 'cds_code', 'name', 'type', 'grades', 'high_need', 'latitude', 'longitude', 'address'],
  enrollment: ['school', 'grade', 'students'],
  units: ['id', 'name', 'kind', 'union'],
  schedules: ['unit', 'schedule', 'column_or_class', 'step', 'annual_salary', 'hourly_rate'],
  staff: ['site', 'unit', 'role', 'schedule', 'column_or_class', 'step', 'fte', 'hours_per_day', 'days_per_year', 'count', 'hired'],
  budget: ['fiscal_year', 'revenues', 'expenditures', 'beginning_balance', 'committed'],
} as const;

/**
 * Upper bounds far above any school district's figures (LAUSD's highest-paid employee earns well
 * under $500,000; its largest school has a few thousand students), so that a typing slip or a
 * hostile file is refused at load, naming the cell, instead of failing the costing later.
 */
export const MAX_ANNUAL_SALARY = 1_000_000;
export const MAX_HOURLY_RATE = 1_000;
/** Positions in one staff row, students in one school's grade. */
export const MAX_ROW_PEOPLE = 100_000;

/** `omitted`: problems counted but not kept (past MAX_PROBLEMS). */
type Rows<T> = { rows: T[]; problems: Problem[]; omitted: number };

/** The line each parsed row came from, for messages about how files refer to one another. */
export const lineOf = new WeakMap<object, number>();
const headerOf = new WeakMap<object, readonly string[]>();
/** The 1-based column of `column` in the file a parsed row came from (files may order columns freely). */
export function colOf(value: object, column: string): number | undefined {
  const i = headerOf.get(value)?.indexOf(column) ?? -1;
  return i >= 0 ? i + 1 : undefined;
}
function keep<T extends object>(rows: T[], value: T, line: number, header: readonly string[]): void {
  lineOf.set(value, line);
  headerOf.set(value, header);
  rows.push(value);
}

function table(text: string, file: string, columns: readonly string[], optional: readonly string[] = []) {
  const required = columns.filter((c) => !optional.includes(c));
  return readCsv(text, file, required, optional);
}

export function parseSchools(text: string, file: string): Rows<School> {
  const { table: t, problems, omitted } = table(text, file, COLUMNS.schools, ['cds_code', 'latitude', 'longitude', 'address', 'grades']);
  const c = new CellReader(t, problems, omitted);
  const rows: School[] = [];
  for (const row of t.rows) {
    const id = c.text(row, 'id', '1234567 (the 7-digit school code, or any unique short id)');
    const name = c.text(row, 'name', 'Grand View Elementary');
    const type = c.oneOf(row, 'type', SCHOOL_TYPES);
    const gradesText = c.optionalText(row, 'grades');
    let grades: Grade[] = [];
    if (gradesText !== '') {
      const g = parseGradeSpan(gradesText);
      if (g) grades = g;
      else c.problem(row, 'grades', 'bad-grade-span', `grades must be a span like K-5 or 9-12, got ${JSON.stringify(gradesText)}`, 'K-5');
    }
    const highNeed = c.yesNo(row, 'high_need');
    const lat = c.number(row, 'latitude', { min: -90, max: 90, hint: '34.0522', optional: NaN });
    const lon = c.number(row, 'longitude', { min: -180, max: 180, hint: '-118.2437', optional: NaN });
    if (id === null || name === null || type === null || highNeed === null || lat === null || lon === null) continue;
    keep(rows, {
      id, cdsCode: c.optionalText(row, 'cds_code'), name, type, grades, highNeed,
      latitude: Number.isNaN(lat) ? null : lat, longitude: Number.isNaN(lon) ? null : lon,
      address: c.optionalText(row, 'address'),
    }, row.line, t.header);
  }
  return { rows, problems, omitted: c.omitted };
}

export function parseEnrollment(text: string, file: string): Rows<Enrollment> {
  const { table: t, problems, omitted } = table(text, file, COLUMNS.enrollment);
  const c = new CellReader(t, problems, omitted);
  const rows: Enrollment[] = [];
  for (const row of t.rows) {
    const school = c.text(row, 'school', 'a school id from schools.csv');
    const gradeText = row.cells.grade ?? '';
    const grade = isGrade(gradeText.toUpperCase()) ? (gradeText.toUpperCase() as Grade) : null;
    if (grade === null) c.problem(row, 'grade', 'bad-grade', `grade must be TK, K or 1 to 12, got ${JSON.stringify(gradeText)}`, 'K');
    const students = c.number(row, 'students', { min: 0, max: MAX_ROW_PEOPLE, integer: true, hint: '87' });
    if (school === null || grade === null || students === null) continue;
    keep(rows, { school, grade, students }, row.line, t.header);
  }
  return { rows, problems, omitted: c.omitted };
}

export function parseUnits(text: string, file: string): Rows<Unit> {
  const { table: t, problems, omitted } = table(text, file, COLUMNS.units);
  const c = new CellReader(t, problems, omitted);
  const rows: Unit[] = [];
  for (const row of t.rows) {
    const id = c.text(row, 'id', 'UTLA');
    const name = c.text(row, 'name', 'Teachers and certificated support staff');
    const kind = c.oneOf(row, 'kind', ['certificated', 'classified'] as const);
    const union = c.text(row, 'union', 'United Teachers Los Angeles');
    if (id === null || name === null || kind === null || union === null) continue;
    keep(rows, { id, name, kind, union }, row.line, t.header);
  }
  return { rows, problems, omitted: c.omitted };
}

export function parseSchedules(text: string, file: string): Rows<ScheduleCell> {
  const { table: t, problems, omitted } = table(text, file, COLUMNS.schedules, ['annual_salary', 'hourly_rate']);
  const c = new CellReader(t, problems, omitted);
  const rows: ScheduleCell[] = [];
  for (const row of t.rows) {
    const unit = c.text(row, 'unit', 'UTLA');
    const schedule = c.text(row, 'schedule', 'teachers');
    const lane = c.text(row, 'column_or_class', 'C3');
    const step = c.number(row, 'step', { min: 1, integer: true, hint: '4' });
    const annual = row.cells.annual_salary ?? '';
    const hourly = row.cells.hourly_rate ?? '';
    if ((annual === '') === (hourly === '')) {
      c.problem(row, annual === '' ? 'annual_salary' : 'hourly_rate', 'rate-basis', 'give exactly one of annual_salary and hourly_rate', 'annual_salary 61250.00 with hourly_rate empty');
      continue;
    }
    const basis = annual !== '' ? 'annual' : 'hourly';
    const rate = c.number(row, basis === 'annual' ? 'annual_salary' : 'hourly_rate', basis === 'annual' ? { min: 0.01, max: MAX_ANNUAL_SALARY, hint: '61250.00' } : { min: 0.01, max: MAX_HOURLY_RATE, hint: '18.45' });
    if (unit === null || schedule === null || lane === null || step === null || rate === null) continue;
    keep(rows, { unit, schedule, lane, step, basis, rate }, row.line, t.header);
  }
  return { rows, problems, omitted: c.omitted };
}

export function parseStaff(text: string, file: string): Rows<StaffRow> {
  const { table: t, problems, omitted } = table(text, file, COLUMNS.staff, ['hours_per_day', 'count', 'hired']);
  const c = new CellReader(t, problems, omitted);
  const rows: StaffRow[] = [];
  for (const row of t.rows) {
    const site = c.text(row, 'site', 'a school id from schools.csv, or central');
    const unit = c.text(row, 'unit', 'UTLA');
    const role = c.text(row, 'role', 'teacher');
    const schedule = c.text(row, 'schedule', 'teachers');
    const lane = c.text(row, 'column_or_class', 'C3');
    const step = c.number(row, 'step', { min: 1, integer: true, hint: '4' });
    const fte = c.number(row, 'fte', { min: 0.01, max: 1, hint: '1.0' });
    const hoursPerDay = c.number(row, 'hours_per_day', { min: 0, max: 24, hint: '6', optional: 0 });
    const daysPerYear = c.number(row, 'days_per_year', { min: 1, max: 366, integer: true, hint: '185' });
    const count = c.number(row, 'count', { min: 1, max: MAX_ROW_PEOPLE, integer: true, hint: '12', optional: 1 });
    const hired = c.date(row, 'hired');
    if ([site, unit, role, schedule, lane, step, fte, hoursPerDay, daysPerYear, count].some((v) => v === null)) continue;
    keep(rows, {
      site: site!, unit: unit!, role: role!, schedule: schedule!, lane: lane!, step: step!, fte: fte!,
      hoursPerDay: hoursPerDay!, daysPerYear: daysPerYear!, count: count!, hired,
    }, row.line, t.header);
  }
  return { rows, problems, omitted: c.omitted };
}

export function parseBudget(text: string, file: string): Rows<BudgetYear> {
  const { table: t, problems, omitted } = table(text, file, COLUMNS.budget, ['beginning_balance', 'committed']);
  const c = new CellReader(t, problems, omitted);
  const rows: BudgetYear[] = [];
  t.rows.forEach((row, i) => {
    const fy = c.fiscalYear(row, 'fiscal_year');
    const revenues = c.dollars(row, 'revenues', { min: 0, hint: '7400000000' });
    const expenditures = c.dollars(row, 'expenditures', { min: 0, hint: '7900000000' });
    const beginning = c.dollars(row, 'beginning_balance', { optional: true, hint: '1800000000' });
    const committed = c.dollars(row, 'committed', { optional: true, min: 0, hint: '0' });
    if (i === 0 && (row.cells.beginning_balance ?? '') === '') {
      c.problem(row, 'beginning_balance', 'missing-value', 'the first year needs its beginning fund balance', '1800000000');
    }
    if (i > 0 && (row.cells.beginning_balance ?? '') !== '') {
      c.problem(row, 'beginning_balance', 'not-allowed', 'only the first year takes a beginning balance; later years roll forward from the year before', '(leave empty)');
    }
    if (fy === null || revenues === null || expenditures === null) return;
    keep(rows, { fy, revenues, expenditures, beginningBalance: beginning, committed: committed ?? 0 }, row.line, t.header);
  });
  return { rows, problems, omitted: c.omitted };
}
