import { capProblems, MAX_PROBLEMS } from '../errors/capped.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { fiscalYearOf, fyEnd, fyLabel } from '../calendar/fiscal-year.ts';
import { parseDistrictYaml } from './district-yaml.ts';
import { colOf, lineOf, parseBudget, parseEnrollment, parseSchedules, parseSchools, parseStaff, parseUnits } from './tables.ts';
import type { Path } from '../text/yaml.ts';
import type { Dataset } from './types.ts';

/** The files of a dataset folder, by name. */
export const DATASET_FILES = ['district.yaml', 'schools.csv', 'enrollment.csv', 'units.csv', 'schedules.csv', 'staff.csv', 'budget.csv'] as const;
export type DatasetFiles = Record<(typeof DATASET_FILES)[number], string>;

/**
 * Builds a dataset from the text of its files, checking each file and then how they refer to
 * one another. Throws `InvalidInput` with every problem found; returns only a whole dataset.
 * `names` maps each file to the path shown in messages.
 */
export function loadDataset(files: DatasetFiles, names: (file: string) => string = (f) => f): Dataset {
  const problems: Problem[] = [];
  let omitted = 0;
  // Each file keeps at most MAX_PROBLEMS problems (and counts the rest), so this list stays small.
  const take = <T>(r: { rows: T[]; problems: Problem[]; omitted: number }) => {
    for (const p of r.problems) problems.push(p);
    omitted += r.omitted;
    return r.rows;
  };
  const d = parseDistrictYaml(files['district.yaml'], names('district.yaml'));
  problems.push(...d.problems);
  const schools = take(parseSchools(files['schools.csv'], names('schools.csv')));
  const enrollment = take(parseEnrollment(files['enrollment.csv'], names('enrollment.csv')));
  const units = take(parseUnits(files['units.csv'], names('units.csv')));
  const schedules = take(parseSchedules(files['schedules.csv'], names('schedules.csv')));
  const staff = take(parseStaff(files['staff.csv'], names('staff.csv')));
  const budget = take(parseBudget(files['budget.csv'], names('budget.csv')));
  if (problems.length > 0 || !d.district) throw new InvalidInput(capProblems(problems, omitted));
  const dataset: Dataset = { district: d.district, schools, enrollment, units, schedules, staff, budget };
  const cross = crossCheck(dataset, names, d.locate);
  if (cross.problems.length > 0) throw new InvalidInput(capProblems(cross.problems, cross.omitted));
  return deepFreeze(dataset);
}

