import { InvalidInput, type Problem } from '../errors/problem.ts';
import { fyLabel } from '../calendar/fiscal-year.ts';
import { parseDistrictYaml } from './district-yaml.ts';
import { lineOf, parseBudget, parseEnrollment, parseSchedules, parseSchools, parseStaff, parseUnits } from './tables.ts';
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
  const take = <T>(r: { rows: T[]; problems: Problem[] }) => (problems.push(...r.problems), r.rows);
  const d = parseDistrictYaml(files['district.yaml'], names('district.yaml'));
  problems.push(...d.problems);
  const schools = take(parseSchools(files['schools.csv'], names('schools.csv')));
  const enrollment = take(parseEnrollment(files['enrollment.csv'], names('enrollment.csv')));
  const units = take(parseUnits(files['units.csv'], names('units.csv')));
  const schedules = take(parseSchedules(files['schedules.csv'], names('schedules.csv')));
  const staff = take(parseStaff(files['staff.csv'], names('staff.csv')));
  const budget = take(parseBudget(files['budget.csv'], names('budget.csv')));
  if (problems.length > 0 || !d.district) throw new InvalidInput(problems);
  const dataset: Dataset = { district: d.district, schools, enrollment, units, schedules, staff, budget };
  problems.push(...crossCheck(dataset, names));
  if (problems.length > 0) throw new InvalidInput(problems);
  return dataset;
}

function crossCheck(ds: Dataset, names: (file: string) => string): Problem[] {
  const problems: Problem[] = [];
  const add = (file: string, line: number | undefined, field: string, code: string, message: string, hint: string) =>
    problems.push({ code: `dataset.${code}`, message, where: { file: names(file), line, field }, hint });

  const schoolIds = new Map<string, number>();
  ds.schools.forEach((s) => {
    const line = lineOf.get(s);
    if (schoolIds.has(s.id)) add('schools.csv', line, 'id', 'duplicate', `school id ${s.id} appears twice (first on line ${schoolIds.get(s.id)})`, 'give each school its own id');
    else schoolIds.set(s.id, line ?? 0);
  });
  if (schoolIds.has('central')) add('schools.csv', schoolIds.get('central'), 'id', 'reserved-id', '"central" is reserved for central-office staff', 'use another id');

  const schoolById = new Map(ds.schools.map((s) => [s.id, s]));
  const seenGrade = new Set<string>();
  ds.enrollment.forEach((e) => {
    const line = lineOf.get(e);
    const school = schoolById.get(e.school);
    if (!schoolIds.has(e.school)) add('enrollment.csv', line, 'school', 'unknown-school', `no school with id ${e.school} in schools.csv`, 'an id from schools.csv');
    else if (school && school.grades.length > 0 && !school.grades.includes(e.grade)) {
      add('enrollment.csv', line, 'grade', 'grade-not-served', `${school.name} serves ${school.grades[0]}-${school.grades.at(-1)}, not grade ${e.grade}`, `a grade from ${school.grades[0]} to ${school.grades.at(-1)}`);
    }
    const key = `${e.school}|${e.grade}`;
    if (seenGrade.has(key)) add('enrollment.csv', line, 'grade', 'duplicate', `grade ${e.grade} at school ${e.school} is listed twice`, 'one row per school and grade');
    seenGrade.add(key);
  });

  const unitIds = new Set<string>();
  ds.units.forEach((u) => {
    const line = lineOf.get(u);
    if (unitIds.has(u.id)) add('units.csv', line, 'id', 'duplicate', `unit id ${u.id} appears twice`, 'give each unit its own id');
    unitIds.add(u.id);
  });

  const cells = new Set<string>();
  const basisOf = new Map<string, string>();
  ds.schedules.forEach((s) => {
    const line = lineOf.get(s);
    if (!unitIds.has(s.unit)) add('schedules.csv', line, 'unit', 'unknown-unit', `no unit ${s.unit} in units.csv`, [...unitIds][0] ?? 'UTLA');
    const key = `${s.unit}|${s.schedule}|${s.lane}|${s.step}`;
    if (cells.has(key)) add('schedules.csv', line, 'step', 'duplicate', `schedule ${s.schedule}, ${s.lane}, step ${s.step} is listed twice`, 'one row per schedule cell');
    cells.add(key);
    const sched = `${s.unit}|${s.schedule}`;
    const basis = basisOf.get(sched);
    if (basis && basis !== s.basis) add('schedules.csv', line, s.basis === 'annual' ? 'annual_salary' : 'hourly_rate', 'mixed-basis', `schedule ${s.schedule} mixes annual salaries and hourly rates`, 'one kind of rate per schedule');
    basisOf.set(sched, s.basis);
  });

  ds.staff.forEach((r) => {
    const line = lineOf.get(r);
    if (r.site !== 'central' && !schoolIds.has(r.site)) add('staff.csv', line, 'site', 'unknown-school', `no school with id ${r.site} in schools.csv`, 'a school id, or central');
    if (!unitIds.has(r.unit)) add('staff.csv', line, 'unit', 'unknown-unit', `no unit ${r.unit} in units.csv`, [...unitIds][0] ?? 'UTLA');
    else if (!cells.has(`${r.unit}|${r.schedule}|${r.lane}|${r.step}`)) {
      add('staff.csv', line, 'step', 'unknown-placement', `no cell ${r.schedule} / ${r.lane} / step ${r.step} for unit ${r.unit} in schedules.csv`, 'a schedule, column or class and step listed in schedules.csv');
    } else if (basisOf.get(`${r.unit}|${r.schedule}`) === 'hourly' && r.hoursPerDay <= 0) {
      add('staff.csv', line, 'hours_per_day', 'missing-hours', `${r.role} is paid hourly on ${r.schedule}, so hours_per_day must be more than 0`, '6');
    }
  });

  for (const [key, p] of Object.entries(ds.district.parameters.newHirePlacement)) {
    if (!cells.has(`${p.unit}|${p.schedule}|${p.lane}|${p.step}`)) {
      add('district.yaml', undefined, `parameters.newHirePlacement.${key}`, 'unknown-placement', `new-hire placement for ${key} (${p.schedule} / ${p.lane} / step ${p.step}) is not in schedules.csv`, 'a schedule cell listed in schedules.csv');
    }
  }

  const base = ds.district.baseFiscalYear;
  ds.budget.forEach((b, i) => {
    const line = lineOf.get(b);
    const expected = base + i;
    if (b.fy !== expected) add('budget.csv', line, 'fiscal_year', 'budget-years', `expected ${fyLabel(expected)} (years start at the base year ${fyLabel(base)} and follow one another), got ${fyLabel(b.fy)}`, fyLabel(expected));
  });
  if (ds.budget.length === 0) add('budget.csv', 2, 'fiscal_year', 'budget-years', 'the budget has no years', `${fyLabel(base)},7400000000,7900000000,1800000000,0`);
  return problems;
}
