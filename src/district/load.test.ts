import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { DATASET_FILES, loadDataset, type DatasetFiles } from './load.ts';
import { readDatasetFolder } from './read-folder.ts';

const TINY = fileURLToPath(new URL('../../test/fixtures/tiny-district/', import.meta.url));
type FileName = keyof DatasetFiles;

function tiny(): DatasetFiles {
  return Object.fromEntries(DATASET_FILES.map((f) => [f, readFileSync(join(TINY, f), 'utf8')])) as DatasetFiles;
}

/** One edit: in `file`, replace the text `find` (which must occur exactly once) with `replace`. */
type Edit = [file: FileName, find: string, replace: string];

function edited(edits: Edit[]): DatasetFiles {
  const files = tiny();
  for (const [file, find, replace] of edits) {
    expect(files[file].split(find).length - 1, `"${find}" occurs once in ${file}`).toBe(1);
    files[file] = files[file].replace(find, replace);
  }
  return files;
}

function problemsOf(files: DatasetFiles): Problem[] {
  try {
    loadDataset(files);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInput);
    return (e as InvalidInput).problems;
  }
  throw new Error('the dataset loaded without problems');
}

interface Expected {
  code: string;
  file: string;
  line: number;
  /** The cell's column number, for problems with one cell; absent for whole-row or whole-file problems. */
  col?: number;
  field?: string;
  message: string;
}

/*
 * Lines and columns of the tiny district (test/fixtures/tiny-district/), all 1-based, header = line 1:
 *   schools.csv     2 E1, 3 E2, 4 M1, 5 H1.  Columns: id 1, cds_code 2, name 3, type 4, grades 5, high_need 6, latitude 7.
 *   enrollment.csv  2-7 E1 K..5, 8-13 E2 K..5, 14-16 M1 6..8, 17-20 H1 9..12.  Columns: school 1, grade 2, students 3.
 *   units.csv       2 T, 3 C.  Columns: id 1, name 2, kind 3, union 4.
 *   schedules.csv   2-4 teachers C1 steps 1-3, 5-7 C2 steps 1-3, 8-9 nurses N 1-2, 10-11 assistant 1-2, 12-13 custodian 1-2.
 *                   Columns: unit 1, schedule 2, column_or_class 3, step 4, annual_salary 5, hourly_rate 6.
 *   staff.csv       2 E1 C1/1, 3 E1 C2/3, 4 E2 C1/2, 5 M1, 6 H1 teachers, 7 H1 nurse, 8 E1 assistant, 9 E2 assistant,
 *                   10 H1 custodian, 11 central custodian.  Columns: site 1, unit 2, role 3, schedule 4, column_or_class 5,
 *                   step 6, fte 7, hours_per_day 8, days_per_year 9, count 10, hired 11.
 *   budget.csv      2 2018-19, 3 2019-20, 4 2020-21, 5 2021-22.  Columns: fiscal_year 1, revenues 2, expenditures 3,
 *                   beginning_balance 4, committed 5.
 * No schedule row is used by staff.csv or newHirePlacement except C1/1, C1/2, C2/2, C2/3, N/1, N/2, assistant 1-2,
 * custodian 1-2, so edits to C1/3 (line 4) and C2/1 (line 5) cause no knock-on problems.
 */