function crossCheck(ds: Dataset, names: (file: string) => string, locate?: (path: Path) => { line: number; col: number }): { problems: Problem[]; omitted: number } {
  const problems: Problem[] = [];
  let omitted = 0;
  /** `at` is a parsed row (its line, and the column of `field` in its file) or a position. */
  const add = (file: string, at: object | { line?: number; col?: number } | undefined, field: string, code: string, message: string, hint: string) => {
    if (problems.length >= MAX_PROBLEMS) {
      omitted++;
      return;
    }
    const pos = at && lineOf.has(at) ? { line: lineOf.get(at), col: colOf(at, field) } : ((at ?? {}) as { line?: number; col?: number });
    problems.push({ code: `dataset.${code}`, message, where: { file: names(file), line: pos.line, col: pos.col, field }, hint });
  };

  const schoolIds = new Map<string, number>();
  ds.schools.forEach((s) => {
    const line = lineOf.get(s);
    if (schoolIds.has(s.id)) add('schools.csv', s, 'id', 'duplicate', `school id ${s.id} appears twice (first on line ${schoolIds.get(s.id)})`, 'give each school its own id');
    else schoolIds.set(s.id, line ?? 0);
  });
  const central = ds.schools.find((s) => s.id === 'central');
  if (central) add('schools.csv', central, 'id', 'reserved-id', '"central" is reserved for central-office staff in staff.csv, so it cannot be a school id', 'use another id, such as the school\'s 7-digit code');

  const schoolById = new Map(ds.schools.map((s) => [s.id, s]));
  const seenGrade = new Map<string, number | undefined>();
  ds.enrollment.forEach((e) => {
    const school = schoolById.get(e.school);
    if (!schoolIds.has(e.school)) add('enrollment.csv', e, 'school', 'unknown-school', `no school with id ${e.school} in schools.csv`, 'an id from schools.csv');
    else if (school && school.grades.length > 0 && !school.grades.includes(e.grade)) {
      add('enrollment.csv', e, 'grade', 'grade-not-served', `${school.name} serves ${school.grades[0]}-${school.grades.at(-1)}, not grade ${e.grade}`, `a grade from ${school.grades[0]} to ${school.grades.at(-1)}`);
    }
    const key = `${e.school}|${e.grade}`;
    if (seenGrade.has(key)) add('enrollment.csv', e, 'grade', 'duplicate', `grade ${e.grade} at school ${e.school} is listed twice (first on line ${seenGrade.get(key)})`, 'one row per school and grade');
    else seenGrade.set(key, lineOf.get(e));
  });

  const unitIds = new Map<string, number | undefined>();
  ds.units.forEach((u) => {
    if (unitIds.has(u.id)) add('units.csv', u, 'id', 'duplicate', `unit id ${u.id} appears twice (first on line ${unitIds.get(u.id)})`, 'give each unit its own id');
    else unitIds.set(u.id, lineOf.get(u));
  });
  const firstUnit = [...unitIds.keys()][0] ?? 'UTLA';

  const cells = new Map<string, number | undefined>();
  /** The kind of rate of each schedule, set by its first row (and the line of that row). */
  const basisOf = new Map<string, { basis: string; line: number | undefined }>();
  ds.schedules.forEach((s) => {
    if (!unitIds.has(s.unit)) add('schedules.csv', s, 'unit', 'unknown-unit', `no unit ${s.unit} in units.csv`, firstUnit);
    const key = `${s.unit}|${s.schedule}|${s.lane}|${s.step}`;
    if (cells.has(key)) add('schedules.csv', s, 'step', 'duplicate', `schedule ${s.schedule}, ${s.lane}, step ${s.step} is listed twice (first on line ${cells.get(key)})`, 'one row per schedule cell');
    else cells.set(key, lineOf.get(s));
    const sched = `${s.unit}|${s.schedule}`;
    const first = basisOf.get(sched);
    const words = (b: string) => (b === 'annual' ? 'annual salaries' : 'hourly rates');
    // Only the rows that differ from the schedule's first row are wrong; the first row sets the kind of rate.
    if (first && first.basis !== s.basis) add('schedules.csv', s, s.basis === 'annual' ? 'annual_salary' : 'hourly_rate', 'mixed-basis', `schedule ${s.schedule} has ${words(first.basis)} (from line ${first.line}), but this row gives ${s.basis === 'annual' ? 'an annual salary' : 'an hourly rate'}; a schedule has one kind of rate`, first.basis === 'annual' ? 'annual_salary filled in, hourly_rate empty' : 'hourly_rate filled in, annual_salary empty');
    if (!first) basisOf.set(sched, { basis: s.basis, line: lineOf.get(s) });
  });

  const baseYear = ds.district.baseFiscalYear;
  ds.staff.forEach((r) => {
    // staff.csv lists the base year's staff; a later hire would be left out of every pay term (no pay before hire) yet paid by the status quo.
    if (r.hired !== null && fiscalYearOf(r.hired) > baseYear) {
      add('staff.csv', r, 'hired', 'hired-after-base-year', `hired ${r.hired} is after the base year ${fyLabel(baseYear)} (which ends ${fyEnd(baseYear)}); staff.csv lists the people on staff in the base year`, `${baseYear}-08-15 or earlier (empty for long-serving staff); positions added later are a proposal's hire term`);
    }
    if (r.site !== 'central' && !schoolIds.has(r.site)) add('staff.csv', r, 'site', 'unknown-school', `no school with id ${r.site} in schools.csv`, 'a school id, or central');
    if (!unitIds.has(r.unit)) add('staff.csv', r, 'unit', 'unknown-unit', `no unit ${r.unit} in units.csv`, firstUnit);
    else if (!cells.has(`${r.unit}|${r.schedule}|${r.lane}|${r.step}`)) {
      add('staff.csv', r, 'step', 'unknown-placement', `no cell ${r.schedule} / ${r.lane} / step ${r.step} for unit ${r.unit} in schedules.csv`, 'a schedule, column or class and step listed in schedules.csv');
    } else if (basisOf.get(`${r.unit}|${r.schedule}`)?.basis === 'hourly' && r.hoursPerDay <= 0) {
      add('staff.csv', r, 'hours_per_day', 'missing-hours', `${r.role} is paid hourly on ${r.schedule}, so hours_per_day must be more than 0`, '6');
    }
  });

  for (const [key, p] of Object.entries(ds.district.parameters.newHirePlacement)) {
    if (!cells.has(`${p.unit}|${p.schedule}|${p.lane}|${p.step}`)) {
      add('district.yaml', locate?.(['parameters', 'newHirePlacement', key]), `parameters.newHirePlacement.${key}`, 'unknown-placement', `new-hire placement for ${key} (${p.schedule} / ${p.lane} / step ${p.step} for unit ${p.unit}) is not in schedules.csv`, 'a schedule cell listed in schedules.csv');
    } else if (basisOf.get(`${p.unit}|${p.schedule}`)?.basis === 'hourly' && p.hoursPerDay <= 0) {
      add('district.yaml', locate?.(['parameters', 'newHirePlacement', key]), `parameters.newHirePlacement.${key}.hoursPerDay`, 'missing-hours', `a new ${key} is paid hourly on ${p.schedule}, so the placement needs hoursPerDay above 0`, 'hoursPerDay: 6');
    }
  }

  // Leavers are replaced at the new-hire placement, so every role of a unit that has attrition needs one.
  const placements = ds.district.parameters.newHirePlacement;
  for (const [unit, a] of Object.entries(ds.district.parameters.attrition)) {
    const at = locate?.(['parameters', 'attrition', unit]);
    if (!unitIds.has(unit)) {
      add('district.yaml', at, `parameters.attrition.${unit}`, 'unknown-unit', `attrition is given for ${unit}, which is not a unit in units.csv`, firstUnit);
      continue;
    }
    if (a.pct === 0) continue;
    const roles = [...new Set(ds.staff.filter((r) => r.unit === unit).map((r) => r.role))];
    const missing = roles.filter((role) => !(placements[role]?.unit === unit) && placements[unit]?.unit !== unit);
    if (missing.length) add('district.yaml', at, `parameters.attrition.${unit}`, 'no-placement', `${unit} loses ${a.pct}% a year and its leavers are replaced at the new-hire placement, but no placement is given for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`, `newHirePlacement: { ${unit}: { unit: ${unit}, schedule: …, columnOrClass: …, step: 1, daysPerYear: 185 } } (the unit's default), or attrition pct: 0`);
  }

  const base = ds.district.baseFiscalYear;
  ds.budget.forEach((b, i) => {
    const expected = base + i;
    if (b.fy !== expected) add('budget.csv', b, 'fiscal_year', 'budget-years', `expected ${fyLabel(expected)} (years start at the base year ${fyLabel(base)} and follow one another), got ${fyLabel(b.fy)}`, fyLabel(expected));
  });
  if (ds.budget.length === 0) add('budget.csv', { line: 2, col: 1 }, 'fiscal_year', 'budget-years', 'the budget has no years', `${fyLabel(base)},7400000000,7900000000,1800000000,0`);
  return { problems, omitted };
}

/**
 * A loaded dataset is read-only: costing keeps work done on it (pay groups, the status quo)
 * for as long as the object lives, which is only right if it cannot change underneath.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}