const E2_TEACHERS = 'E2,T,teacher,teachers,C1,2,1,,180,6,2014-08-15'; // staff.csv line 4
const CASES: Record<string, { edits: Edit[]; expected: Expected[] }> = {
  // The header loses `unit`; header problems stop the file there, so the 11-cell rows are not also reported.
  'a required column is missing': {
    edits: [['staff.csv', 'site,unit,role,', 'site,role,']],
    expected: [{ code: 'dataset.csv-missing-column', file: 'staff.csv', line: 1, field: 'unit', message: 'the header has no "unit" column' }],
  },
  // `region` becomes the 5th column of the header.
  'an unknown column': {
    edits: [['units.csv', 'id,name,kind,union\n', 'id,name,kind,union,region\n']],
    expected: [{ code: 'dataset.csv-unknown-column', file: 'units.csv', line: 1, col: 5, field: 'region', message: 'unknown column "region"' }],
  },
  // E2,K is the first E2 row: line 8.
  'a row with the wrong number of cells': {
    edits: [['enrollment.csv', 'E2,K,25\n', 'E2,K,25,3\n']],
    expected: [{ code: 'dataset.csv-cell-count', file: 'enrollment.csv', line: 8, message: 'this row has 4 cells but the header has 3 columns' }],
  },
  // Line 3 (E2) opens a quote in the name, col 3, that never closes.
  'a quote that is never closed': {
    edits: [['schools.csv', 'E2,99999990000002,Birch Elementary,', 'E2,99999990000002,"Birch Elementary,']],
    expected: [{ code: 'dataset.csv-syntax', file: 'schools.csv', line: 3, col: 3, message: 'a double quote that starts a cell on this line is never closed' }],
  },
  'an empty file': {
    edits: [['units.csv', 'id,name,kind,union\nT,Teachers and certificated support staff,certificated,Tiny Teachers Association\nC,Classified support staff,classified,Tiny Classified Union\n', '']],
    expected: [{ code: 'dataset.csv-empty', file: 'units.csv', line: 1, message: 'the file is empty; it needs a header row' }],
  },
  // C1 step 2 is line 3; step is col 4.
  'a step that is not a number': {
    edits: [['schedules.csv', 'T,teachers,C1,2,52000.00,', 'T,teachers,C1,two,52000.00,']],
    expected: [{ code: 'dataset.not-a-number', file: 'schedules.csv', line: 3, col: 4, field: 'step', message: 'step must be a whole number, got "two"' }],
  },
  // E2 teachers are line 4; fte is col 7.
  'a negative FTE': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,2,-1,,180,6,2014-08-15']],
    expected: [{ code: 'dataset.out-of-range', file: 'staff.csv', line: 4, col: 7, field: 'fte', message: 'fte must be at least 0.01, got -1' }],
  },
  'an FTE above 1': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,2,1.5,,180,6,2014-08-15']],
    expected: [{ code: 'dataset.out-of-range', file: 'staff.csv', line: 4, col: 7, field: 'fte', message: 'fte must be at most 1, got 1.5' }],
  },
  // hired is the last column, 11.
  'a hire date that is not YYYY-MM-DD': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,2,1,,180,6,2014-8-15']],
    expected: [{ code: 'dataset.not-a-date', file: 'staff.csv', line: 4, col: 11, field: 'hired', message: 'hired must be a date written YYYY-MM-DD, got "2014-8-15"' }],
  },
  // Past the base year (2018-19 ends 2019-06-30): every pay term would leave these six out (no pay before hire) while the status quo pays them.
  'a hire date after the base year': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,2,1,,180,6,2030-08-15']],
    expected: [{ code: 'dataset.hired-after-base-year', file: 'staff.csv', line: 4, col: 11, field: 'hired', message: 'hired 2030-08-15 is after the base year 2018-19 (which ends 2019-06-30); staff.csv lists the people on staff in the base year' }],
  },
  // Figures no district has, which costing could not add to the cent: each refused at its cell.
  'an annual salary of ten trillion dollars': {
    edits: [['schedules.csv', 'T,teachers,C1,2,52000.00,', 'T,teachers,C1,2,10000000000000,']],
    expected: [{ code: 'dataset.out-of-range', file: 'schedules.csv', line: 3, col: 5, field: 'annual_salary', message: 'annual_salary must be at most 1000000, got 10000000000000' }],
  },
  // The central custodians are line 11 of staff.csv; schedules.csv line 12 is custodian step 1.
  'an hourly rate of 1e15': {
    edits: [['schedules.csv', 'C,classified,custodian,1,,20.00', 'C,classified,custodian,1,,1e15']],
    expected: [{ code: 'dataset.out-of-range', file: 'schedules.csv', line: 12, col: 6, field: 'hourly_rate', message: 'hourly_rate must be at most 1000, got 1e15' }],
  },
  'six hundred billion positions in one row': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,2,1,,180,600000000000,2014-08-15']],
    expected: [{ code: 'dataset.out-of-range', file: 'staff.csv', line: 4, col: 10, field: 'count', message: 'count must be at most 100000, got 600000000000' }],
  },
  'fifty billion kindergartners': {
    edits: [['enrollment.csv', 'E2,K,25\n', 'E2,K,50000000000\n']],
    expected: [{ code: 'dataset.out-of-range', file: 'enrollment.csv', line: 8, col: 3, field: 'students', message: 'students must be at most 100000, got 50000000000' }],
  },
  'revenues of 10^20 dollars': {
    edits: [['budget.csv', '2018-19,20000000.00,', '2018-19,100000000000000000000,']],
    expected: [{ code: 'dataset.out-of-range', file: 'budget.csv', line: 2, col: 2, field: 'revenues', message: 'revenues must be at most 1000000000000 (a trillion dollars), got 100000000000000000000' }],
  },
  // E2 is line 3; high_need is col 6.
  'a yes/no cell that is neither': {
    edits: [['schools.csv', 'K-5,no,', 'K-5,maybe,']],
    expected: [{ code: 'dataset.not-yes-no', file: 'schools.csv', line: 3, col: 6, field: 'high_need', message: 'high_need must be yes or no, got "maybe"' }],
  },
  // M1 is line 4; grades is col 5.
  'a reversed grade span in schools.csv': {
    edits: [['schools.csv', 'middle,6-8,', 'middle,8-6,']],
    expected: [{ code: 'dataset.bad-grade-span', file: 'schools.csv', line: 4, col: 5, field: 'grades', message: 'grades must be a span like K-5 or 9-12, got "8-6"' }],
  },
  // E2 is line 3; type is col 4.
  'an unknown school type': {
    edits: [['schools.csv', 'Birch Elementary,elementary,', 'Birch Elementary,primary,']],
    expected: [{ code: 'dataset.not-allowed', file: 'schools.csv', line: 3, col: 4, field: 'type', message: 'type must be one of elementary, middle, high' }],
  },
  // E2,K is line 8; grade is col 2.
  'a grade that is not a grade': {
    edits: [['enrollment.csv', 'E2,K,25\n', 'E2,KG,25\n']],
    expected: [{ code: 'dataset.bad-grade', file: 'enrollment.csv', line: 8, col: 2, field: 'grade', message: 'grade must be TK, K or 1 to 12, got "KG"' }],
  },
  'negative enrollment': {
    edits: [['enrollment.csv', 'E2,K,25\n', 'E2,K,-25\n']],
    expected: [{ code: 'dataset.out-of-range', file: 'enrollment.csv', line: 8, col: 3, field: 'students', message: 'students must be at least 0, got -25' }],
  },
  // Line 8 now names E3, which schools.csv does not have; school is col 1.
  'enrollment for an unknown school': {
    edits: [['enrollment.csv', 'E2,K,25\n', 'E3,K,25\n']],
    expected: [{ code: 'dataset.unknown-school', file: 'enrollment.csv', line: 8, col: 1, field: 'school', message: 'no school with id E3 in schools.csv' }],
  },
  // E2 (Birch Elementary) serves K-5; line 8 now gives grade 6.
  'a grade the school does not serve': {
    edits: [['enrollment.csv', 'E2,K,25\n', 'E2,6,25\n']],
    expected: [{ code: 'dataset.grade-not-served', file: 'enrollment.csv', line: 8, col: 2, field: 'grade', message: 'Birch Elementary serves K-5, not grade 6' }],
  },
  // E2,1 (line 9) becomes a second E2,K (first on line 8).
  'a school and grade listed twice': {
    edits: [['enrollment.csv', 'E2,1,25\n', 'E2,K,25\n']],
    expected: [{ code: 'dataset.duplicate', file: 'enrollment.csv', line: 9, col: 2, field: 'grade', message: 'grade K at school E2 is listed twice (first on line 8)' }],
  },
  // A 5th school row (line 6) reuses E1 (line 2).
  'a school id used twice': {
    edits: [['schools.csv', '4 Dogwood St\n', '4 Dogwood St\nE1,99999990000005,Alder Annex,elementary,K-5,no,,,\n']],
    expected: [{ code: 'dataset.duplicate', file: 'schools.csv', line: 6, col: 1, field: 'id', message: 'school id E1 appears twice (first on line 2)' }],
  },
  // A 5th school row (line 6) is called central.
  "'central' as a school id": {
    edits: [['schools.csv', '4 Dogwood St\n', '4 Dogwood St\ncentral,,District Office,other,,no,,,\n']],
    expected: [{ code: 'dataset.reserved-id', file: 'schools.csv', line: 6, col: 1, field: 'id', message: '"central" is reserved for central-office staff' }],
  },
  // C (line 3) is followed by a second T (line 4; the first is line 2).
  'a unit id used twice': {
    edits: [['units.csv', 'Tiny Classified Union\n', 'Tiny Classified Union\nT,Other teachers,certificated,Other\n']],
    expected: [{ code: 'dataset.duplicate', file: 'units.csv', line: 4, col: 1, field: 'id', message: 'unit id T appears twice (first on line 2)' }],
  },
  // T is line 2; kind is col 3.
  'a unit kind that is not allowed': {
    edits: [['units.csv', ',certificated,', ',teachers,']],
    expected: [{ code: 'dataset.not-allowed', file: 'units.csv', line: 2, col: 3, field: 'kind', message: 'kind must be one of certificated, classified, got "teachers"' }],
  },
  // C is line 3; name is col 2.
  'an empty required cell': {
    edits: [['units.csv', 'C,Classified support staff,', 'C,,']],
    expected: [{ code: 'dataset.missing-value', file: 'units.csv', line: 3, col: 2, field: 'name', message: 'name is empty' }],
  },
  // C is line 3; name is col 2. The dataset's files go to the other side as uploaded: a formula there would run in their spreadsheet.
  'a name a spreadsheet would run as a formula': {
    edits: [['units.csv', 'C,Classified support staff,', 'C,@SUM(A1:A9),']],
    expected: [{ code: 'dataset.formula-text', file: 'units.csv', line: 3, col: 2, field: 'name', message: 'name begins with "@", which a spreadsheet opening the file would run as a formula: "@SUM(A1:A9)"' }],
  },
  // C1 step 3 (line 4) is used by nobody; unit is col 1.
  'an unknown unit in schedules.csv': {
    edits: [['schedules.csv', 'T,teachers,C1,3,', 'X,teachers,C1,3,']],
    expected: [{ code: 'dataset.unknown-unit', file: 'schedules.csv', line: 4, col: 1, field: 'unit', message: 'no unit X in units.csv' }],
  },
  // Line 4 has an annual salary, so the extra hourly_rate (col 6) is the cell reported.
  'both annual_salary and hourly_rate': {
    edits: [['schedules.csv', 'T,teachers,C1,3,54000.00,\n', 'T,teachers,C1,3,54000.00,30.00\n']],
    expected: [{ code: 'dataset.rate-basis', file: 'schedules.csv', line: 4, col: 6, field: 'hourly_rate', message: 'give exactly one of annual_salary and hourly_rate' }],
  },
  // Line 4 has neither, so the empty annual_salary (col 5) is reported.
  'neither annual_salary nor hourly_rate': {
    edits: [['schedules.csv', 'T,teachers,C1,3,54000.00,\n', 'T,teachers,C1,3,,\n']],
    expected: [{ code: 'dataset.rate-basis', file: 'schedules.csv', line: 4, col: 5, field: 'annual_salary', message: 'give exactly one of annual_salary and hourly_rate' }],
  },
  // C2 step 1 (line 5) turns hourly inside the annual teachers schedule (first row line 2). Only that row is
  // reported: the annual rows after it (lines 6-7) are right.
  'annual and hourly rates in one schedule': {
    edits: [['schedules.csv', 'T,teachers,C2,1,55000.00,\n', 'T,teachers,C2,1,,45.00\n']],
    expected: [{ code: 'dataset.mixed-basis', file: 'schedules.csv', line: 5, col: 6, field: 'hourly_rate', message: 'schedule teachers has annual salaries (from line 2), but this row gives an hourly rate' }],
  },
  // A second teachers C1 step 1 row, appended as line 14 (first on line 2); step is col 4.
  'a schedule cell listed twice': {
    edits: [['schedules.csv', 'C,classified,custodian,2,,21.00\n', 'C,classified,custodian,2,,21.00\nT,teachers,C1,1,50000.00,\n']],
    expected: [{ code: 'dataset.duplicate', file: 'schedules.csv', line: 14, col: 4, field: 'step', message: 'schedule teachers, C1, step 1 is listed twice (first on line 2)' }],
  },
  // E2 teachers (line 4) move to step 9, which the teachers schedule does not have; step is col 6.
  'staff on a placement not in schedules.csv': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,9,1,,180,6,2014-08-15']],
    expected: [{ code: 'dataset.unknown-placement', file: 'staff.csv', line: 4, col: 6, field: 'step', message: 'no cell teachers / C1 / step 9 for unit T in schedules.csv' }],
  },
  // E1 assistants (line 8) are hourly but lose their hours_per_day (col 8).
  'hourly staff without hours_per_day': {
    edits: [['staff.csv', 'E1,C,assistant,classified,assistant,1,0.5,4,', 'E1,C,assistant,classified,assistant,1,0.5,,']],
    expected: [{ code: 'dataset.missing-hours', file: 'staff.csv', line: 8, col: 8, field: 'hours_per_day', message: 'assistant is paid hourly on classified, so hours_per_day must be more than 0' }],
  },
  // E2 teachers (line 4) are moved to site E9; site is col 1.
  'staff at an unknown site': {
    edits: [['staff.csv', E2_TEACHERS, 'E9,T,teacher,teachers,C1,2,1,,180,6,2014-08-15']],
    expected: [{ code: 'dataset.unknown-school', file: 'staff.csv', line: 4, col: 1, field: 'site', message: 'no school with id E9 in schools.csv' }],
  },
  // E2 teachers (line 4) in unit X; unit is col 2.
  'staff in an unknown unit': {
    edits: [['staff.csv', E2_TEACHERS, 'E2,X,teacher,teachers,C1,2,1,,180,6,2014-08-15']],
    expected: [{ code: 'dataset.unknown-unit', file: 'staff.csv', line: 4, col: 2, field: 'unit', message: 'no unit X in units.csv' }],
  },
  // The 3rd year (line 4) should be 2020-21 (base 2018-19 + 2) but says 2021-22; line 5 (2021-22) is then right.
  'budget years that skip a year': {
    edits: [['budget.csv', '2020-21,', '2021-22,']],
    expected: [{ code: 'dataset.budget-years', file: 'budget.csv', line: 4, col: 1, field: 'fiscal_year', message: 'expected 2020-21 (years start at the base year 2018-19 and follow one another), got 2021-22' }],
  },
  // The 1st year (line 2) must be the base year 2018-19.
  'a budget that does not start at the base year': {
    edits: [['budget.csv', '2018-19,', '2017-18,']],
    expected: [{ code: 'dataset.budget-years', file: 'budget.csv', line: 2, col: 1, field: 'fiscal_year', message: 'expected 2018-19' }],
  },
  // Only the header is left; the first year would be line 2.
  'a budget with no years': {
    edits: [['budget.csv', '2018-19,20000000.00,20500000.00,3000000.00,500000.00\n2019-20,20600000.00,21000000.00,,500000.00\n2020-21,21200000.00,21600000.00,,500000.00\n2021-22,21800000.00,22300000.00,,500000.00\n', '']],
    expected: [{ code: 'dataset.budget-years', file: 'budget.csv', line: 2, col: 1, field: 'fiscal_year', message: 'the budget has no years' }],
  },
  // 2018-19 (line 2) loses its beginning balance (col 4).
  'no beginning balance in the first year': {
    edits: [['budget.csv', '20500000.00,3000000.00,', '20500000.00,,']],
    expected: [{ code: 'dataset.missing-value', file: 'budget.csv', line: 2, col: 4, field: 'beginning_balance', message: 'the first year needs its beginning fund balance' }],
  },
  // 2019-20 (line 3) gains one.
  'a beginning balance in a later year': {
    edits: [['budget.csv', '2019-20,20600000.00,21000000.00,,', '2019-20,20600000.00,21000000.00,100.00,']],
    expected: [{ code: 'dataset.not-allowed', file: 'budget.csv', line: 3, col: 4, field: 'beginning_balance', message: 'only the first year takes a beginning balance' }],
  },
  // 2019-20 (line 3) written as 2019-2020; fiscal_year is col 1.
  'a fiscal year written wrong': {
    edits: [['budget.csv', '2019-20,', '2019-2020,']],
    expected: [{ code: 'dataset.not-a-fiscal-year', file: 'budget.csv', line: 3, col: 1, field: 'fiscal_year', message: 'fiscal_year must be a fiscal year like 2019-20, got "2019-2020"' }],
  },
  // 2019-20 revenues (line 3, col 2) with a third decimal.
  'dollars with three decimals': {
    edits: [['budget.csv', '2019-20,20600000.00,', '2019-20,20600000.005,']],
    expected: [{ code: 'dataset.not-dollars', file: 'budget.csv', line: 3, col: 2, field: 'revenues', message: 'revenues must be a dollar amount with at most 2 decimals, got "20600000.005"' }],
  },
  // district.yaml line 4 `cdsCode: "99999990000000` — the quote is at col 10 ("cdsCode: " is 9 chars).
  'district.yaml: a YAML syntax error': {
    edits: [['district.yaml', 'cdsCode: "99999990000000"', 'cdsCode: "99999990000000']],
    expected: [{ code: 'dataset.yaml-syntax', file: 'district.yaml', line: 4, col: 10, message: 'the quote that starts here is never closed' }],
  },
  // `name:` on line 3, again on a new line 7 (after requiredReservePct on line 6).
  'district.yaml: a key written twice': {
    edits: [['district.yaml', 'requiredReservePct: 3\n', 'requiredReservePct: 3\nname: Other\n']],
    expected: [{ code: 'dataset.duplicate-key', file: 'district.yaml', line: 7, col: 1, field: 'name', message: '"name" is given twice (first on line 3)' }],
  },
  // A new line 43 `  inflation: 3` just before `  enrollmentTrend:`; the key is at col 3.
  'district.yaml: an unknown parameter': {
    edits: [['district.yaml', '  enrollmentTrend:\n', '  inflation: 3\n  enrollmentTrend:\n']],
    expected: [{ code: 'dataset.unknown-field', file: 'district.yaml', line: 43, col: 3, field: 'parameters.inflation', message: 'unknown field "inflation"' }],
  },
  // enrollmentTrend (lines 43-47) is removed; it is missing from `parameters:` on line 9, col 1.
  'district.yaml: a missing parameter': {
    edits: [['district.yaml', '  enrollmentTrend:\n    label: Enrollment change per year\n    unit: percent\n    values: { 2018-07-01: 0 }\n    reference: Test fixture\n', '']],
    expected: [{ code: 'dataset.missing-field', file: 'district.yaml', line: 9, col: 1, field: 'parameters.enrollmentTrend', message: 'is required' }],
  },
  // cola's line 41 `    values: { 2018-13-01: 3 }`: 4 + "values: " (8) + "{ " (2) = 14, the key is at col 15.
  'district.yaml: a bad date key in values': {
    edits: [['district.yaml', 'values: { 2018-07-01: 3 }', 'values: { 2018-13-01: 3 }']],
    expected: [{ code: 'dataset.bad-date', file: 'district.yaml', line: 41, col: 15, field: 'parameters.cola.values.2018-13-01', message: 'dates must be written YYYY-MM-DD, got "2018-13-01"' }],
  },
  // cola's line 40 `    unit: pct`: 4 + "unit: " (6) = 10, value at col 11.
  'district.yaml: an unknown parameter unit': {
    edits: [['district.yaml', '    label: Statutory COLA\n    unit: percent\n', '    label: Statutory COLA\n    unit: pct\n']],
    expected: [{ code: 'dataset.invalid-value', file: 'district.yaml', line: 40, col: 11, field: 'parameters.cola.unit', message: 'got "pct"' }],
  },
  // Line 4 `cdsCode: "9999999"`: value at col 10.
  'district.yaml: a cdsCode that is not 14 digits': {
    edits: [['district.yaml', 'cdsCode: "99999990000000"', 'cdsCode: "9999999"']],
    expected: [{ code: 'dataset.invalid-format', file: 'district.yaml', line: 4, col: 10, field: 'cdsCode', message: 'must be the 14-digit CDS code, got "9999999"' }],
  },
  // Unquoted, YAML reads the code as a number.
  'district.yaml: a cdsCode without quotes': {
    edits: [['district.yaml', 'cdsCode: "99999990000000"', 'cdsCode: 99999990000000']],
    expected: [{ code: 'dataset.wrong-type', file: 'district.yaml', line: 4, col: 10, field: 'cdsCode', message: 'must be text, got 99999990000000' }],
  },
  // Line 5 `baseFiscalYear: 2018-20`: "baseFiscalYear: " is 16 chars, value at col 17.
  'district.yaml: a bad base fiscal year': {
    edits: [['district.yaml', 'baseFiscalYear: 2018-19', 'baseFiscalYear: 2018-20']],
    expected: [{ code: 'dataset.bad-fiscal-year', file: 'district.yaml', line: 5, col: 17, field: 'baseFiscalYear', message: 'must be a fiscal year like 2018-19, got "2018-20"' }],
  },
  // The second class-size span, line 75 `      - { grades: 5-4, …`: 6 + "- { " (4) + "grades: " (8) = 18, value at col 19.
  'district.yaml: a reversed class-size grade span': {
    edits: [['district.yaml', 'grades: 4-5,', 'grades: 5-4,']],
    expected: [{ code: 'dataset.bad-grade-span', file: 'district.yaml', line: 75, col: 19, field: 'parameters.classSize.spans[1].grades', message: '"5-4" is not a grade span like K-3 or 9-12' }],
  },
  // The nurse placement (line 70 `    nurse: { …`, mapping at col 12 after "    nurse: ") asks for nurses step 5; N has steps 1-2.
  'district.yaml: a new-hire placement not in schedules.csv': {
    edits: [['district.yaml', 'schedule: nurses, columnOrClass: N, step: 1,', 'schedule: nurses, columnOrClass: N, step: 5,']],
    expected: [{ code: 'dataset.unknown-placement', file: 'district.yaml', line: 70, col: 12, field: 'parameters.newHirePlacement.nurse', message: 'new-hire placement for nurse (nurses / N / step 5 for unit T) is not in schedules.csv' }],
  },
};

describe('loadDataset', () => {
  it('loads the tiny district with no problems', () => {
    const ds = loadDataset(tiny());
    expect(ds.district.name).toBe('Tiny Unified School District');
    expect(ds.district.baseFiscalYear).toBe(2018);
    // Data rows: schools 4, enrollment 6 + 6 + 3 + 4 = 19, units 2, schedule cells 12, staff rows 10, budget years 4.
    expect([ds.schools.length, ds.enrollment.length, ds.units.length, ds.schedules.length, ds.staff.length, ds.budget.length]).toEqual([4, 19, 2, 12, 10, 4]);
  });

  for (const [name, { edits, expected }] of Object.entries(CASES)) {
    it(name, () => {
      const files = edited(edits);
      const before = JSON.stringify(files);
      const problems = problemsOf(files);
      expect(JSON.stringify(files), 'the input is left as it was').toBe(before);
      expect(problems.map((p) => ({ code: p.code, file: p.where?.file, line: p.where?.line, col: p.where?.col, field: p.where?.field }))).toEqual(
        expected.map((e) => ({ code: e.code, file: e.file, line: e.line, col: e.col, field: e.field })),
      );
      problems.forEach((p, i) => {
        expect(p.message).toContain(expected[i].message);
        expect(p.hint?.trim(), `${p.code} has a hint`).toBeTruthy();
      });
    });
  }

  it('reports problems in several files at once, in file order', () => {
    const problems = problemsOf(
      edited([
        ['district.yaml', 'cdsCode: "99999990000000"', 'cdsCode: "9999999"'], // district.yaml line 4, col 10
        ['schools.csv', 'K-5,no,', 'K-5,maybe,'], // schools.csv line 3 (E2), high_need col 6
        ['staff.csv', E2_TEACHERS, 'E2,T,teacher,teachers,C1,2,1.5,,180,6,2014-08-15'], // staff.csv line 4, fte col 7
        ['budget.csv', '2019-20,', '2019-2020,'], // budget.csv line 3, fiscal_year col 1
      ]),
    );
    expect(problems.map((p) => [p.code, p.where?.file, p.where?.line, p.where?.col])).toEqual([
      ['dataset.invalid-format', 'district.yaml', 4, 10],
      ['dataset.not-yes-no', 'schools.csv', 3, 6],
      ['dataset.out-of-range', 'staff.csv', 4, 7],
      ['dataset.not-a-fiscal-year', 'budget.csv', 3, 1],
    ]);
  });

  it('refuses a budget saved with decimal commas (a spreadsheet in a European language), naming the cell, rather than reading it a hundred times too large', () => {
    // The tiny district's budget.csv as such a spreadsheet saves it: semicolons between cells, a comma before the cents.
    const semicolons = tiny()['budget.csv'].replace(/,/g, ';').replace(/(\d)\.(\d\d)\b/g, '$1,$2');
    expect(semicolons.split('\n')[1]).toBe('2018-19;20000000,00;20500000,00;3000000,00;500000,00');
    const problems = problemsOf({ ...tiny(), 'budget.csv': semicolons });
    // Four years of revenues, expenditures and committed, and the base year's beginning balance: 4 × 3 + 1 = 13 cells.
    expect(problems).toHaveLength(13);
    expect(problems[0]).toMatchObject({ code: 'dataset.decimal-comma', where: { file: 'budget.csv', line: 2, col: 2, field: 'revenues' } });
    expect(problems[0].message).toContain('"20000000,00" has a comma as its decimal mark');
    expect(problems[0].message).toContain('20000000.00');
    // A whole number with points between thousands (European): 2.000 students is refused, not read as 2 (enrollment.csv line 8, E2's kindergarten, students column 3).
    const points = problemsOf({ ...tiny(), 'enrollment.csv': tiny()['enrollment.csv'].replace('E2,K,25\n', 'E2,K,2.000\n') });
    expect(points.map((p) => [p.code, p.where?.line, p.where?.col])).toEqual([['dataset.point-grouped', 8, 3]]);
    // Commas between thousands are read as they always were: the same file written "20,000,000.00" loads.
    const grouped = tiny()['budget.csv'].replace('2018-19,20000000.00,', '2018-19,"20,000,000.00",');
    expect(loadDataset({ ...tiny(), 'budget.csv': grouped }).budget[0].revenues).toBe(2_000_000_000);
  });

  it('reports every cross-file problem at once', () => {
    const problems = problemsOf(
      edited([
        ['enrollment.csv', 'E2,K,25\n', 'E3,K,25\n'], // enrollment.csv line 8: unknown school E3
        ['staff.csv', E2_TEACHERS, 'E9,T,teacher,teachers,C1,2,1,,180,6,2014-08-15'], // staff.csv line 4: unknown site E9
        ['schedules.csv', 'T,teachers,C1,3,', 'X,teachers,C1,3,'], // schedules.csv line 4: unknown unit X
      ]),
    );
    expect(problems.map((p) => [p.code, p.where?.file, p.where?.line])).toEqual([
      ['dataset.unknown-school', 'enrollment.csv', 8],
      ['dataset.unknown-unit', 'schedules.csv', 4],
      ['dataset.unknown-school', 'staff.csv', 4],
    ]);
  });
});

describe('readDatasetFolder', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const copy = () => {
    dir = mkdtempSync(join(tmpdir(), 'settle-dataset-'));
    cpSync(TINY, dir, { recursive: true });
    return dir;
  };

  it('reads the tiny district', () => {
    expect(readDatasetFolder(TINY).schools.map((s) => s.id)).toEqual(['E1', 'E2', 'M1', 'H1']);
  });

  it('names each missing file', () => {
    const d = copy();
    rmSync(join(d, 'staff.csv'));
    rmSync(join(d, 'budget.csv'));
    let problems: Problem[] = [];
    try {
      readDatasetFolder(d);
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      problems = (e as InvalidInput).problems;
    }
    expect(problems.map((p) => [p.code, p.where?.file])).toEqual([
      ['dataset.missing-file', join(d, 'staff.csv')],
      ['dataset.missing-file', join(d, 'budget.csv')],
    ]);
    expect(problems[0].message).toContain('the dataset folder has no staff.csv');
    expect(problems[0].hint).toBeTruthy();
  });

  it('says once that a folder is not there (a mistyped path), and that a file is not a folder', () => {
    const d = copy();
    const problemsOf = (dir: string): Problem[] => {
      try {
        readDatasetFolder(dir);
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInput);
        return (e as InvalidInput).problems;
      }
      throw new Error(`${dir} was read`);
    };
    // Seven files a dataset holds, but one problem: the folder itself.
    const none = problemsOf(join(d, 'no-such-folder'));
    expect(none.map((p) => [p.code, p.where?.file])).toEqual([['dataset.no-folder', join(d, 'no-such-folder')]]);
    expect(none[0].message).toContain('there is no folder here');
    expect(none[0].hint).toContain('settle demo --out DIR');
    const file = problemsOf(join(d, 'staff.csv'));
    expect(file.map((p) => [p.code, p.message])).toEqual([['dataset.no-folder', expect.stringContaining('a file, not a dataset folder')]]);
  });

  it('shows the path of the file in the folder', () => {
    const d = copy();
    writeFileSync(join(d, 'units.csv'), readFileSync(join(TINY, 'units.csv'), 'utf8').replace(',certificated,', ',teachers,'));
    let problems: Problem[] = [];
    try {
      readDatasetFolder(d);
    } catch (e) {
      problems = (e as InvalidInput).problems;
    }
    // T is line 2 of units.csv; kind is col 3.
    expect(problems.map((p) => p.where)).toEqual([{ file: join(d, 'units.csv'), line: 2, col: 3, field: 'kind' }]);
  });
});

describe('a dataset with a mistake on every one of 300,000 rows', () => {
  // Each added staff row has step "x": one not-a-number problem a row, on lines 2… of staff.csv
  // (the tiny file's own rows come after, and are fine).
  const ROWS = 300_000;
  const bad = (files: DatasetFiles, make: (i: number) => string): DatasetFiles => {
    const [header, ...rest] = files['staff.csv'].split('\n');
    const rows = Array.from({ length: ROWS }, (_, i) => make(i));
    return { ...files, 'staff.csv': [header, ...rows, ...rest].join('\n') };
  };

  it('lists the first 200 problems and counts the other 299,800 in one more', () => {
    const problems = problemsOf(bad(tiny(), () => 'E1,T,teacher,teachers,C1,x,1,,180,1,2017-08-15'));
    // 200 listed + 1 that counts the rest: 300,000 − 200 = 299,800.
    expect(problems).toHaveLength(201);
    expect(problems.slice(0, 200).every((p) => p.code === 'dataset.not-a-number' && p.where?.field === 'step')).toBe(true);
    expect(problems[0].where).toMatchObject({ file: 'staff.csv', line: 2 });
    expect(problems[199].where).toMatchObject({ file: 'staff.csv', line: 201 });
    expect(problems[200]).toMatchObject({ code: 'dataset.more-problems', hint: expect.stringContaining('fix the problems listed') });
    expect(problems[200].message).toContain('299,800 more problems are not listed');
  });

  it('rows with the wrong number of cells are capped the same way', () => {
    const problems = problemsOf(bad(tiny(), () => 'E1,T,teacher'));
    expect(problems).toHaveLength(201);
    expect(problems[0].code).toBe('dataset.csv-cell-count');
    expect(problems[200].message).toContain('299,800 more problems');
  });
});
